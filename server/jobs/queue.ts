/**
 * The database side of the job queue: claiming due jobs, recording how a run ended, listing jobs. A claim
 * (`locked_by`, `locked_until`) gives a job to one server until its lease ends, so several servers can poll
 * one table; a crashed server's claims lapse and another takes them over. Every claim counts an attempt,
 * so `locked_by` plus `attempts` name one claim: a server whose claim lapsed and was taken over can no longer
 * record anything for the job.
 */

import { type Kysely, sql } from "kysely";
import type { Database } from "../db/database.ts";
import { isPostgres } from "../db/migrations/portable.ts";
import type { Job } from "../db/schema.ts";

export interface ClaimOptions {
  /** Who claims (the runner's id), written to `locked_by`. */
  worker: string;
  now: Date;
  limit: number;
  /** How long the claim holds: past it, another worker may take the job over. */
  leaseMs: number;
  /**
   * The kinds this worker can run. During a rolling deploy an older server must not claim (and give up on) a
   * kind only the newer release knows: it leaves those for the servers that do.
   */
  kinds?: readonly string[];
}

/** The claim a worker holds: the job's id and its attempt count as claimed. */
export type HeldJob = Pick<Job, "id" | "attempts">;

const MAX_ERROR_LENGTH = 2000;

/** Claims up to `limit` due jobs no one holds, oldest `run_at` first; each is this worker's until the lease ends. */
export async function claimDueJobs(db: Database, { worker, now, limit, leaseMs, kinds }: ClaimOptions): Promise<Job[]> {
  const at = now.toISOString();
  const claim = {
    locked_by: worker,
    locked_until: new Date(now.getTime() + Math.max(1, leaseMs)).toISOString(),
    updated_at: at,
  };
  let due = db
    .selectFrom("jobs")
    .select("id")
    .where("done_at", "is", null)
    .where("failed_at", "is", null)
    .where("run_at", "<=", at)
    .where((where) => where.or([where("locked_until", "is", null), where("locked_until", "<=", at)]))
    .orderBy("run_at")
    .orderBy("id")
    .limit(limit);
  const postgres = isPostgres(db as unknown as Kysely<unknown>);
  // SQLite, without statistics on a young database, would rather read every job of the kind from the kinds'
  // index and sort them all (a million finished mails, later): `+kind` keeps it on the due index.
  const kind = postgres ? sql.ref("kind") : sql`+${sql.ref("kind")}`;
  if (kinds) due = kinds.length > 0 ? due.where(kind, "in", kinds) : due.where(sql<boolean>`false`);

  if (postgres) {
    // One statement: the rows another server is claiming right now are skipped rather than waited for.
    const claimed = await db
      .updateTable("jobs")
      .set((eb) => ({ ...claim, attempts: eb("attempts", "+", 1) }))
      .where("id", "in", due.forUpdate().skipLocked())
      .returningAll()
      .execute();
    return claimed.sort((a, b) => a.run_at.localeCompare(b.run_at) || a.id - b.id);
  }

  // SQLite has one writer at a time: a compare-and-set on the attempt count, which every claim raises,
  // fails for a job another handle claimed between the select and the update.
  const candidates = await due.select("attempts").execute();
  const claimed: Job[] = [];
  for (const candidate of candidates) {
    const job = await db
      .updateTable("jobs")
      .set({ ...claim, attempts: candidate.attempts + 1 })
      .where("id", "=", candidate.id)
      .where("attempts", "=", candidate.attempts)
      .where("done_at", "is", null)
      .where("failed_at", "is", null)
      .where("run_at", "<=", at)
      .where((where) => where.or([where("locked_until", "is", null), where("locked_until", "<=", at)]))
      .returningAll()
      .executeTakeFirst();
    if (job) claimed.push(job);
  }
  return claimed;
}

/** Records the run as done. False when the claim is no longer this worker's (lapsed and taken over). */
export async function completeJob(db: Database, job: HeldJob, worker: string, now: Date = new Date()): Promise<boolean> {
  const at = now.toISOString();
  // `locked_by` stays: the console shows who ran it.
  return finish(db, job, worker, { done_at: at, locked_until: null, updated_at: at });
}

/** Releases the job to run again at `runAt`, keeping the error. False when the claim is no longer held. */
export async function retryJob(
  db: Database,
  job: HeldJob,
  worker: string,
  error: string,
  runAt: Date,
  now: Date = new Date(),
): Promise<boolean> {
  const update = { run_at: runAt.toISOString(), last_error: shortened(error), locked_by: null, locked_until: null };
  return finish(db, job, worker, { ...update, updated_at: now.toISOString() });
}

/** Records the job as failed for good, with its error. False when the claim is no longer held. */
export async function giveUpJob(db: Database, job: HeldJob, worker: string, error: string, now: Date = new Date()): Promise<boolean> {
  const at = now.toISOString();
  return finish(db, job, worker, { failed_at: at, last_error: shortened(error), locked_until: null, updated_at: at });
}

type JobUpdate = Partial<Pick<Job, "run_at" | "last_error" | "locked_by" | "locked_until" | "done_at" | "failed_at" | "updated_at">>;

async function finish(db: Database, job: HeldJob, worker: string, update: JobUpdate): Promise<boolean> {
  const result = await db
    .updateTable("jobs")
    .set(update)
    .where("id", "=", job.id)
    .where("locked_by", "=", worker)
    .where("attempts", "=", job.attempts)
    .where("done_at", "is", null)
    .where("failed_at", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

function shortened(error: string): string {
  return error.length > MAX_ERROR_LENGTH ? `${error.slice(0, MAX_ERROR_LENGTH - 1)}…` : error;
}

export interface JobsFilter {
  kind?: string;
  /** Jobs whose payload names this order (`{"orderId": 42, …}`). */
  orderId?: number;
  /** Default 200. */
  limit?: number;
}

/** Jobs for the console and an order's timeline, newest first. */
export async function jobsFor(db: Database, { kind, orderId, limit = 200 }: JobsFilter = {}): Promise<Job[]> {
  let query = db.selectFrom("jobs").selectAll();
  if (kind !== undefined) query = query.where("kind", "=", kind);
  if (orderId !== undefined) {
    if (!Number.isSafeInteger(orderId)) throw new RangeError(`orderId must be a whole number, got ${orderId}`);
    // The payload is JSON.stringify's output (no spaces): the key followed by the number and then `,` or `}`,
    // so order 4 does not match order 42.
    const key = `%"orderId":${orderId}`;
    query = query.where((where) => where.or([where("payload", "like", `${key},%`), where("payload", "like", `${key}}%`)]));
  }
  return query.orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).execute();
}

/** Deletes finished jobs of `kinds` (the recurring sweeps) done before `before`: one row per slot otherwise piles up. */
export async function pruneFinishedJobs(db: Database, { kinds, before }: { kinds: readonly string[]; before: Date }): Promise<number> {
  const result = await db
    .deleteFrom("jobs")
    .where("kind", "in", kinds)
    .where("done_at", "is not", null)
    .where("done_at", "<", before.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
