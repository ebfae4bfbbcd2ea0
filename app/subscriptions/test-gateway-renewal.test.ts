/**
 * Automatic renewal on the test gateway, with the clock moved by running each job at its due time: two
 * renewals, a refused card retried 1, 3 and 5 days later then given up, a stop from the account, and a run
 * that crashed after charging.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listOrderEvents } from "../../server/db/order-events.ts";
import { testTargets } from "../../tests/support/databases.ts";
import { createSubscriptionTestBed, JOB_KINDS, type SubscriptionTestBed } from "../../tests/support/subscriptions.ts";
import { sendRenewalReminder } from "../renewals/reminder.server";
import { renewalOrderOf } from "./renewal-order.server";
import { stopSubscription } from "./stop.server";

const day = 24 * 60 * 60_000;
const linkKey = randomBytes(32);

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`automatic renewal with the test gateway on ${target.dialect}`, () => {
    let bed: SubscriptionTestBed;
    beforeAll(async () => {
      bed = await createSubscriptionTestBed(target.dialect);
    });
    afterAll(() => bed.handle.cleanup());

    const mails = (email: string, kind: string) =>
      bed.handle.db.selectFrom("mails").selectAll().where("to_address", "=", email).where("kind", "=", kind).execute();
    const renewalOrders = (subscriptionId: number) =>
      bed.handle.db.selectFrom("orders").selectAll().where("subscription_id", "=", subscriptionId).orderBy("id").execute();

    it("keeps the card, charges it a day before the end, twice, and each renewal extends the same access", async () => {
      const { order, access, subscription } = await bed.subscribed();
      expect(subscription).toMatchObject({ status: "active", access_id: access.id, card_last4: "4242", processor: "test" });
      expect(subscription.payment_method).toMatch(/^tcard_/);
      expect(subscription.next_charge_at).toBe(new Date(new Date(access.ends_at).getTime() - day).toISOString());

      const notice = await bed.dueJob(JOB_KINDS.chargeNotice, access.id);
      expect(notice?.run_at).toBe(new Date(new Date(access.ends_at).getTime() - 8 * day).toISOString());
      if (notice) await bed.run(notice);
      expect(await mails(order.email, "subscription-charge-notice")).toHaveLength(1);
      // The notice replaces the reminder to renew.
      const reminder = { accessId: access.id, endsAt: access.ends_at, days: 7 };
      expect(await sendRenewalReminder(bed.handle.db, reminder, new Date(access.ends_at.replace(/T.*/, "T00:00:00.000Z")), linkKey)).toBe(
        "renews-automatically",
      );

      let end = access.ends_at;
      for (const round of [1, 2]) {
        const charge = await bed.dueJob(JOB_KINDS.subscriptionCharge, access.id);
        expect(charge?.run_at).toBe(new Date(new Date(end).getTime() - day).toISOString());
        if (charge) await bed.run(charge);
        const renewed = await bed.accessOf(access.id);
        expect(new Date(renewed.ends_at).getTime()).toBeGreaterThan(new Date(end).getTime() + 27 * day);
        end = renewed.ends_at;
        const orders = await renewalOrders(subscription.id);
        expect(orders).toHaveLength(round);
        expect(orders.at(-1)).toMatchObject({ status: "paid", renews_access_id: access.id, access_id: access.id, client_address: null });
        const invoice = await bed.handle.db
          .selectFrom("invoices")
          .select("number")
          .where("order_id", "=", orders.at(-1)?.id ?? 0)
          .executeTakeFirst();
        expect(invoice?.number).toBeTruthy();
      }
      const after = await bed.subscriptionOf(order);
      expect(after).toMatchObject({ status: "active", failed_attempts: 0 });
      expect(after.next_charge_at).toBe(new Date(new Date(end).getTime() - day).toISOString());
      const lines = (await listOrderEvents(bed.handle.db, order.id)).map((event) => event.type);
      expect(lines.filter((type) => type === "automatic-charge")).toHaveLength(2);
      expect(lines).toContain("subscription-started");
    });

    it("retries a refused card 1, 3 and 5 days after the first refusal, then ends the subscription", async () => {
      const { order, access, subscription } = await bed.subscribed("4000000000000341");
      expect(subscription.card_last4).toBe("0341");
      const first = await bed.dueJob(JOB_KINDS.subscriptionCharge, access.id);
      if (!first) throw new Error("no charge scheduled");
      const firstAt = new Date(first.run_at);
      await bed.run(first);
      expect(await bed.subscriptionOf(order)).toMatchObject({ status: "failing", failed_attempts: 1 });
      expect(await mails(order.email, "subscription-charge-failed")).toHaveLength(1);

      for (const [attempt, days] of [
        [2, 1],
        [3, 3],
        [4, 5],
      ] as const) {
        const retry = await bed.dueJob(JOB_KINDS.subscriptionCharge, access.id);
        expect(retry?.run_at).toBe(new Date(firstAt.getTime() + days * day).toISOString());
        if (retry) await bed.run(retry);
        const now = await bed.subscriptionOf(order);
        expect(now.status).toBe(attempt < 4 ? "failing" : "ended");
      }
      const ended = await bed.subscriptionOf(order);
      expect(ended).toMatchObject({ status: "ended", end_reason: "payment-failed", next_charge_at: null });
      expect(await bed.dueJob(JOB_KINDS.subscriptionCharge, access.id)).toBeUndefined();
      const attempts = await renewalOrders(subscription.id);
      expect(attempts.map((attemptOrder) => attemptOrder.status)).toEqual(["failed", "failed", "failed", "failed"]);
      expect(await mails(order.email, "subscription-charge-failed")).toHaveLength(1);
      expect(await mails(order.email, "subscription-ended")).toHaveLength(1);
      // The access was not extended, and runs to its end.
      expect((await bed.accessOf(access.id)).ends_at).toBe(access.ends_at);
      const lines = (await listOrderEvents(bed.handle.db, order.id)).map((event) => event.type);
      expect(lines.filter((type) => type === "subscription-charge-failed")).toHaveLength(4);
      expect(lines).toContain("subscription-ended");
    });

    it("stopped from the account, charges nothing, and the reminders to renew come back", async () => {
      const { order, access, subscription } = await bed.subscribed();
      const stopped = await stopSubscription(bed.services, subscription, "customer");
      expect(stopped).toMatchObject({ status: "stopping", next_charge_at: null });
      expect(await stopSubscription(bed.services, stopped ?? subscription, "customer")).toBeUndefined();
      const charge = await bed.dueJob(JOB_KINDS.subscriptionCharge, access.id);
      if (charge) await bed.run(charge);
      expect(await renewalOrders(subscription.id)).toHaveLength(0);
      expect((await bed.accessOf(access.id)).ends_at).toBe(access.ends_at);
      const notice = await bed.dueJob(JOB_KINDS.chargeNotice, access.id);
      if (notice) await bed.run(notice);
      expect(await mails(order.email, "subscription-charge-notice")).toHaveLength(0);
      const reminder = { accessId: access.id, endsAt: access.ends_at, days: 7 };
      const weekBefore = new Date(new Date(access.ends_at).getTime() - 7 * day);
      expect(await sendRenewalReminder(bed.handle.db, reminder, weekBefore, linkKey)).toBe("sent");
      const lines = (await listOrderEvents(bed.handle.db, order.id)).map((event) => event.type);
      expect(lines).toContain("subscription-stopped");
    });

    it("charges once when a run crashed after the charge, and once when two servers run the same attempt", async () => {
      const { access, subscription } = await bed.subscribed();
      const charge = await bed.dueJob(JOB_KINDS.subscriptionCharge, access.id);
      if (!charge) throw new Error("no charge scheduled");
      // The crashed run: the order made and the card charged, nothing recorded.
      const { order } = await renewalOrderOf(bed.handle.db, subscription, { key: `${access.ends_at}-1` });
      await bed.services.gateway.chargeSavedCard({
        reference: order.reference,
        amountCents: order.amount_cents,
        currency: order.currency,
        paymentMethodId: subscription.payment_method ?? "",
      });
      // Two servers at once: one charges (or finds the charge), the other is told to come back later.
      const runs = await Promise.allSettled([bed.run(charge), bed.run(charge)]);
      expect(runs.filter((run) => run.status === "fulfilled").length).toBeGreaterThanOrEqual(1);
      await bed.run(charge);
      const payments = await bed.handle.db
        .selectFrom("test_gateway_payments")
        .selectAll()
        .where("order_reference", "=", order.reference)
        .execute();
      expect(payments).toHaveLength(1);
      expect(await renewalOrders(subscription.id)).toHaveLength(1);
      expect((await renewalOrders(subscription.id))[0]?.status).toBe("paid");
      const extended = await bed.accessOf(access.id);
      expect(new Date(extended.ends_at).getTime()).toBeGreaterThan(new Date(access.ends_at).getTime());
    });
  });
}
