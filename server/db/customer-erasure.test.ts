import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerWithEverything, someCustomer, whereFound } from "../../tests/support/customer-data.ts";
import { createTestDatabase, type TestDatabase, testTargets } from "../../tests/support/databases.ts";
import { JOB_KINDS } from "../jobs/enqueue.ts";
import { customerRecords } from "./customer-data.ts";
import { eraseCustomer } from "./customer-erasure.ts";
import { migrateToLatest } from "./database.ts";
import { findOrderById } from "./repositories.ts";

const NOW = new Date("2026-06-01T10:00:00.000Z");

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`erasing a customer on ${target.dialect}`, () => {
    let handle: TestDatabase;
    beforeAll(async () => {
      handle = await createTestDatabase(target.dialect);
      await migrateToLatest(handle.db, target.dialect);
    });
    afterAll(async () => handle?.cleanup());

    it("leaves the address, phone and client address nowhere, and the name only on orders kept for accounting and their invoices", async () => {
      const who = someCustomer();
      const other = { ...someCustomer(), clientAddress: "203.0.113.99" };
      const mine = await customerWithEverything(handle.db, who, NOW);
      await customerWithEverything(handle.db, other, NOW);
      const personal = [who.email, who.phone, who.clientAddress, who.firstName, who.lastName];
      expect(await whereFound(handle.db, personal)).toContain(`contact_messages.email: ${who.email.toLowerCase()}`);
      expect(await whereFound(handle.db, personal)).toContain(`subscriptions.email: ${who.email.toLowerCase()}`);

      const summary = await eraseCustomer(handle.db, ` ${who.email.toUpperCase()} `, { retentionYears: 10, now: NOW });

      expect(summary).toEqual({
        ordersKept: [mine.paid.reference],
        ordersAnonymised: 2,
        documentsDeleted: 1,
        accesses: 1,
        subscriptions: 2,
        timelineLines: 1,
        mails: 4,
        mailIds: expect.arrayContaining([expect.any(Number)]),
        contactMessages: 1,
        newsletter: 1,
        reminderOptOut: 1,
        preferences: 1,
        signIns: 1,
        sessions: 1,
        trials: 0,
      });
      expect(summary.mailIds).toHaveLength(4);
      expect(await whereFound(handle.db, personal)).toEqual([
        `invoices.buyer_name: ${who.firstName.toLowerCase()}`,
        `invoices.buyer_name: ${who.lastName.toLowerCase()}`,
        `orders.first_name: ${who.firstName.toLowerCase()}`,
        `orders.last_name: ${who.lastName.toLowerCase()}`,
      ]);
      const kept = await findOrderById(handle.db, mine.paid.id);
      expect(kept).toMatchObject({ first_name: who.firstName, city: "Lyon", address: "1 place Bellecour", phone: "", card_last4: null });
      expect(kept?.email).toMatch(/^erased-[0-9a-f]{12}@erased\.invalid$/);
      const invoices = await handle.db
        .selectFrom("invoices")
        .select("order_id")
        .where("order_id", "in", [mine.paid.id, mine.ancient.id])
        .execute();
      expect(invoices).toEqual([{ order_id: mine.paid.id }]);
      for (const order of [mine.ancient, mine.failed]) {
        expect(await findOrderById(handle.db, order.id)).toMatchObject({ first_name: "", last_name: "", address: "", city: "" });
      }
      const access = await handle.db.selectFrom("accesses").selectAll().where("id", "=", mine.accessId).executeTakeFirstOrThrow();
      expect(access).toMatchObject({ details: null, email: kept?.email });
      const events = await handle.db.selectFrom("order_events").select(["type", "details"]).where("order_id", "=", mine.paid.id).execute();
      expect(events).toContainEqual({ type: "access-revealed", details: null });
      expect(events).toContainEqual({ type: "paid", details: JSON.stringify({ gatewayReference: "test_x" }) });
      const reminders = await handle.db
        .selectFrom("jobs")
        .select("unique_key")
        .where("unique_key", "=", `reminder-7:${mine.paid.id}`)
        .execute();
      expect(reminders).toEqual([]);
      // The mails' jobs went with them: nothing left to send, nor to fail on.
      const mailJobs = await handle.db.selectFrom("jobs").select("unique_key").where("kind", "=", "mail").execute();
      expect(mailJobs).toHaveLength(4);

      // The other customer keeps everything, and a later sign-in with the address finds nothing.
      expect(await whereFound(handle.db, [other.email, other.phone])).toContain(`contact_messages.email: ${other.email.toLowerCase()}`);
      const after = await customerRecords(handle.db, who.email);
      expect(after).toMatchObject({
        orders: [],
        accesses: [],
        subscriptions: [],
        contactMessages: [],
        mails: [],
        sessions: [],
        signIns: [],
      });
      expect([after.newsletter, after.preferences, after.reminderOptOutAt]).toEqual([undefined, undefined, undefined]);
    });

    it("ends the live subscription, asks Stripe to cancel it after the commit, and keeps no card of the customer's", async () => {
      const who = someCustomer();
      const mine = await customerWithEverything(handle.db, who, NOW);
      const theirs = await customerWithEverything(handle.db, someCustomer(), NOW);
      const subscriptionOf = (id: number) =>
        handle.db.selectFrom("subscriptions").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
      const stripeId = (await subscriptionOf(mine.subscriptionId)).processor_subscription_id;
      const cancelJobs = () =>
        handle.db
          .selectFrom("jobs")
          .select(["payload", "done_at"])
          .where("kind", "=", JOB_KINDS.subscriptionCancel)
          .where("payload", "like", `%${stripeId}%`)
          .execute();

      await eraseCustomer(handle.db, who.email, { retentionYears: 10, now: NOW });

      const kept = await findOrderById(handle.db, mine.paid.id);
      // The paid order is kept for accounting: its subscription keeps Stripe's id beside it, nothing personal.
      expect(await subscriptionOf(mine.subscriptionId)).toMatchObject({
        email: kept?.email,
        status: "ended",
        end_reason: "stopped",
        ended_at: NOW.toISOString(),
        next_charge_at: null,
        next_retry_at: null,
        processor_subscription_id: stripeId,
        processor_customer_id: null,
        card_brand: null,
        card_last4: null,
        pay_url: null,
      });
      // The old order is anonymised: its ended subscription keeps how it ended, and no card nor processor id.
      expect(await subscriptionOf(mine.endedSubscriptionId)).toMatchObject({
        email: kept?.email,
        status: "ended",
        end_reason: "payment-failed",
        processor_subscription_id: null,
        payment_method: null,
        card_last4: null,
      });
      const cards = await handle.db
        .selectFrom("test_gateway_cards")
        .select("id")
        .where("id", "in", [mine.keptCardId, theirs.keptCardId])
        .execute();
      expect(cards).toEqual([{ id: theirs.keptCardId }]);
      expect(await cancelJobs()).toEqual([
        { payload: JSON.stringify({ processor: "stripe", processorSubscriptionId: stripeId }), done_at: null },
      ]);
      const lines = await handle.db
        .selectFrom("order_events")
        .select(["type", "actor", "details"])
        .where("order_id", "=", mine.paid.id)
        .execute();
      expect(lines).toContainEqual({
        type: "subscription-ended",
        actor: "customer",
        details: JSON.stringify({ reason: "stopped", cause: "account-deleted" }),
      });
      // The other customer's subscription runs on.
      expect(await subscriptionOf(theirs.subscriptionId)).toMatchObject({ status: "active", card_last4: "4242" });

      // Erased twice: nothing more to end, no second job.
      await eraseCustomer(handle.db, who.email, { retentionYears: 10, now: NOW });
      expect(await cancelJobs()).toHaveLength(1);
    });

    it("keeps a paid order only for the configured years", async () => {
      const who = someCustomer();
      const mine = await customerWithEverything(handle.db, who, NOW);
      const summary = await eraseCustomer(handle.db, who.email, { retentionYears: 20, now: NOW });
      expect(summary.ordersKept.sort()).toEqual([mine.paid.reference, mine.ancient.reference].sort());
      expect(await eraseCustomer(handle.db, who.email, { retentionYears: 20, now: NOW })).toMatchObject({ ordersKept: [], sessions: 0 });
    });

    it("runs in one transaction: a failure erases nothing", async () => {
      const who = someCustomer();
      await customerWithEverything(handle.db, who, NOW);
      const failing = handle.db.transaction().execute(async (transaction) => {
        await eraseCustomer(transaction, who.email, { retentionYears: 10, now: NOW });
        throw new Error("the audit line could not be written");
      });
      await expect(failing).rejects.toThrow(/audit line/);
      const records = await customerRecords(handle.db, who.email);
      expect(records.contactMessages).toHaveLength(1);
      expect(records.subscriptions.map((subscription) => subscription.status)).toEqual(["ended", "active"]);
    });
  });
}
