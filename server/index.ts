import "./node-env.ts";
import cluster from "node:cluster";
import { startPrimary } from "./cluster.ts";
import { loadConfig } from "./config.ts";
import { logger } from "./logger.ts";

// The primary of a cluster has checked the variables and said what it had to say about them: its workers
// check them again (they read the same environment) but keep quiet.
const config = loadConfig(process.env, cluster.isWorker ? { warn: () => {} } : logger);
logger.level = config.LOG_LEVEL;

if (config.WEB_CONCURRENCY > 1 && cluster.isPrimary) {
  startPrimary({ workers: config.WEB_CONCURRENCY, shutdownGraceMs: config.SHUTDOWN_GRACE_MS });
} else {
  // Imported here so that a cluster's primary, which serves nothing, does not load the app.
  const { serveSite } = await import("./http-server.ts");
  await serveSite(config);
}
