/**
 * A server's job process (JOB_PROCESS, by default on PostgreSQL): the same built app, running the job runner
 * and nothing else, at a lower CPU priority than its server. On a machine with few cores, a backlog of jobs
 * (100,000 mails due at once) then takes the cores only when visitors' requests leave them idle, instead of
 * sharing them equally (docs/decisions/0035-jobs-in-a-process-of-their-own.md). Started, restarted and
 * stopped by its server (./job-process-host.ts), which wakes it with a "run-jobs" message when jobs are due
 * at once (a paid order's delivery).
 */
import "./node-env.ts";
import { randomBytes } from "node:crypto";
import { getPriority, hostname, setPriority } from "node:os";
import { loadConfig } from "./config.ts";
import { RUN_JOBS_MESSAGE } from "./job-process-host.ts";
import { loadBuild } from "./load-build.ts";
import { logger } from "./logger.ts";
import type { ServerHooks } from "./site-handler.ts";

/** How far below its server's the job process's priority is, in nice steps (Linux allows up to 19). */
const NICENESS = 10;

// First, so that the threads this process starts from now on (libuv's pool among them) inherit it.
try {
  setPriority(Math.min(19, getPriority() + NICENESS));
} catch (error) {
  logger.warn({ reason: (error as Error).message }, "The job process could not lower its priority; its jobs compete with visitors");
}

// Its server has checked the same variables and said what it had to say about them.
const config = loadConfig(process.env, { warn: () => {} });
logger.level = config.LOG_LEVEL;
const hooks = (await loadBuild()).entry.module as ServerHooks;
// The claims name the server whose jobs these are (its pid), as when they ran in it.
hooks.placeJobs?.({ here: true, worker: `${hostname()}:${process.ppid}:jobs-${randomBytes(4).toString("hex")}` });
hooks.startServices?.();

process.on("message", (message) => {
  if (message === RUN_JOBS_MESSAGE) hooks.runJobsNow?.();
});
// The server is gone (killed, crashed): its runner goes with it, as when it ran in the server. The claims
// this process held lapse, and another server's runner takes those jobs over.
process.on("disconnect", () => process.exit(1));

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await hooks.stopServices?.();
  process.exit(0);
}
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
