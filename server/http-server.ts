import { resolve } from "node:path";
import { createRequestListener } from "@remix-run/node-fetch-server";
import { jobsInOwnProcess, type ServerConfig } from "./config.ts";
import { startJobProcess } from "./job-process-host.ts";
import { loadBuild } from "./load-build.ts";
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
  // On PostgreSQL the jobs run in a process of their own, at a lower priority (server/job-process.ts).
  const jobs = jobsInOwnProcess(config) ? startJobProcess() : undefined;
  if (jobs) hooks.placeJobs?.({ here: false, wake: jobs.wake });
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
    // The job process finishes its round in flight meanwhile.
    const jobsStopped = jobs?.stop(config.SHUTDOWN_GRACE_MS);
    server.close(async () => {
      await hooks.stopServices?.();
      await jobsStopped;
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
