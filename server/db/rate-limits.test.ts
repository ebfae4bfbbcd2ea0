import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testTargets } from "../../tests/support/databases.ts";
import { migrateToLatest } from "./database.ts";
import { attemptCount, countAttempt, pruneRateLimits, uncountAttempt } from "./rate-limits.ts";

const minute = 60_000;
const tenMinutes = 10 * minute;
/** On a ten-minute boundary, so the window arithmetic below is easy to follow. */
const T0 = new Date("2026-03-01T09:30:00.000Z");
const later = (ms: number) => new Date(T0.getTime() + ms);

/** A unique key per test, so the tests of one file can share a database. */
const uniqueKey = (name: string) => `${name}-${randomUUID()}`;

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`rate limit counters on ${target.dialect}`, () => {
    let handle: TestDatabase;
    beforeAll(async () => {
      handle = await createTestDatabase(target.dialect);
      await migrateToLatest(handle.db, target.dialect);
    });
    afterAll(async () => {
      await handle?.cleanup();
    });

    it("count attempts one by one and report the count without changing it", async () => {
      const key = uniqueKey("count");
      const window = { windowMs: tenMinutes, now: T0 };
      expect(await attemptCount(handle.db, key, window)).toBe(0);
      expect(await countAttempt(handle.db, key, window)).toBe(1);
      expect(await countAttempt(handle.db, key, { windowMs: tenMinutes, now: later(minute) })).toBe(2);
      expect(await countAttempt(handle.db, key, window)).toBe(3);
      expect(await attemptCount(handle.db, key, window)).toBe(3);
      expect(await attemptCount(handle.db, key, window)).toBe(3);
    });

    it("take back an attempt in the window it was counted in, never below zero", async () => {
      const key = uniqueKey("uncount");
      const window = { windowMs: tenMinutes, now: T0 };
      await countAttempt(handle.db, key, window);
      await countAttempt(handle.db, key, window);
      await uncountAttempt(handle.db, key, window);
      expect(await attemptCount(handle.db, key, window)).toBe(1);
      // The window has turned since: the attempt comes out of its own window, not the new one.
      await countAttempt(handle.db, key, { windowMs: tenMinutes, now: later(tenMinutes) });
      await uncountAttempt(handle.db, key, window);
      expect(await attemptCount(handle.db, key, window)).toBe(0);
      expect(await attemptCount(handle.db, key, { windowMs: tenMinutes, now: later(tenMinutes) })).toBe(1);
      await uncountAttempt(handle.db, key, window);
      expect(await attemptCount(handle.db, key, window)).toBe(0);
      await uncountAttempt(handle.db, uniqueKey("none"), window);
    });

    it("store one row per window, starting at the window's boundary, with both timestamps", async () => {
      const key = uniqueKey("row");
      await countAttempt(handle.db, key, { windowMs: tenMinutes, now: later(7 * minute + 12_345) });
      await countAttempt(handle.db, key, { windowMs: tenMinutes, now: later(9 * minute) });
      const rows = await handle.db.selectFrom("rate_limit_counters").selectAll().where("key", "=", key).execute();
      expect(rows).toEqual([
        {
          key,
          window_start: "2026-03-01T09:30:00.000Z",
          count: 2,
          created_at: "2026-03-01T09:37:12.345Z",
          updated_at: "2026-03-01T09:39:00.000Z",
        },
      ]);
    });

    it("start again from one when the window rolls over, and keep the past window as it was", async () => {
      const key = uniqueKey("roll");
      for (let i = 0; i < 3; i++) await countAttempt(handle.db, key, { windowMs: tenMinutes, now: T0 });
      expect(await countAttempt(handle.db, key, { windowMs: tenMinutes, now: later(tenMinutes - 1) })).toBe(4);
      expect(await countAttempt(handle.db, key, { windowMs: tenMinutes, now: later(tenMinutes) })).toBe(1);
      expect(await attemptCount(handle.db, key, { windowMs: tenMinutes, now: later(tenMinutes + 5 * minute) })).toBe(1);
      expect(await attemptCount(handle.db, key, { windowMs: tenMinutes, now: later(5 * minute) })).toBe(4);
      expect(await attemptCount(handle.db, key, { windowMs: tenMinutes, now: later(2 * tenMinutes) })).toBe(0);
    });

    it("keep windows of different lengths apart when they start at different times", async () => {
      const key = uniqueKey("lengths");
      const now = later(15 * minute);
      await countAttempt(handle.db, key, { windowMs: tenMinutes, now });
      expect(await attemptCount(handle.db, key, { windowMs: 60 * minute, now })).toBe(0);
    });

    it("give 50 simultaneous attempts on one key the counts 1 to 50", async () => {
      const key = uniqueKey("burst");
      const counts = await Promise.all(Array.from({ length: 50 }, () => countAttempt(handle.db, key, { windowMs: tenMinutes, now: T0 })));
      expect(counts.toSorted((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
      expect(await attemptCount(handle.db, key, { windowMs: tenMinutes, now: T0 })).toBe(50);
    });

    it("share the count between separate connections (servers)", async () => {
      const key = uniqueKey("servers");
      const other = handle.openAnother();
      const counts = await Promise.all(
        Array.from({ length: 20 }, (_, i) => countAttempt(i % 2 === 0 ? handle.db : other, key, { windowMs: tenMinutes, now: T0 })),
      );
      expect(counts.toSorted((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    });

    it("count each key on its own", async () => {
      const [first, second] = [uniqueKey("a"), uniqueKey("b")];
      const window = { windowMs: tenMinutes, now: T0 };
      await countAttempt(handle.db, first, window);
      await countAttempt(handle.db, first, window);
      expect(await countAttempt(handle.db, second, window)).toBe(1);
      expect(await attemptCount(handle.db, first, window)).toBe(2);
    });

    it("refuse a window length that is not a positive whole number", async () => {
      await expect(countAttempt(handle.db, uniqueKey("bad"), { windowMs: 0, now: T0 })).rejects.toThrow(RangeError);
      await expect(attemptCount(handle.db, uniqueKey("bad"), { windowMs: 1.5, now: T0 })).rejects.toThrow(RangeError);
    });

    it("prune the windows that started before the given time, and only those", async () => {
      // Far from the other tests' windows, and after all of them, so this prune removes exactly what it counts.
      const base = new Date("2030-01-01T00:00:00.000Z").getTime();
      const at = (ms: number) => ({ windowMs: tenMinutes, now: new Date(base + ms) });
      const [old, current] = [uniqueKey("old"), uniqueKey("current")];
      const before = await handle.db.selectFrom("rate_limit_counters").select("key").execute();
      await countAttempt(handle.db, old, at(0));
      await countAttempt(handle.db, old, at(tenMinutes));
      await countAttempt(handle.db, current, at(2 * tenMinutes));
      await countAttempt(handle.db, old, at(2 * tenMinutes + minute));

      expect(await pruneRateLimits(handle.db, { before: new Date(base + 2 * tenMinutes) })).toBe(before.length + 2);
      expect(await attemptCount(handle.db, old, at(0))).toBe(0);
      expect(await attemptCount(handle.db, old, at(2 * tenMinutes))).toBe(1);
      expect(await attemptCount(handle.db, current, at(2 * tenMinutes))).toBe(1);
      expect(await pruneRateLimits(handle.db, { before: new Date(base + 2 * tenMinutes) })).toBe(0);
    });
  });
}
