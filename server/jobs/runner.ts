/**
 * Runs the jobs of `jobs`: every server runs one runner, and the claims of ./queue.ts give each job to one of
 * them at a time. A failed run is retried with a backoff until its attempts are spent; a server that crashes
 * mid-run leaves a claim that lapses after `leaseMs`, and another runner takes the job over.
 */
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { Database } from "../db/database.ts";
import type { Job } from "../db/schema.ts";
import { enqueueJob } from "./enqueue.ts";
import { claimDueJobs, completeJob, giveUpJob, retryJob } from "./queue.ts";

/** Thrown by a handler for a failure that another attempt cannot mend: the job is given up at once. */
export class GiveUp extends Error {}

export interface JobHandler {
  run(job: Job, now: Date): Promise<void>;
  /** The wait before the next attempt, after `attempts` failed ones; null gives up. Default: {@link defaultRetryDelayMs}. */
  retryDelayMs?(attempts: number, job: Job, now: Date): number | null;
}

export type JobLog = Record<"info" | "warn" | "error", (message: string) => void>;

/** Defaults: a round every second, a one-minute lease, batches of 20 run one at a time, `console`. */
export interface JobRunnerOptions {
  db: Database;
  handlers: Record<string, JobHandler>;
  /** Written to the claims. Default: host name, process id and a random part. */
  worker?: string;
  clock?: () => Date;
  intervalMs?: number;
  /** How long a claim holds before another runner may take the job over. */
  leaseMs?: number;
  /** Jobs claimed per query; a full batch is followed at once by another. */
  batchSize?: number;
  /**
   * Jobs of a batch run at once. Most jobs wait on something else (the mail server, the provisioning system,
   * the database): several in flight keep a server busy while each waits, so 100,000 mails due at once drain
   * within the scale bench's budget (docs/decisions/0035-jobs-in-a-process-of-their-own.md).
   */
  concurrency?: number;
  /**
   * After a full batch (more are due), the share of the batch's time the runner rests before it claims the
   * next (`JOB_REST_PERCENT` / 100). A backlog (100,000 mails due at once) then leaves the cores to
   * visitors part of the time. On PostgreSQL the job process's lower priority does that better
   * (docs/decisions/0035-jobs-in-a-process-of-their-own.md); this is for a machine where it is not enough.
   * 0, the default, claims the next batch at once.
   */
  restShare?: number;
  /** How the runner rests, in ms; a test gives its own. */
  rest?: (ms: number) => Promise<void>;
  log?: JobLog;
  /**
   * Sweeps: one job per kind and slot, whichever server adds it first (the others' inserts change nothing).
   * Slots are aligned on the epoch, so every server computes the same ones.
   */
  recurring?: { kind: string; everyMs: number; payload?: Record<string, unknown> }[];
}

/** Jobs that ran and succeeded; jobs that failed (to be retried, or given up). */
export type JobRunResult = { ran: number; failed: number };

export interface JobRunner {
  /** Runs at once, then every `intervalMs` (the timer does not keep the process alive). */
  start(): void;
  /**
   * Stops the timer and waits for the round in progress, which claims no further batch and, after a failed
   * job, starts no other: the jobs it leaves run again once their claims lapse.
   */
  stop(): Promise<void>;
  /**
   * One round, after the one in progress (calls made while a round waits to start join it). Rejects only when
   * the database fails; a failing job is recorded and logged, never thrown.
   */
  runOnce(): Promise<JobRunResult>;
}

/** 30 s, 1 min, 2 min … doubling after each failed attempt, at most an hour. */
export function defaultRetryDelayMs(attempts: number): number {
  return Math.min(60 * 60_000, 30_000 * 2 ** Math.max(0, Math.min(attempts - 1, 20)));
}

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, handlers, clock = () => new Date(), intervalMs = 1_000, leaseMs = 60_000, batchSize = 20, log = console } = options;
  const concurrency = Math.max(1, Math.trunc(options.concurrency ?? 1));
  const restShare = Math.max(0, options.restShare ?? 0);
  const rest = options.rest ?? ((ms: number) => new Promise<void>((done) => setTimeout(done, ms)));
  const { recurring = [], worker = `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}` } = options;
  let started = false;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let tail: Promise<unknown> = Promise.resolve();
  let waiting: Promise<JobRunResult> | undefined;

  async function scheduleRecurring(now: Date): Promise<void> {
    for (const { kind, everyMs, payload = {} } of recurring) {
      const slot = new Date(Math.floor(now.getTime() / everyMs) * everyMs);
      // One attempt: the next slot's job is the retry.
      await enqueueJob(db, { kind, payload, runAt: slot, uniqueKey: `${kind}:${slot.toISOString()}`, maxAttempts: 1 }, now);
    }
  }

  async function runJob(job: Job): Promise<"ran" | "failed" | "skipped"> {
    const label = `Job #${job.id} (${job.kind}, attempt ${job.attempts} of ${job.max_attempts})`;
    // A batch of slow jobs (20 mails to a mail server that takes its time) can outlast the lease: another
    // server may have taken the rest over, and running them here too would do them twice.
    if (job.locked_until !== null && Date.parse(job.locked_until) <= clock().getTime()) {
      log.warn(`${label} was not started: its claim lapsed while earlier jobs of its batch ran`);
      return "skipped";
    }
    const handler = Object.hasOwn(handlers, job.kind) ? handlers[job.kind] : undefined;
    try {
      if (!handler) throw new GiveUp(`no handler for the job kind "${job.kind}" on this server`);
      await handler.run(job, clock());
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      // Unrecorded, the claim lapses and the job is tried again then.
      await recordFailure(job, handler, error, `${label} failed`, reason).catch((recordError: Error) =>
        log.error(`${label} failed (${reason}) and the failure could not be recorded: ${recordError.message}`),
      );
      return "failed";
    }
    // Unrecorded, it runs again when the lease ends: handlers must bear a repeat.
    const recorded = await completeJob(db, job, worker, clock()).catch((recordError: Error) => {
      log.error(`${label} finished but could not be marked done: ${recordError.message}`);
      return true;
    });
    if (!recorded) log.warn(`${label} finished after its claim had lapsed; the server that took it over records the outcome`);
    return "ran";
  }

  async function recordFailure(job: Job, handler: JobHandler | undefined, error: unknown, failed: string, reason: string): Promise<void> {
    const now = clock();
    const spent = error instanceof GiveUp || job.attempts >= job.max_attempts;
    const delay = spent ? null : handler?.retryDelayMs ? handler.retryDelayMs(job.attempts, job, now) : defaultRetryDelayMs(job.attempts);
    if (delay === null) {
      await giveUpJob(db, job, worker, reason, now);
      log.error(`${failed}, giving up: ${reason}`);
    } else {
      const runAt = new Date(now.getTime() + delay);
      await retryJob(db, job, worker, reason, runAt, now);
      log.warn(`${failed}, next try at ${runAt.toISOString()}: ${reason}`);
    }
  }

  /**
   * The batch's jobs, `concurrency` at a time, in the order claimed. False when stopping cut it short: one
   * failure says the service is down, and the rest of the batch would hold the shutdown up job after job;
   * their claims lapse and another round takes them.
   */
  async function runBatch(jobs: Job[], result: JobRunResult): Promise<boolean> {
    let next = 0;
    let halted = false;
    const lane = async () => {
      for (let job = jobs[next++]; job && !halted; job = jobs[next++]) {
        // SQLite answers synchronously, so a job's queries resolve as microtasks and a lane could run job after
        // job without the event loop reading a visitor's request: each job waits its turn behind the I/O.
        await new Promise((resolve) => setImmediate(resolve));
        const outcome = await runJob(job);
        if (outcome === "ran") result.ran++;
        if (outcome === "failed") result.failed++;
        if (outcome === "failed" && stopping) halted = true;
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, lane));
    return !halted;
  }

  async function round(): Promise<JobRunResult> {
    const result: JobRunResult = { ran: 0, failed: 0 };
    await scheduleRecurring(clock());
    for (;;) {
      const batchStarted = performance.now();
      const jobs = await claimDueJobs(db, { worker, now: clock(), limit: batchSize, leaseMs, kinds: Object.keys(handlers) });
      if (!(await runBatch(jobs, result))) return result;
      if (jobs.length < batchSize || stopping) return result;
      if (restShare > 0) await rest((performance.now() - batchStarted) * restShare);
    }
  }

  function runOnce(): Promise<JobRunResult> {
    waiting ??= tail.then(() => {
      waiting = undefined;
      return round();
    });
    const run = waiting;
    tail = run.catch(() => undefined);
    return run;
  }

  function tick(): void {
    timer = undefined;
    runOnce()
      .catch((error: unknown) => log.error(`Jobs: could not read the job table: ${(error as Error).message}`))
      .finally(() => {
        if (!started || timer) return;
        timer = setTimeout(tick, intervalMs);
        timer.unref();
      });
  }

  return {
    start() {
      if (started) return;
      started = true;
      stopping = false;
      tick();
    },
    async stop() {
      started = false;
      stopping = true;
      clearTimeout(timer);
      timer = undefined;
      await tail;
    },
    runOnce,
  };
}
