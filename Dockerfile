# syntax=docker/dockerfile:1
#
# The storefront as one image: `docker build -t storefront .`, then
#   docker run -p 3000:3000 -e DATABASE_URL=postgres://user:password@db-host:5432/db storefront
# Every setting is an environment variable (docs/configuration.md). compose.yaml runs it with PostgreSQL.

ARG NODE_IMAGE=node:24-bookworm-slim

# ---- build: every dependency, then the production build (images, React Router, pre-compressed assets) ----
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
# Install scripts are needed here: the `node` devDependency puts the Node 24 binary the npm scripts run on.
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ---- runtime: production dependencies only, the build, and the server's TypeScript sources ----
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-client && rm -rf /var/lib/apt/lists/*
# server/index.ts is run by Node itself (type stripping): it needs server/ and the pure modules it shares
# with the pages (common/, content/); the pages themselves are compiled into build/.
COPY --from=build /app/build ./build
COPY --from=build /app/server ./server
COPY --from=build /app/common ./common
COPY --from=build /app/content ./content
# The operator's commands (operators, backups, restores, the books' check), and PostgreSQL's client tools of
# Debian's major version (15) for the backups of a shop on PostgreSQL.
COPY --from=build /app/scripts/operator.ts /app/scripts/backup.ts /app/scripts/restore.ts /app/scripts/books-check.ts ./scripts/
# The only place the server writes: the SQLite file (without DATABASE_URL), mails as .eml files
# (without SMTP_URL) and articles' social cards once drawn (SOCIAL_CARD_CACHE_DIR, drawn with sharp, a
# production dependency for that reason); mount a volume there to keep them. Everything else stays owned by root, read-only
# to the server. Only the server's user may open the folder: both hold customers' data and access details
# (a new named volume takes this mode).
RUN mkdir -p /app/data && chown node:node /app/data && chmod 700 /app/data
USER node

EXPOSE 3000
# /healthz answers 200 while the process is up; the port follows PORT if it is changed.
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT || 3000}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM stops accepting, lets requests in flight finish (SHUTDOWN_GRACE_MS, 10 s), then exits:
# give the container more than that before it is killed (`docker stop -t 15`, compose's stop_grace_period).
STOPSIGNAL SIGTERM
# The heap's limits: scripts/support/server-flags.ts says why (a test keeps these the same).
CMD ["node", "--max-semi-space-size=8", "--max-old-space-size=512", "server/index.ts"]
