import "./node-env.ts";
import { existsSync } from "node:fs";
import { createServer } from "node:http";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestListener } from "@remix-run/node-fetch-server";
import type { ServerBuild } from "react-router";
import { trackRequest } from "./access-log.ts";
import { loadConfig } from "./config.ts";
import { logger, requestContext } from "./logger.ts";
import { createPageCache } from "./page-cache.ts";
import { createSiteHandler, type ServerHooks } from "./site-handler.ts";

const config = loadConfig(process.env, logger);
logger.level = config.LOG_LEVEL;
const build = await loadBuild();
const hooks = build.entry.module as ServerHooks;
// Pages that are the same for everyone are served from memory for five minutes after their first render.
const pageCache = createPageCache({ ttlMs: 5 * 60_000, maxEntries: 500 });
const handle = createSiteHandler({
  build,
  clientDirectory: resolve("build/client"),
  mode: config.NODE_ENV,
  pageCache,
  hooks,
  trustProxy: config.TRUST_PROXY,
});
const renderOrServe = createRequestListener(handle);

/** Methods a fetch Request cannot carry: refused here, before the adapter would fail on them. */
const unsupportedMethods = new Set(["CONNECT", "TRACE", "TRACK"]);

let shuttingDown = false;

const server = createServer((request, response) => {
  const requestId = trackRequest(request, response);
  // While stopping, no connection is kept for another request.
  if (shuttingDown) response.setHeader("Connection", "close");
  if (unsupportedMethods.has(request.method ?? "")) {
    response.writeHead(405, { Allow: "GET, HEAD, POST", "Content-Type": "text/plain; charset=utf-8", Connection: "close" });
    response.end("Method Not Allowed");
    return;
  }
  requestContext.run({ requestId }, () => {
    if (!pageCache.serve(request, response)) void renderOrServe(request, response);
  });
});
server.keepAliveTimeout = 65_000;
server.listen(config.PORT, config.HOST, () => {
  logger.info({ port: config.PORT, host: config.HOST }, `Listening on http://localhost:${config.PORT}`);
  hooks.startServices?.();
});

/**
 * The built app. Importing it validates the content (app/entry.server.tsx), so a broken content file or a
 * missing build stops the start here with its message and no stack trace.
 */
async function loadBuild(): Promise<ServerBuild> {
  const entry = resolve("build/server/index.js");
  if (!existsSync(entry)) {
    console.error("The site is not built yet: run `npm run build` first (or `npm start`).");
    process.exit(1);
  }
  try {
    return (await import(pathToFileURL(entry).href)) as ServerBuild;
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}

/** On SIGTERM or SIGINT: stop accepting, let requests in flight finish, then exit (forced after the grace period). */
function shutDown(signal: string) {
  logger.info({ signal }, "Shutting down: finishing requests in flight.");
  shuttingDown = true;
  server.close(async () => {
    await hooks.stopServices?.();
    logger.info("Stopped.");
    process.exit(0);
  });
  // Connections left idle by requests that finish from now on are closed as they become idle.
  server.closeIdleConnections();
  setInterval(() => server.closeIdleConnections(), 100).unref();
  setTimeout(() => {
    logger.error("Requests were still running after the grace period; exiting anyway.");
    process.exit(1);
  }, config.SHUTDOWN_GRACE_MS).unref();
}
process.once("SIGTERM", () => shutDown("SIGTERM"));
process.once("SIGINT", () => shutDown("SIGINT"));
