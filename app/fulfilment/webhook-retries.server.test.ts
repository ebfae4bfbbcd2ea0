import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { findOrderById } from "../../server/db/repositories.ts";
import { enqueueJob, JOB_KINDS } from "../../server/jobs/enqueue.ts";
import { createJobRunner, GiveUp } from "../../server/jobs/runner.ts";
import { testTargets } from "../../tests/support/databases.ts";
import {
  answeredAccess,
  at,
  claimedJob,
  createWebhookTestBed,
  sharedSecret,
  T0,
  type WebhookTestBed,
} from "../../tests/support/provisioning";
import { deliverAccess } from "../admin/orders/deliver.server";
import { fulfilmentJobHandlers } from "./handlers.server";

const hour = 60 * 60_000;

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`the provisioning webhook job's limits on ${target.dialect}`, () => {
    let t: WebhookTestBed;
    beforeAll(async () => {
      t = await createWebhookTestBed(target.dialect);
    });
    afterAll(() => t.cleanup());
    beforeEach(() => {
      t.clock.now = T0;
    });

    it("gives up 24 hours after the payment, each attempt on the timeline, the order left to the operator", async () => {
      const order = await t.bed.paidOrder();
      await t.receiver.stop();
      let now = T0;
      let number = 1;
      let last: Awaited<ReturnType<WebhookTestBed["attempt"]>>;
      for (;;) {
        last = await t.attempt(order, number, now);
        if (last.error instanceof GiveUp || last.retryIn === null || last.retryIn === undefined) break;
        expect(last.error).toBeInstanceOf(Error);
        now = new Date(now.getTime() + last.retryIn);
        number++;
      }
      await t.receiver.start();
      expect(last.error).toBeInstanceOf(GiveUp);
      expect(last.retryIn).toBeNull();
      // 30 s, 1, 2 … 32 min, then hourly: the last attempt is the last one that fits in the 24 hours.
      expect(now.getTime()).toBeLessThanOrEqual(at(24 * hour).getTime());
      expect(now.getTime() + hour).toBeGreaterThan(at(24 * hour).getTime());
      const events = await t.eventsOf(order);
      expect(events.filter((event) => event.type === "provisioning-attempt")).toHaveLength(number);
      expect(events.at(-1)).toMatchObject({ type: "provisioning-gave-up", actor: "system", details: JSON.stringify({ attempts: number }) });
      expect(await findOrderById(t.bed.handle.db, order.id)).toMatchObject({ status: "paid" });
    });

    it("is refused by the receiver's check when signed with another secret", async () => {
      const order = await t.bed.paidOrder();
      t.receiver.answer({ status: 200, body: { access: answeredAccess } });
      const { error } = await t.attempt(order, 1, T0, t.handler({ secret: "not-the-shared-secret-but-32-characters" }));
      expect(t.receiver.received.at(-1)?.verified).toBe(false);
      expect(error?.message).toContain("HTTP 401");
      expect(await findOrderById(t.bed.handle.db, order.id)).toMatchObject({ status: "paid" });
    });

    it("works under the job runner: a failed attempt waits 30 s, the next one delivers", async () => {
      const order = await t.bed.paidOrder();
      const job = (await enqueueJob(
        t.bed.handle.db,
        { kind: JOB_KINDS.fulfilmentWebhook, payload: { orderId: order.id }, runAt: T0 },
        T0,
      ))!;
      const silent = { info: () => {}, warn: () => {}, error: () => {} };
      const handlers = fulfilmentJobHandlers(async () => t.bed.services, {
        webhook: { url: t.receiver.url, secret: sharedSecret },
        operatorEmail: "x@example.com",
      });
      const runner = createJobRunner({
        db: t.bed.handle.db,
        handlers: { [JOB_KINDS.fulfilmentWebhook]: handlers[JOB_KINDS.fulfilmentWebhook] },
        clock: () => t.clock.now,
        log: silent,
      });
      const jobRow = () => t.bed.handle.db.selectFrom("jobs").selectAll().where("id", "=", job.id).executeTakeFirstOrThrow();

      await t.receiver.stop();
      expect(await runner.runOnce()).toEqual({ ran: 0, failed: 1 });
      expect(await jobRow()).toMatchObject({ attempts: 1, run_at: at(30_000).toISOString(), done_at: null });
      expect((await jobRow()).last_error).toContain("ECONNREFUSED");

      await t.receiver.start();
      t.receiver.answer({ status: 200, body: { access: answeredAccess } });
      t.clock.now = at(29_000);
      expect(await runner.runOnce()).toEqual({ ran: 0, failed: 0 });
      t.clock.now = at(30_000);
      expect(await runner.runOnce()).toEqual({ ran: 1, failed: 0 });
      expect(await jobRow()).toMatchObject({ attempts: 2, done_at: at(30_000).toISOString() });
      expect(await findOrderById(t.bed.handle.db, order.id)).toMatchObject({ status: "fulfilled" });
    });

    it("asks nothing about an order delivered by hand or refunded, and gives up without a provisioning system", async () => {
      const byHand = await t.bed.paidOrder();
      await deliverAccess(t.bed.services, t.bed.operator, byHand, answeredAccess, "203.0.113.9");
      const requests = t.receiver.received.length;
      for (const order of [byHand, await t.bed.pendingOrder()]) expect((await t.attempt(order, 1, T0)).error).toBeUndefined();
      expect(t.receiver.received).toHaveLength(requests);
      expect((await t.eventsOf(byHand)).map((event) => event.type)).toEqual(["delivered"]);

      const paid = await t.bed.paidOrder();
      const unconfigured = fulfilmentJobHandlers(async () => t.bed.services, { webhook: undefined, operatorEmail: "ops@example.com" });
      const run = unconfigured[JOB_KINDS.fulfilmentWebhook].run(claimedJob(JOB_KINDS.fulfilmentWebhook, paid, T0), T0);
      await expect(run).rejects.toBeInstanceOf(GiveUp);
      const broken = { ...claimedJob(JOB_KINDS.fulfilmentWebhook, paid, T0), payload: "{}" };
      await expect(t.handler().run(broken, T0)).rejects.toBeInstanceOf(GiveUp);
    });
  });
}
