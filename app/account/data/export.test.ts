import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerRecords } from "../../../server/db/customer-data.ts";
import { migrateToLatest } from "../../../server/db/database.ts";
import { customerWithEverything, someCustomer } from "../../../tests/support/customer-data.ts";
import { createTestDatabase, type TestDatabase, testTargets } from "../../../tests/support/databases.ts";
import { issueCreditNote, issueInvoice } from "../../invoices/issue.server";
import { buildExport, EXPORT_FORMAT, exportFileName } from "./export.ts";

const NOW = new Date("2026-06-01T10:00:00.000Z");
const notes = { accessDetailsNote: "Shown on the access page.", sealedMailsNote: "Sealed mails have no text here." };

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`the data export on ${target.dialect}`, () => {
    let handle: TestDatabase;
    beforeAll(async () => {
      handle = await createTestDatabase(target.dialect);
      await migrateToLatest(handle.db, target.dialect);
    });
    afterAll(async () => handle?.cleanup());

    it("holds the invoices and credit notes of the address's orders, with their buyer and amounts", async () => {
      const who = someCustomer();
      const mine = await customerWithEverything(handle.db, who, NOW);
      const order = (await handle.db.selectFrom("orders").selectAll().where("id", "=", mine.paid.id).executeTakeFirstOrThrow())!;
      // The fixture issued it already: asked again, the same invoice.
      const invoice = await issueInvoice(handle.db, order, { now: NOW });
      const note = await issueCreditNote(handle.db, order, 500, { now: NOW });
      const file = buildExport(await customerRecords(handle.db, who.email), notes, NOW);
      expect(file.invoices).toHaveLength(2);
      expect(file.invoices).toContainEqual(
        expect.objectContaining({
          number: invoice.number,
          order: order.reference,
          totalCents: invoice.total_cents,
          buyer: expect.objectContaining({ name: `${who.firstName} ${who.lastName}` }),
        }),
      );
      expect(file.creditNotes).toEqual([expect.objectContaining({ number: note?.number, invoice: invoice.number, totalCents: 500 })]);
    });

    it("holds everything about the address, and no secret nor internal column", async () => {
      const who = someCustomer();
      const mine = await customerWithEverything(handle.db, who, NOW);
      await customerWithEverything(handle.db, someCustomer(), NOW);
      await handle.db.updateTable("orders").set({ ip_country: "ES" }).where("id", "=", mine.paid.id).execute();
      const file = buildExport(await customerRecords(handle.db, who.email), notes, NOW);

      expect(file).toMatchObject({ format: EXPORT_FORMAT, version: 1, exportedAt: NOW.toISOString(), email: who.email.toLowerCase() });
      expect(file.orders.map((order) => order.reference).sort()).toEqual(
        [mine.paid.reference, mine.ancient.reference, mine.failed.reference].sort(),
      );
      const paid = file.orders.find((order) => order.reference === mine.paid.reference);
      expect(paid).toMatchObject({ status: "fulfilled", phone: who.phone, address: "1 place Bellecour", access: mine.paid.reference });
      expect(paid).toMatchObject({ countryOfClientAddress: "ES", countryTaxedByProcessor: null });
      // The customer's side of the timeline: not the client address a reveal was made from.
      expect(paid?.timeline.map((line) => line.event)).toEqual(["access-revealed", "paid"]);
      expect(file.accesses).toEqual({
        note: notes.accessDetailsNote,
        list: [expect.objectContaining({ reference: mine.paid.reference, status: "active" })],
      });
      // Automatic renewals, oldest first: the processor's ids are the customer's own records there.
      const stripe = await handle.db
        .selectFrom("subscriptions")
        .selectAll()
        .where("id", "=", mine.subscriptionId)
        .executeTakeFirstOrThrow();
      expect(file.subscriptions).toEqual([
        expect.objectContaining({
          order: mine.ancient.reference,
          status: "ended",
          endReason: "payment-failed",
          card: { brand: "mastercard", last4: "4444" },
          processor: "test",
        }),
        {
          order: mine.paid.reference,
          access: mine.paid.reference,
          startedAt: NOW.toISOString(),
          plan: mine.paid.plan_key,
          viewers: mine.paid.viewers,
          amountCents: mine.paid.amount_cents,
          currency: mine.paid.currency,
          status: "active",
          nextChargeAt: stripe.next_charge_at,
          failedAttempts: 0,
          nextRetryAt: null,
          endedAt: null,
          endReason: null,
          card: { brand: "visa", last4: "4242" },
          processor: "stripe",
          processorSubscriptionId: stripe.processor_subscription_id,
          processorCustomerId: stripe.processor_customer_id,
        },
      ]);
      expect(file.contactMessages).toEqual([expect.objectContaining({ subject: "Hi", message: "A question" })]);
      expect(file.newsletter).toMatchObject({ state: "awaiting-confirmation", language: "es" });
      expect(file.renewalReminders).toEqual({ state: "stopped", since: NOW.toISOString() });
      expect(file.preferences).toMatchObject({ mailLanguage: "es" });
      expect(file.accountSessions).toEqual([expect.objectContaining({ address: who.clientAddress, endedAt: null })]);
      expect(file.signInRequests).toHaveLength(1);
      expect(file.mails.list.map((mail) => [mail.kind, mail.state, mail.text])).toEqual([
        ["order-confirmation", "waiting", `Hello ${who.firstName}`],
        ["access-details", "waiting", null],
      ]);
      expect(file.mails.note).toBe(notes.sealedMailsNote);

      const text = JSON.stringify(file);
      for (const secret of [
        "sealed-details",
        "secret-login",
        "sealed:",
        mine.paid.idempotency_key,
        "token_hash",
        "idempotency",
        "ops@shop.example",
        // The kept card's id charges it; the unpaid invoice's page pays it: handles, not facts about the customer.
        mine.keptCardId,
        "invoice.stripe.com",
      ]) {
        expect(text).not.toContain(secret);
      }
    });

    it("is an empty file for an address the shop does not know", async () => {
      const file = buildExport(await customerRecords(handle.db, "nobody@example.com"), notes, NOW);
      expect(file).toMatchObject({
        orders: [],
        subscriptions: [],
        contactMessages: [],
        newsletter: null,
        preferences: null,
        renewalReminders: { state: "on" },
      });
    });
  });
}

describe("the export's file name", () => {
  it("names the shop and the day, nothing personal", () => {
    expect(exportFileName("NovaStream TV", NOW)).toBe("novastream-tv-my-data-2026-06-01.json");
  });
});
