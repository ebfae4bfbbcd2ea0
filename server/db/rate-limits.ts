/**
 * Attempts per key in fixed windows, kept in the database so that every server counts into the same total
 * (an in-memory count would let a visitor multiply the limit by the number of servers). Works unchanged on
 * SQLite and PostgreSQL; each function takes an optional `now` so tests can control time.
 */
import type { Database } from "./database.ts";
import type { Timestamp } from "./schema.ts";

export interface RateLimitWindow {
  /** The length of the fixed windows, e.g. ten minutes. */
  windowMs: number;
  now?: Date;
}

/**
 * The start of the window holding `now`. Windows are aligned on the epoch rather than on a key's first
 * attempt, so every server computes the same start without asking the others.
 */
function windowStart(windowMs: number, now: Date): Timestamp {
  if (!Number.isInteger(windowMs) || windowMs <= 0) throw new RangeError(`windowMs must be a positive whole number, got ${windowMs}`);
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs).toISOString();
}

/**
 * Counts one attempt for `key` in the current window and returns the window's count including it. A single
 * upsert, so simultaneous attempts (from any number of servers) are serialized by the primary key and each
 * sees its own count: never a read-then-write race that would let a burst through.
 */
export async function countAttempt(db: Database, key: string, { windowMs, now = new Date() }: RateLimitWindow): Promise<number> {
  const at = now.toISOString();
  const row = await db
    .insertInto("rate_limit_counters")
    .values({ key, window_start: windowStart(windowMs, now), count: 1, created_at: at, updated_at: at })
    .onConflict((conflict) =>
      conflict.columns(["key", "window_start"]).doUpdateSet((eb) => ({
        count: eb("rate_limit_counters.count", "+", 1),
        updated_at: at,
      })),
    )
    .returning("count")
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Takes back one attempt counted by `countAttempt` with the same `now` (so the same window, even when the
 * window has turned since), never below zero: for limits that count an attempt before knowing whether it
 * failed.
 */
export async function uncountAttempt(db: Database, key: string, { windowMs, now = new Date() }: RateLimitWindow): Promise<void> {
  await db
    .updateTable("rate_limit_counters")
    .set((eb) => ({ count: eb("count", "-", 1), updated_at: new Date().toISOString() }))
    .where("key", "=", key)
    .where("window_start", "=", windowStart(windowMs, now))
    .where("count", ">", 0)
    .execute();
}

/** The current window's count for `key`, without counting an attempt; 0 when it has none. */
export async function attemptCount(db: Database, key: string, { windowMs, now = new Date() }: RateLimitWindow): Promise<number> {
  const row = await db
    .selectFrom("rate_limit_counters")
    .select("count")
    .where("key", "=", key)
    .where("window_start", "=", windowStart(windowMs, now))
    .executeTakeFirst();
  return row ? Number(row.count) : 0;
}

/**
 * Deletes the windows that started before `before` (past windows are never read again) and returns how many
 * rows went. Pass a time at least one window length ago, or a window still running loses its count.
 */
export async function pruneRateLimits(db: Database, { before }: { before: Date }): Promise<number> {
  const result = await db.deleteFrom("rate_limit_counters").where("window_start", "<", before.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
