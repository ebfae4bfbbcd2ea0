import { afterEach, describe, expect, it } from "vitest";
import { creditNotesOfOrder, findInvoiceOfOrder } from "../../server/db/invoices.ts";
import { listOrderEvents } from "../../server/db/order-events.ts";
import { findOrderById } from "../../server/db/repositories.ts";
import type { SellerSnapshot } from "../../server/db/schema.ts";
import type { TestGateway } from "../../server/payments/test-gateway.ts";
import { cardCheckout } from "../../tests/support/checkout-details";
import { testTargets } from "../../tests/support/databases.ts";
import { createOrderTestBed, type OrderTestBed } from "../../tests/support/orders";
import { refundOrder } from "../admin/orders/refund.server";
import { placeCardOrder } from "../checkout/place-order.server";
import { recordPayment } from "../checkout/record-payment.server";
import { paymentRecord, settleOrder } from "../checkout/settle-order.server";
import { issueInvoice } from "./issue.server";

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`invoices and credit notes on ${target.dialect}`, () => {
    const beds: OrderTestBed[] = [];
    const freshBed = async () => {
      const bed = await createOrderTestBed(target.dialect);
      beds.push(bed);
      return bed;
    };
    afterEach(async () => {
      await Promise.all(beds.splice(0).map((bed) => bed.handle.cleanup()));
    });

    it("numbers 100 payments recorded at once 1 to 100, none twice, none missing, from two servers", async () => {
      const bed = await freshBed();
      // Two pools on PostgreSQL, as two servers. On SQLite one connection: node:sqlite waits for a lock
      // synchronously, so two connections in one process would block each other's event loop.
      const other = target.dialect === "postgres" ? bed.handle.openAnother() : bed.services.db;
      const orders = await Promise.all(Array.from({ length: 100 }, () => bed.pendingOrder()));
      const charged = await Promise.all(orders.map(async (order) => ({ order, reference: await bed.chargeOnly(order) })));
      await Promise.all(
        charged.map(({ order, reference }, index) =>
          recordPayment({ db: index % 2 ? other : bed.services.db, wakeMail: () => {} }, order, reference),
        ),
      );
      const invoices = await bed.handle.db.selectFrom("invoices").selectAll().execute();
      const year = new Date().getUTCFullYear();
      expect(invoices.map((invoice) => invoice.sequence).sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
      expect(new Set(invoices.map((invoice) => invoice.number)).size).toBe(100);
      expect(new Set(invoices.map((invoice) => invoice.order_id))).toEqual(new Set(orders.map((order) => order.id)));
      expect(invoices.map((invoice) => invoice.number)).toContain(`${year}-000100`);
    }, 60_000);

    it("leaves no gap when the transaction of a payment rolls back", async () => {
      const bed = await freshBed();
      const [first, second] = [await bed.pendingOrder(), await bed.pendingOrder()];
      const crash = bed.handle.db.transaction().execute(async (transaction) => {
        await issueInvoice(transaction, first);
        throw new Error("the server crashed before the payment was recorded");
      });
      await expect(crash).rejects.toThrow(/crashed/);
      expect(await findInvoiceOfOrder(bed.handle.db, first.id)).toBeUndefined();
      const paid = await bed.paidOrder();
      expect(await findInvoiceOfOrder(bed.handle.db, paid.id)).toMatchObject({ sequence: 1 });
      await bed.handle.db.transaction().execute((transaction) => issueInvoice(transaction, second));
      expect(await findInvoiceOfOrder(bed.handle.db, second.id)).toMatchObject({ sequence: 2 });
    });

    it("holds what the law asks: seller, buyer, what was sold, net, VAT and total, in the customer's language", async () => {
      const bed = await freshBed();
      const order = await bed.paidOrder({ country: "FR", language: "fr", amount_cents: 2900, plan_key: "advanced", viewers: 2 });
      const invoice = await findInvoiceOfOrder(bed.handle.db, order.id);
      expect(invoice).toMatchObject({
        buyer_name: "Camille Durand",
        buyer_country: "FR",
        language: "fr",
        plan_name: "Gold",
        months: 3,
        viewers: 2,
        currency: "EUR",
        total_cents: 2900,
        // TAX_MODE=none (the default): no VAT charged.
        rate_basis_points: 0,
        tax_cents: 0,
        net_cents: 2900,
        tax_basis: "not-charged",
      });
      expect(JSON.parse(invoice!.buyer_address)).toEqual(["1 place Bellecour", "69001 Lyon"]);
      expect(JSON.parse(invoice!.seller) as SellerSnapshot).toMatchObject({ legalName: "NovaStream Media S.L.", country: "ES" });
      // Recorded again (a webhook after the checkout), the order keeps its one invoice.
      await bed.handle.db.transaction().execute((transaction) => issueInvoice(transaction, order));
      expect(await bed.handle.db.selectFrom("invoices").selectAll().execute()).toHaveLength(1);
    });

    it("with eu-oss takes the VAT of the billing country, and the timeline tells when the address's country differs", async () => {
      const bed = await freshBed();
      const order = await bed.pendingOrder({ country: "FR", ip_country: "ES", amount_cents: 2900 });
      const seller = {
        legalName: "NovaStream Media S.L.",
        address: ["Calle de Colón 48"],
        country: "ES",
        taxId: "B12345678",
        invoicePrefix: "NS-",
      };
      const invoice = await bed.handle.db
        .transaction()
        .execute((transaction) => issueInvoice(transaction, order, { taxMode: "eu-oss", seller }));
      expect(invoice).toMatchObject({
        number: `NS-${new Date().getUTCFullYear()}-000001`,
        buyer_country: "FR",
        ip_country: "ES",
        rate_basis_points: 2000,
        net_cents: 2417,
        tax_cents: 483,
        total_cents: 2900,
        tax_basis: "customer-country",
        rates_as_of: "2026-01-01",
      });
      const events = await listOrderEvents(bed.handle.db, order.id);
      expect(events.filter((event) => event.type === "country-mismatch")).toHaveLength(1);
      expect(JSON.parse(events.find((event) => event.type === "country-mismatch")!.details!)).toMatchObject({
        billingCountry: "FR",
        ipCountry: "ES",
      });
    });

    it("keeps the country of the address a checkout came from with the order and its invoice", async () => {
      const bed = await freshBed();
      const form = cardCheckout("4242424242424242", { country: "FR" });
      const services = { ...bed.services, gateway: bed.services.gateway as TestGateway };
      const context = { language: "fr" as const, origin: "http://shop.test", address: "203.0.113.9", ipCountry: "BE" };
      const outcome = await placeCardOrder(form, services, context);
      expect(outcome).toMatchObject({ status: "paid" });
      const order = (await bed.handle.db.selectFrom("orders").selectAll().executeTakeFirstOrThrow())!;
      expect(order).toMatchObject({ country: "FR", ip_country: "BE" });
      expect(await findInvoiceOfOrder(bed.handle.db, order.id)).toMatchObject({ buyer_country: "FR", ip_country: "BE" });
      const events = await listOrderEvents(bed.handle.db, order.id);
      expect(events.map((event) => event.type)).toContain("country-mismatch");
    });

    it("gives every refund, the processor's and the console's, a credit note naming its invoice", async () => {
      const bed = await freshBed();
      const order = await bed.paidOrder({ amount_cents: 2900 });
      const invoice = (await findInvoiceOfOrder(bed.handle.db, order.id))!;
      const year = new Date().getUTCFullYear();

      // A partial refund made in the processor's dashboard, learnt twice (a webhook, then reconciliation).
      await bed.services.gateway.refund(paymentRecord(order), 1000);
      await settleOrder(bed.services, order);
      await settleOrder(bed.services, order);
      // The rest, refunded from the console.
      const after = (await findOrderById(bed.handle.db, order.id))!;
      const form = { intent: "refund", reason: "requestedByCustomer", note: "", refundedCents: "1000" };
      expect(await refundOrder(bed.services, bed.operator, after, form, "198.51.100.7")).toMatchObject({ ok: true });

      const notes = await creditNotesOfOrder(bed.handle.db, order.id);
      expect(notes).toMatchObject([
        {
          number: `CN-${year}-000001`,
          invoice_id: invoice.id,
          invoice_number: invoice.number,
          total_cents: 1000,
          refunded_cents_after: 1000,
        },
        {
          number: `CN-${year}-000002`,
          invoice_id: invoice.id,
          invoice_number: invoice.number,
          total_cents: 1900,
          refunded_cents_after: 2900,
        },
      ]);
      for (const note of notes) expect(note.net_cents + note.tax_cents).toBe(note.total_cents);
      // The credit notes' series is their own: the invoices' carries on at 2.
      expect((await findInvoiceOfOrder(bed.handle.db, (await bed.paidOrder()).id))?.sequence).toBe(2);
    });
  });
}
