/**
 * Stripe Tax (TAX_MODE=stripe) end to end below the browser: the real `stripe` SDK against the local Stripe,
 * which computes VAT at its own rates for the billing country chosen on its page; what it computed kept on
 * the order and printed on the invoice, on SQLite and PostgreSQL (docs/decisions/0024-vat-at-checkout-and-stripe-tax.md).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { creditNotesOfOrder, findInvoiceOfOrder } from "../../server/db/invoices.ts";
import { listOrderEvents } from "../../server/db/order-events.ts";
import { createStripeGateway } from "../../server/payments/stripe-gateway.ts";
import { streamingTaxCode } from "../../server/payments/stripe-tax.ts";
import { testTargets } from "../../tests/support/databases.ts";
import { type StripeTestBed, startStripeTestBed } from "../../tests/support/stripe";
import { settleOrder } from "./settle-order.server";

/** The VAT inside a tax-inclusive amount as Stripe rounds it: to the cent, half up. */
const stripeVat = (amount: number, basisPoints: number) => Math.round((amount * basisPoints) / (10_000 + basisPoints));

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`Stripe Tax on ${target.dialect}`, () => {
    let bed: StripeTestBed;
    beforeAll(async () => {
      bed = await startStripeTestBed({ dialect: target.dialect, automaticTax: true });
    });
    afterAll(() => bed?.close());

    it("asks Stripe for automatic tax, the price as tax included, the streaming tax code and the billing address", async () => {
      const { order, sessionId } = await bed.checkout();
      const created = bed.fake.requests.findLast((request) => request.method === "POST" && request.path === "/v1/checkout/sessions");
      expect(created?.params).toMatchObject({
        automatic_tax: { enabled: "true" },
        billing_address_collection: "required",
        line_items: [
          {
            price_data: {
              unit_amount: String(order.amount_cents),
              tax_behavior: "inclusive",
              product_data: { tax_code: streamingTaxCode },
            },
          },
        ],
      });
      expect(bed.fake.sessions.get(sessionId)?.automatic_tax).toMatchObject({ enabled: true, status: "requires_location_inputs" });
    });

    it("paid from France: the order keeps Stripe's tax, and the invoice prints it with net = total − tax", async () => {
      const { order, sessionId } = await bed.checkout({ country: "FR" });
      await bed.fake.completeSession(sessionId, "card", "FR");
      const paid = await bed.current(order);
      const tax = stripeVat(order.amount_cents, 2000);
      expect(paid).toMatchObject({
        status: "paid",
        processor_tax_cents: tax,
        processor_tax_rate_basis_points: 2000,
        processor_tax_country: "FR",
      });
      // The price includes the tax: Stripe took exactly what the shop asked.
      expect(bed.fake.sessions.get(sessionId)).toMatchObject({ amount_total: order.amount_cents, total_details: { amount_tax: tax } });
      const lookups = bed.fake.requests.filter(
        (request) => request.method === "GET" && request.path === `/v1/checkout/sessions/${sessionId}`,
      );
      expect(lookups.at(-1)?.params.expand).toContain("total_details.breakdown");

      expect(await findInvoiceOfOrder(bed.db, order.id)).toMatchObject({
        tax_basis: "stripe",
        rate_basis_points: 2000,
        tax_cents: tax,
        net_cents: order.amount_cents - tax,
        total_cents: order.amount_cents,
        buyer_country: "FR",
        rates_as_of: null,
      });
      expect((await listOrderEvents(bed.db, order.id)).map((event) => event.type)).not.toContain("country-mismatch");
    });

    it("taxed by Stripe in another country than the billing one typed: Stripe's rate, and the timeline says so", async () => {
      const { order, sessionId } = await bed.checkout({ country: "FR" });
      await bed.fake.completeSession(sessionId, "card", "DE");
      const invoice = await findInvoiceOfOrder(bed.db, order.id);
      expect(invoice).toMatchObject({ tax_basis: "stripe", rate_basis_points: 1900, tax_cents: stripeVat(order.amount_cents, 1900) });
      expect(invoice?.buyer_country).toBe("FR");
      const mismatch = (await listOrderEvents(bed.db, order.id)).find((event) => event.type === "country-mismatch");
      expect(JSON.parse(mismatch?.details ?? "{}")).toMatchObject({ billingCountry: "FR", taxCountry: "DE", invoice: invoice?.number });
    });

    it("a customer outside the EU pays no VAT: the invoice says 0 % from Stripe", async () => {
      const { order, sessionId } = await bed.checkout({ country: "US", postalCode: "10001" });
      await bed.fake.completeSession(sessionId, "card", "US");
      expect(await bed.current(order)).toMatchObject({
        processor_tax_cents: 0,
        processor_tax_rate_basis_points: 0,
        processor_tax_country: "US",
      });
      expect(await findInvoiceOfOrder(bed.db, order.id)).toMatchObject({ tax_basis: "stripe", rate_basis_points: 0, tax_cents: 0 });
    });

    it("refunded in two parts: the credit notes give back Stripe's tax to the cent", async () => {
      const { order, sessionId } = await bed.checkout({ country: "FR" });
      const session = await bed.fake.completeSession(sessionId, "card", "FR");
      const intent = session.payment_intent!;
      await bed.fake.refundFromDashboard(intent, 1001);
      await bed.fake.refundFromDashboard(intent);
      const invoice = await findInvoiceOfOrder(bed.db, order.id);
      const notes = await creditNotesOfOrder(bed.db, order.id);
      expect(notes).toHaveLength(2);
      expect(notes.every((note) => note.tax_basis === "stripe" && note.rate_basis_points === 2000)).toBe(true);
      expect(notes.reduce((sum, note) => sum + note.tax_cents, 0)).toBe(invoice?.tax_cents);
      expect(notes.reduce((sum, note) => sum + note.total_cents, 0)).toBe(order.amount_cents);
      for (const note of notes) expect(note.net_cents + note.tax_cents).toBe(note.total_cents);
    });
  });
}

describe("a session opened with Stripe Tax, paid after TAX_MODE changed", () => {
  let bed: StripeTestBed;
  beforeAll(async () => {
    bed = await startStripeTestBed({ automaticTax: true });
  });
  afterAll(() => bed?.close());

  it("is still recorded with Stripe's tax by a gateway that no longer asks for it", async () => {
    const { order, sessionId } = await bed.checkout({ country: "FR" });
    // The operator restarts with TAX_MODE=eu-oss while the customer is on Stripe's page.
    const later = createStripeGateway({ secretKey: "sk_test_payments", webhookSecret: "whsec_later", apiBase: bed.fake.url });
    bed.fake.setWebhooksHeld(true);
    await bed.fake.completeSession(sessionId, "card", "FR");
    await settleOrder({ db: bed.db, gateway: later, wakeMail: () => {} }, order);
    expect(await findInvoiceOfOrder(bed.db, order.id)).toMatchObject({
      tax_basis: "stripe",
      rate_basis_points: 2000,
      tax_cents: stripeVat(order.amount_cents, 2000),
    });
  });
});
