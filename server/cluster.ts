import cluster, { type Worker } from "node:cluster";
import { logger } from "./logger.ts";

/**
 * `WEB_CONCURRENCY` > 1: this process becomes a `node:cluster` primary that runs that many server
 * processes (workers) on the same port, so a machine's cores all serve. The primary serves nothing
 * itself: it starts the workers, starts another when one dies unexpectedly (sooner the first time, then
 * later and later while it keeps dying, so a crash loop does not spin), and on SIGTERM or SIGINT passes
 * SIGTERM to every worker, each of which finishes its requests in flight (server/http-server.ts), then
 * exits once they all have.
 */

interface Log {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export interface ClusterOptions {
  workers: number;
  /** The workers' own grace period (SHUTDOWN_GRACE_MS); the primary gives them a little longer. */
  shutdownGraceMs: number;
  /** The wait before a restart grows from `first` (doubling per quick death) to `max`. */
  restartDelayMs?: { first: number; max: number };
  /** A worker that ran this long counts as healthy: its death starts the backoff again from `first`. */
  stableAfterMs?: number;
  /** The worker's script; by default this process's own (server/index.ts). */
  exec?: string;
  log?: Log;
}

/** Milliseconds before restarting a worker that died `deaths` times in a row, each soon after starting. */
export function restartDelay(deaths: number, { first, max }: { first: number; max: number }): number {
  return Math.min(max, first * 2 ** Math.max(0, deaths - 1));
}

interface Slot {
  /** 1 to `workers`: the place a worker fills, kept across restarts. */
  index: number;
  deaths: number;
  startedAt: number;
  restart?: NodeJS.Timeout;
}

export function startPrimary({
  workers,
  shutdownGraceMs,
  restartDelayMs = { first: 1000, max: 30_000 },
  stableAfterMs = 60_000,
  exec,
  log = logger,
}: ClusterOptions): void {
  if (exec) cluster.setupPrimary({ exec });
  const running = new Map<Worker, Slot>();
  const slots: Slot[] = Array.from({ length: workers }, (_, index) => ({ index: index + 1, deaths: 0, startedAt: 0 }));
  let anyListened = false;
  let stopping = false;
  let exitCode = 0;

  function fork(slot: Slot) {
    slot.restart = undefined;
    slot.startedAt = Date.now();
    const worker = cluster.fork();
    running.set(worker, slot);
    worker.once("listening", () => {
      anyListened = true;
    });
  }

  cluster.on("exit", (worker, code, signal) => {
    const slot = running.get(worker);
    running.delete(worker);
    if (!slot) return;
    const how = signal ?? `exit code ${code}`;
    if (stopping) {
      if (code !== 0) exitCode = 1;
      if (running.size === 0) finish();
      return;
    }
    if (!anyListened) {
      // As when one process fails to start (no build, a broken content file): stop, so it is seen.
      log.error({ worker: slot.index, pid: worker.process.pid, how }, "A worker could not start; stopping the others.");
      exitCode = 1;
      stop("start failure");
      return;
    }
    slot.deaths = Date.now() - slot.startedAt >= stableAfterMs ? 1 : slot.deaths + 1;
    const delayMs = restartDelay(slot.deaths, restartDelayMs);
    log.error(
      { worker: slot.index, pid: worker.process.pid, how, deaths: slot.deaths, restartInMs: delayMs },
      "A worker stopped unexpectedly; starting another.",
    );
    slot.restart = setTimeout(() => fork(slot), delayMs);
  });

  function stop(reason: string) {
    if (stopping) return;
    stopping = true;
    log.info({ reason, workers: running.size }, "Stopping the workers: each finishes its requests in flight.");
    for (const slot of slots) clearTimeout(slot.restart);
    for (const worker of running.keys()) worker.process.kill("SIGTERM");
    if (running.size === 0) finish();
    setTimeout(() => {
      log.error({ workers: running.size }, "Workers were still running after the grace period; killing them.");
      for (const worker of running.keys()) worker.process.kill("SIGKILL");
      process.exit(1);
    }, shutdownGraceMs + 5_000).unref();
  }

  function finish() {
    log.info({ exitCode }, "Every worker has stopped.");
    process.exit(exitCode);
  }

  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  log.info({ workers, pid: process.pid }, `Starting ${workers} server processes (WEB_CONCURRENCY).`);
  for (const slot of slots) fork(slot);
}
