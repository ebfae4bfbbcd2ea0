import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testTargets } from "../../tests/support/databases.ts";
import { planOf, type RecordedQuery, recordingHandle } from "../../tests/support/query-plans.ts";
import { migrateToLatest } from "../db/database.ts";
import { enqueueJob } from "./enqueue.ts";
import { claimDueJobs, completeJob, giveUpJob, jobsFor, retryJob } from "./queue.ts";

const T0 = new Date("2026-03-01T09:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);
const lease = { limit: 10, leaseMs: 60_000 };

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`job queue on ${target.dialect}`, () => {
    let handle: TestDatabase;
    beforeAll(async () => {
      handle = await createTestDatabase(target.dialect);
      await migrateToLatest(handle.db, target.dialect);
    });
    afterAll(async () => {
      await handle?.cleanup();
    });
    beforeEach(async () => {
      await handle.db.deleteFrom("jobs").execute();
    });

    const add = (kind: string, runAt: Date, payload: Record<string, unknown> = {}) =>
      enqueueJob(handle.db, { kind, payload, runAt, maxAttempts: 3 }, T0).then((job) => job!);

    it("claims due jobs oldest first, counts the attempt, and leaves held, future and finished jobs alone", async () => {
      const later = await add("b", at(2_000));
      const first = await add("a", at(1_000));
      const future = await add("c", at(60_000));
      const claimed = await claimDueJobs(handle.db, { worker: "w1", now: at(5_000), ...lease });
      expect(claimed.map((job) => job.id)).toEqual([first.id, later.id]);
      expect(claimed[0]).toMatchObject({ locked_by: "w1", locked_until: at(65_000).toISOString(), attempts: 1 });
      expect(await claimDueJobs(handle.db, { worker: "w2", now: at(6_000), ...lease })).toEqual([]);
      expect(await completeJob(handle.db, claimed[0]!, "w1", at(7_000))).toBe(true);
      // Past the lease, the unfinished one is taken over; the finished one never again; the future one once due.
      const takenOver = await claimDueJobs(handle.db, { worker: "w2", now: at(66_000), ...lease });
      expect(takenOver.map((job) => [job.id, job.attempts, job.locked_by])).toEqual([
        [later.id, 2, "w2"],
        [future.id, 1, "w2"],
      ]);
    });

    it("never gives a job to two workers: two handles claiming at once get every job exactly once", async () => {
      for (let n = 0; n < 60; n++) await add("many", at(n));
      const other = handle.openAnother();
      const claimAll = async (db: typeof other, worker: string) => {
        const ids: number[] = [];
        for (;;) {
          const batch = await claimDueJobs(db, { worker, now: at(10_000), limit: 7, leaseMs: 60_000 });
          if (batch.length === 0) return ids;
          ids.push(...batch.map((job) => job.id));
        }
      };
      const claims = await Promise.all([claimAll(handle.db, "w1"), claimAll(other, "w2"), claimAll(handle.db, "w3")]);
      const union = claims.flat();
      expect(new Set(union).size).toBe(union.length);
      expect(union).toHaveLength(60);
      const rows = await handle.db.selectFrom("jobs").select("attempts").execute();
      expect(rows.every((row) => row.attempts === 1)).toBe(true);
    });

    it("records an outcome only for the claim still held", async () => {
      const job = await add("x", T0);
      const [mine] = await claimDueJobs(handle.db, { worker: "w1", now: T0, limit: 1, leaseMs: 1_000 });
      const [theirs] = await claimDueJobs(handle.db, { worker: "w2", now: at(2_000), limit: 1, leaseMs: 60_000 });
      expect(theirs).toMatchObject({ id: job.id, attempts: 2 });
      expect(await completeJob(handle.db, mine!, "w1", at(3_000))).toBe(false);
      expect(await retryJob(handle.db, mine!, "w1", "late", at(9_000), at(3_000))).toBe(false);
      expect(await giveUpJob(handle.db, mine!, "w1", "late", at(3_000))).toBe(false);
      // Same worker name, older claim: refused too.
      expect(await completeJob(handle.db, { id: job.id, attempts: 1 }, "w2", at(3_000))).toBe(false);
      expect(await retryJob(handle.db, theirs!, "w2", "x".repeat(5_000), at(30_000), at(3_000))).toBe(true);
      const [retried] = await jobsFor(handle.db, { kind: "x" });
      expect(retried).toMatchObject({ run_at: at(30_000).toISOString(), locked_by: null, locked_until: null, done_at: null });
      expect(retried!.last_error).toHaveLength(2000);
      expect(await claimDueJobs(handle.db, { worker: "w1", now: at(29_000), ...lease })).toEqual([]);
      const [again] = await claimDueJobs(handle.db, { worker: "w1", now: at(30_000), ...lease });
      expect(await giveUpJob(handle.db, again!, "w1", "refused", at(31_000))).toBe(true);
      expect(await completeJob(handle.db, again!, "w1", at(31_000))).toBe(false);
      const [failed] = await jobsFor(handle.db, { kind: "x" });
      expect(failed).toMatchObject({ failed_at: at(31_000).toISOString(), last_error: "refused", attempts: 3, done_at: null });
      expect(await claimDueJobs(handle.db, { worker: "w1", now: at(99_000_000), ...lease })).toEqual([]);
    });

    it("claims the oldest due jobs straight from the due index, without sorting every due job", async () => {
      await add("mail", at(1_000));
      const recorded: RecordedQuery[] = [];
      const recording = recordingHandle(handle, recorded);
      try {
        await claimDueJobs(recording, { worker: "w1", now: at(5_000), ...lease, kinds: ["mail"] });
        const claim = recorded.find((query) => /order by "run_at", "id"/.test(query.sql));
        const steps = await planOf(recording, target.dialect, claim!);
        // 100,000 mails due at once: a sort read all of them for every claim of 10 (the scale bench's drain).
        expect(steps.join("\n")).toMatch(/jobs_due_order_idx/);
        expect(steps.filter((step) => /Sort|TEMP B-TREE/.test(step))).toEqual([]);
      } finally {
        await recording.destroy();
      }
    });

    it("lists jobs by kind and by order, never taking order 4 for order 42", async () => {
      const four = await add("alert", T0, { orderId: 4 });
      const fortyTwo = await add("alert", at(1), { orderId: 42 });
      const reminder = await add("reminder", at(2), { orderId: 42, days: 7 });
      await add("reminder", at(3), { orderId: 420 });
      await add("sweep", at(4));
      const ids = (jobs: { id: number }[]) => jobs.map((job) => job.id).sort((a, b) => a - b);
      expect(ids(await jobsFor(handle.db, { orderId: 42 }))).toEqual([fortyTwo.id, reminder.id]);
      expect(ids(await jobsFor(handle.db, { orderId: 4 }))).toEqual([four.id]);
      expect(ids(await jobsFor(handle.db, { kind: "alert" }))).toEqual([four.id, fortyTwo.id]);
      expect(ids(await jobsFor(handle.db, { kind: "reminder", orderId: 42 }))).toEqual([reminder.id]);
      expect(await jobsFor(handle.db)).toHaveLength(5);
      expect(await jobsFor(handle.db, { limit: 2 })).toHaveLength(2);
    });
  });
}
