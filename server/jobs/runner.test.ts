import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testTargets } from "../../tests/support/databases.ts";
import { migrateToLatest } from "../db/database.ts";
import type { Job } from "../db/schema.ts";
import { enqueueJob } from "./enqueue.ts";
import { jobsFor } from "./queue.ts";
import { createJobRunner, GiveUp, type JobHandler, type JobRunnerOptions } from "./runner.ts";

const T0 = new Date("2026-03-01T09:00:00.000Z");
const secs = (s: number) => new Date(T0.getTime() + s * 1000);
/** Personal data in a payload must never reach the log. */
const payload = { orderId: 7, email: "private@example.com" };

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`job runner on ${target.dialect}`, () => {
    let handle: TestDatabase;
    let now: Date;
    let lines: string[];
    const log = { info: (m: string) => lines.push(m), warn: (m: string) => lines.push(m), error: (m: string) => lines.push(m) };
    const runner = (handlers: Record<string, JobHandler>, more: Partial<JobRunnerOptions> = {}) =>
      createJobRunner({ db: handle.db, handlers, worker: "w1", clock: () => now, log, ...more });
    const add = (kind: string, maxAttempts = 10) =>
      enqueueJob(handle.db, { kind, payload, runAt: now, maxAttempts }, now).then((job) => job!);
    const row = async (id: number) => (await jobsFor(handle.db)).find((job) => job.id === id)!;

    beforeAll(async () => {
      handle = await createTestDatabase(target.dialect);
      await migrateToLatest(handle.db, target.dialect);
    });
    afterAll(async () => {
      await handle?.cleanup();
    });
    beforeEach(async () => {
      await handle.db.deleteFrom("jobs").execute();
      now = T0;
      lines = [];
    });

    it("runs a due job with its handler and marks it done", async () => {
      const seen: [Job, Date][] = [];
      const job = await add("hello");
      const result = await runner({ hello: { run: async (j, at) => void seen.push([j, at]) } }).runOnce();
      expect(result).toEqual({ ran: 1, failed: 0 });
      expect(seen).toEqual([[expect.objectContaining({ id: job.id, attempts: 1, payload: JSON.stringify(payload) }), T0]]);
      expect(await row(job.id)).toMatchObject({ done_at: T0.toISOString(), locked_by: "w1", locked_until: null, last_error: null });
      expect(await runner({}).runOnce()).toEqual({ ran: 0, failed: 0 });
    });

    it("retries a failing job after 30 s, then 1 min, and records its success", async () => {
      let calls = 0;
      const flaky: JobHandler = {
        run: async () => {
          if (++calls < 3) throw new Error(`the provisioning system answered 503 (${calls})`);
        },
      };
      const job = await add("flaky");
      expect(await runner({ flaky }).runOnce()).toEqual({ ran: 0, failed: 1 });
      expect(await row(job.id)).toMatchObject({ run_at: secs(30).toISOString(), last_error: "the provisioning system answered 503 (1)" });
      now = secs(29);
      expect(await runner({ flaky }).runOnce()).toEqual({ ran: 0, failed: 0 });
      now = secs(30);
      expect(await runner({ flaky }).runOnce()).toEqual({ ran: 0, failed: 1 });
      expect((await row(job.id)).run_at).toBe(secs(90).toISOString());
      now = secs(90);
      expect(await runner({ flaky }).runOnce()).toEqual({ ran: 1, failed: 0 });
      expect(await row(job.id)).toMatchObject({ attempts: 3, done_at: secs(90).toISOString(), failed_at: null });
      expect(lines).toHaveLength(2);
      expect(lines[0]).toMatch(/^Job #\d+ \(flaky, attempt 1 of 10\) failed, next try at 2026-03-01T09:00:30\.000Z: .*503/);
      expect(lines.join("\n")).not.toContain("private@example.com");
    });

    it("gives up after the last attempt, on GiveUp and when retryDelayMs says so; leaves a kind it does not know to others", async () => {
      const failing = async () => {
        throw new Error("still down");
      };
      const handlers: Record<string, JobHandler> = {
        limited: { run: failing, retryDelayMs: (attempts) => attempts * 1_000 },
        refused: {
          run: async () => {
            throw new GiveUp("the order was refunded");
          },
        },
        once: { run: failing, retryDelayMs: () => null },
      };
      const limited = await add("limited", 2);
      const refused = await add("refused");
      const once = await add("once");
      const unknown = await add("mystery");
      expect(await runner(handlers).runOnce()).toEqual({ ran: 0, failed: 3 });
      expect(await row(limited.id)).toMatchObject({ run_at: secs(1).toISOString(), failed_at: null });
      now = secs(1);
      expect(await runner(handlers).runOnce()).toEqual({ ran: 0, failed: 1 });
      for (const job of [limited, refused, once]) expect((await row(job.id)).failed_at).not.toBeNull();
      // A newer release's kind, met by an older server during a rolling deploy: never claimed, never given up.
      expect(await row(unknown.id)).toMatchObject({ attempts: 0, failed_at: null, locked_by: null });
      expect(await row(limited.id)).toMatchObject({ attempts: 2, failed_at: secs(1).toISOString(), last_error: "still down" });
      expect(await row(refused.id)).toMatchObject({ attempts: 1, last_error: "the order was refunded" });
      expect(lines.filter((line) => line.includes("giving up"))).toHaveLength(3);
      now = secs(100_000);
      expect(await runner(handlers).runOnce()).toEqual({ ran: 0, failed: 0 });
    });

    it("runs a recurring job once per slot, whichever of two servers gets there first", async () => {
      const runs: string[] = [];
      const sweep: JobHandler = { run: async (job) => void runs.push(job.unique_key!) };
      const recurring = [{ kind: "sweep", everyMs: 60_000 }];
      const other = handle.openAnother();
      const a = runner({ sweep }, { recurring });
      const b = runner({ sweep }, { recurring, db: other, worker: "w2" });
      for (const s of [5, 6, 30, 59, 60, 61, 150]) {
        now = secs(s);
        await Promise.all([a.runOnce(), b.runOnce()]);
      }
      expect(runs).toEqual(["sweep:2026-03-01T09:00:00.000Z", "sweep:2026-03-01T09:01:00.000Z", "sweep:2026-03-01T09:02:00.000Z"]);
    });

    it("takes over the job of a server that stopped answering; that server's late result changes nothing", async () => {
      let release = () => {};
      const stuck = new Promise<void>((resolve) => {
        release = resolve;
      });
      const job = await add("slow");
      let started = () => {};
      const running = new Promise<void>((resolve) => {
        started = resolve;
      });
      const slow: JobHandler = {
        run: () => {
          started();
          return stuck;
        },
      };
      const first = runner({ slow }, { leaseMs: 10_000 }).runOnce();
      // Running, not only claimed: a job waits its turn behind the event loop's I/O after its claim, and a
      // clock moved on before it starts would have it skipped instead (its claim lapsed).
      await running;
      expect((await row(job.id)).locked_by).toBe("w1");
      now = secs(10);
      const second = runner({ slow: { run: async () => {} } }, { db: handle.openAnother(), worker: "w2" });
      expect(await second.runOnce()).toEqual({ ran: 1, failed: 0 });
      const done = await row(job.id);
      expect(done).toMatchObject({ locked_by: "w2", attempts: 2, done_at: secs(10).toISOString() });
      now = secs(20);
      release();
      await first;
      expect(await row(job.id)).toEqual(done);
      expect(lines.some((line) => line.includes("after its claim had lapsed"))).toBe(true);
    });

    it("does not start a job whose claim lapsed while the jobs before it in the batch ran", async () => {
      const ran: number[] = [];
      const slow: JobHandler = {
        run: async (job) => {
          ran.push(job.id);
          now = secs(61);
        },
      };
      const [first, second] = [await add("slow"), await add("slow")];
      expect(await runner({ slow }).runOnce()).toEqual({ ran: 1, failed: 0 });
      expect(ran).toEqual([first.id]);
      expect(await row(second.id)).toMatchObject({ attempts: 1, done_at: null, last_error: null });
      expect(lines).toEqual([expect.stringMatching(/^Job #\d+ \(slow, attempt 1 of 10\) was not started: its claim lapsed/)]);
      expect(await runner({ slow }, { worker: "w2" }).runOnce()).toEqual({ ran: 1, failed: 0 });
      expect(ran).toEqual([first.id, second.id]);
    });

    it("when stopping, leaves the rest of a batch after a failure instead of failing job after job", async () => {
      let calls = 0;
      let stopping: Promise<void> | undefined;
      const running = runner({
        down: {
          run: async () => {
            calls++;
            stopping ??= running.stop();
            throw new Error("connect ECONNREFUSED 127.0.0.1:25");
          },
        },
      });
      const jobs = [await add("down"), await add("down"), await add("down")];
      expect(await running.runOnce()).toEqual({ ran: 0, failed: 1 });
      await stopping;
      expect(calls).toBe(1);
      expect(await row(jobs[1]!.id)).toMatchObject({ attempts: 1, locked_by: "w1", last_error: null });
    });

    it("runs up to `concurrency` jobs of a batch at once, one at a time by default", async () => {
      const inFlight = { now: 0, most: 0 };
      const waiting = {
        run: async () => {
          inFlight.now++;
          inFlight.most = Math.max(inFlight.most, inFlight.now);
          await new Promise((resolve) => setTimeout(resolve, 20));
          inFlight.now--;
        },
      };
      for (let index = 0; index < 7; index++) await add("waiting");
      expect(await runner({ waiting }).runOnce()).toEqual({ ran: 7, failed: 0 });
      expect(inFlight.most).toBe(1);
      for (let index = 0; index < 7; index++) await add("waiting");
      expect(await runner({ waiting }, { concurrency: 3 }).runOnce()).toEqual({ ran: 7, failed: 0 });
      expect(inFlight.most).toBe(3);
      expect((await jobsFor(handle.db)).filter((job) => job.done_at === null)).toEqual([]);
    });

    it("with a rest share, rests after each full batch for that share of its time, and not after the last", async () => {
      const rests: number[] = [];
      const rest = async (ms: number) => {
        rests.push(ms);
      };
      const quick = { run: async () => {} };
      for (let index = 0; index < 5; index++) await add("quick");
      expect(await runner({ quick }, { batchSize: 2, restShare: 0.5, rest }).runOnce()).toEqual({ ran: 5, failed: 0 });
      expect(rests).toHaveLength(2);
      expect(rests.every((ms) => ms > 0)).toBe(true);
      for (let index = 0; index < 5; index++) await add("quick");
      expect(await runner({ quick }, { batchSize: 2, rest }).runOnce()).toEqual({ ran: 5, failed: 0 });
      expect(rests).toHaveLength(2);
    });

    it("start() runs rounds on a timer and stop() waits for the one in progress", async () => {
      let finish = () => {};
      let started = () => {};
      const ran = new Promise<void>((resolve) => {
        started = resolve;
      });
      const job = await add("timed");
      const timed = {
        run: () =>
          new Promise<void>((resolve) => {
            finish = resolve;
            started();
          }),
      };
      const running = runner({ timed }, { intervalMs: 5 });
      running.start();
      // Until the job runs, not only until it is claimed: stopping between the two would wait for a job
      // that nothing here could ever finish.
      await ran;
      expect((await row(job.id)).locked_by).toBe("w1");
      const stopped = running.stop();
      finish();
      await stopped;
      expect((await row(job.id)).done_at).toBe(T0.toISOString());
    });
  });
}
