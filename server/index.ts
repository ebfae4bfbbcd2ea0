import { createServer } from "node:http";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestListener } from "@remix-run/node-fetch-server";
import type { ServerBuild } from "react-router";
import { loadConfig } from "./config.ts";
import { createSiteHandler } from "./site-handler.ts";

const config = loadConfig(process.env);
const build = (await import(pathToFileURL(resolve("build/server/index.js")).href)) as ServerBuild;
const handle = createSiteHandler({ build, clientDirectory: resolve("build/client"), mode: config.NODE_ENV });

const server = createServer(createRequestListener(handle));
server.keepAliveTimeout = 65_000;
server.listen(config.PORT, config.HOST, () => {
  console.log(`Listening on http://localhost:${config.PORT}`);
});

/** On SIGTERM or SIGINT: stop accepting, let requests in flight finish, then exit (forced after the grace period). */
function shutDown(signal: string) {
  console.log(`${signal} received: finishing requests in flight.`);
  server.close(async () => {
    const { stopServices } = build.entry.module as { stopServices?: () => Promise<void> };
    await stopServices?.();
    process.exit(0);
  });
  server.closeIdleConnections();
  setTimeout(() => {
    console.error("Requests were still running after the grace period; exiting anyway.");
    process.exit(1);
  }, config.SHUTDOWN_GRACE_MS).unref();
}
process.once("SIGTERM", () => shutDown("SIGTERM"));
process.once("SIGINT", () => shutDown("SIGINT"));
