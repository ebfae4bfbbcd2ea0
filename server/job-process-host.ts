import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { restartDelay } from "./cluster.ts";
import { logger } from "./logger.ts";

/** What a server sends its job process when jobs are due at once. */
export const RUN_JOBS_MESSAGE = "run-jobs";

export interface JobProcess {
  /** Asks the job process to run the jobs due now. Lost while it (re)starts: its first round runs them. */
  wake(): void;
  /** The running job process's pid; undefined between a death and its restart. */
  pid(): number | undefined;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once it has exited. No restart after this. */
  stop(graceMs: number): Promise<void>;
}

interface Log {
  error(fields: object, message: string): void;
}

export interface JobProcessOptions {
  /** The script; by default ./job-process.ts. */
  entry?: string;
  /** The wait before a restart grows from `first` (doubling per quick death) to `max`, as for a cluster's workers. */
  restartDelayMs?: { first: number; max: number };
  /** A job process that ran this long counts as healthy: its death starts the backoff again from `first`. */
  stableAfterMs?: number;
  log?: Log;
}

/**
 * Starts this server's job process (./job-process.ts) and starts another when it dies, so the jobs keep
 * running; a crash in a job never reaches the visitors' process. The child shares this process's stdout and
 * stderr (one log) and its Node flags.
 */
export function startJobProcess({
  entry = fileURLToPath(new URL("./job-process.ts", import.meta.url)),
  restartDelayMs = { first: 1000, max: 30_000 },
  stableAfterMs = 60_000,
  log = logger,
}: JobProcessOptions = {}): JobProcess {
  let child: ChildProcess | undefined;
  let restart: NodeJS.Timeout | undefined;
  let stopping = false;
  let deaths = 0;

  function start() {
    const startedAt = Date.now();
    const current = fork(entry, [], { serialization: "json" });
    child = current;
    current.on("error", (error) => log.error({ reason: error.message }, "The job process could not be reached"));
    current.once("exit", (code, signal) => {
      if (child === current) child = undefined;
      if (stopping) return;
      deaths = Date.now() - startedAt >= stableAfterMs ? 1 : deaths + 1;
      const restartInMs = restartDelay(deaths, restartDelayMs);
      log.error(
        { pid: current.pid, how: signal ?? `exit code ${code}`, deaths, restartInMs },
        "The job process stopped; starting another.",
      );
      restart = setTimeout(start, restartInMs);
    });
  }

  start();
  return {
    wake() {
      if (child?.connected) child.send(RUN_JOBS_MESSAGE, () => {});
    },
    pid: () => child?.pid,
    async stop(graceMs) {
      stopping = true;
      clearTimeout(restart);
      const current = child;
      if (!current || current.exitCode !== null || current.signalCode !== null) return;
      const exited = new Promise((resolve) => current.once("exit", resolve));
      current.kill("SIGTERM");
      const force = setTimeout(() => current.kill("SIGKILL"), graceMs);
      await exited;
      clearTimeout(force);
    },
  };
}
