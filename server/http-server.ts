import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestListener } from "@remix-run/node-fetch-server";
import type { ServerBuild } from "react-router";
import type { ServerConfig } from "./config.ts";
import { logger } from "./logger.ts";
import { createPageCache } from "./page-cache.ts";
import { createRequestGate } from "./request-gate.ts";
import { createSiteHandler, type ServerHooks } from "./site-handler.ts";
import { createSiteServer } from "./site-server.ts";

/**
 * One server process: the built app behind `node:http`, until SIGTERM or SIGINT. Run on its own, or as
 * each worker of server/cluster.ts.
 */
export async function serveSite(config: ServerConfig): Promise<void> {
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
  const gate = createRequestGate({ allowedHosts: config.ALLOWED_HOSTS, trustProxy: config.TRUST_PROXY, log: logger });
  const site = createSiteServer(pageCache, createRequestListener(handle), { gate, fastLane: config.FAST_LANE });
  const { server } = site;
  let shuttingDown = false;
  server.listen(config.PORT, config.HOST, () => {
    logger.info({ port: config.PORT, host: config.HOST, pid: process.pid }, `Listening on http://localhost:${config.PORT}`);
    hooks.startServices?.();
  });

  /** On SIGTERM or SIGINT: stop accepting, let requests in flight finish, then exit (forced after the grace period). */
  function shutDown(signal: string) {
    // A terminal's Ctrl-C reaches a cluster's workers and its primary, which passes SIGTERM on: stop once.
    if (shuttingDown) return;
    logger.info({ signal }, "Shutting down: finishing requests in flight.");
    shuttingDown = true;
    site.beginShutdown();
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
}

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
