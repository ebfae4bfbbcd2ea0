import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerWithEverything, someCustomer, whereFound } from "../../tests/support/customer-data.ts";
import { createTestDatabase, type TestDatabase, testTargets } from "../../tests/support/databases.ts";
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

      const summary = await eraseCustomer(handle.db, ` ${who.email.toUpperCase()} `, { retentionYears: 10, now: NOW });

      expect(summary).toEqual({
        ordersKept: [mine.paid.reference],
        ordersAnonymised: 2,
        documentsDeleted: 1,
        accesses: 1,
        timelineLines: 1,
        mails: 4,
        contactMessages: 1,
        newsletter: 1,
        reminderOptOut: 1,
        preferences: 1,
        signIns: 1,
        sessions: 1,
        trials: 0,
      });
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
      expect(after).toMatchObject({ orders: [], accesses: [], contactMessages: [], mails: [], sessions: [], signIns: [] });
      expect([after.newsletter, after.preferences, after.reminderOptOutAt]).toEqual([undefined, undefined, undefined]);
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
      expect((await customerRecords(handle.db, who.email)).contactMessages).toHaveLength(1);
    });
  });
}
