import type { KyselyPlugin } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAudit } from "../../../server/admin/audit.ts";
import { parseCsv } from "../../../server/admin/csv.ts";
import { markOrderPaid } from "../../../server/db/orders.ts";
import type { Order } from "../../../server/db/schema.ts";
import { testTargets } from "../../../tests/support/databases.ts";
import { createOrderTestBed, type OrderTestBed } from "../../../tests/support/orders.ts";
import { recordPayment } from "../../checkout/record-payment.server";
import { issueInvoice } from "../../invoices/issue.server";
import { refundOrder } from "../orders/refund.server";
import { exportOrders } from "./orders-export.server";
import { parseDayRange } from "./period";

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Counts the statements a handle runs: how the export reads, batch by batch. */
function counting() {
  let statements = 0;
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      statements++;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { plugin, statements: () => statements };
}

/** The response's body as the chunks it was written in, decoded. */
async function chunks(response: Response): Promise<string[]> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const out: string[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return out;
    out.push(decoder.decode(value));
  }
}

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`the orders' CSV export on ${target.dialect}`, () => {
    let bed: OrderTestBed;
    const paid: Order[] = [];
    const range = parseDayRange(day(-1), day(1));
    if (!range.ok) throw new Error("the test's range");
    const input = (language: "en" | "es") => ({ ...range, language, operator: bed.operator, address: "203.0.113.7" });

    beforeAll(async () => {
      bed = await createOrderTestBed(target.dialect);
      // Five orders paid through recordPayment, each with its invoice; one card brand typed as a formula.
      paid.push(await bed.paidOrder({ card_brand: '=HYPERLINK("http://evil.example")', country: "ES" }));
      for (let index = 0; index < 2; index++) paid.push(await bed.paidOrder({ amount_cents: 1900 + index }));
      // One invoiced at the French rate (eu-oss) before its payment is recorded, which keeps that invoice.
      const french = await bed.pendingOrder({ amount_cents: 1200 });
      await bed.handle.db.transaction().execute((db) => issueInvoice(db, french, { taxMode: "eu-oss" }));
      await recordPayment(bed.services, french, await bed.chargeOnly(french));
      paid.push(french, await bed.paidOrder());
      // One paid before invoices existed: no invoice, its total alone.
      const old = await bed.pendingOrder({ card_brand: null, card_last4: null, payment_processor: "stripe" });
      await markOrderPaid(bed.handle.db, old.id, { gatewayReference: "pi_old" });
      // Paid two days before the range: not exported.
      await bed.handle.db
        .updateTable("orders")
        .set({ paid_at: `${day(-2)}T12:00:00.000Z` })
        .where("id", "=", paid[4]!.id)
        .execute();
      // A refund from the console: its credit note is a line of its own.
      const form = { intent: "refund", reason: "requestedByCustomer", note: "", refundedCents: "0" };
      expect(await refundOrder(bed.services, bed.operator, paid[1]!, form, "198.51.100.7")).toMatchObject({ ok: true });
    });
    afterAll(async () => {
      await bed?.handle.cleanup();
    });

    it("writes a line per order paid and per refund, neutralised, amounts with a dot, dates ISO, in batches", async () => {
      const count = counting();
      const response = await exportOrders(bed.handle.db.withPlugin(count.plugin), input("en"), 2);
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(response.headers.get("content-disposition")).toBe(`attachment; filename="orders-${day(-1)}-to-${day(1)}.csv"`);
      const written = await chunks(response);
      // The header, then two lines a chunk: 4 orders and 1 pre-invoice order, then the refund.
      expect(written.map((chunk) => parseCsv(chunk).length)).toEqual([1, 2, 2, 1 + 1]);
      // Two counts and the audit row, then the orders in batches of two (2, 2, 1) and the credit notes (1).
      expect(count.statements()).toBe(3 + 3 + 1);

      const [header, ...lines] = parseCsv(written.join(""));
      expect(header).toEqual([
        "Type",
        "Order",
        "Invoice or credit note",
        "Date",
        "Customer country",
        "Net",
        "VAT rate (%)",
        "VAT",
        "Total",
        "Currency",
        "Payment method",
        "Processor's payment id",
      ]);
      const invoiceOf = async (order: Order) =>
        (await bed.handle.db.selectFrom("invoices").select("number").where("order_id", "=", order.id).executeTakeFirstOrThrow()).number;
      const today = new Date().toISOString().slice(0, 10);
      expect(lines[0]).toEqual([
        "Order",
        paid[0]!.reference,
        await invoiceOf(paid[0]!),
        today,
        "ES",
        "29.00",
        "0.00",
        "0.00",
        "29.00",
        "EUR",
        `'=HYPERLINK("http://evil.example") ****4242`,
        expect.stringMatching(/.+/),
      ]);
      expect(lines[1]?.slice(0, 6)).toEqual(["Order", paid[1]!.reference, await invoiceOf(paid[1]!), today, "FR", "19.00"]);
      expect(lines[3]?.slice(1, 10)).toEqual([
        paid[3]!.reference,
        await invoiceOf(paid[3]!),
        today,
        "FR",
        "10.00",
        "20.00",
        "2.00",
        "12.00",
        "EUR",
      ]);
      expect(lines.slice(0, 5).map((line) => line[1])).not.toContain(paid[4]!.reference);
      expect(lines[4]).toEqual(["Order", expect.any(String), "", today, "FR", "", "", "", "29.00", "EUR", "stripe", "pi_old"]);
      const note = await bed.handle.db.selectFrom("credit_notes").selectAll().executeTakeFirstOrThrow();
      expect(lines[5]).toEqual([
        "Refund",
        paid[1]!.reference,
        note.number,
        today,
        "FR",
        "19.00",
        "0.00",
        "0.00",
        "19.00",
        "EUR",
        "visa ****4242",
        expect.stringMatching(/.+/),
      ]);
      expect(lines).toHaveLength(6);
    });

    it("writes its header in the operator's language, and the file is in the audit log with its range and counts", async () => {
      const [header, first] = parseCsv(await (await exportOrders(bed.handle.db, input("es"))).text());
      expect(header?.slice(0, 3)).toEqual(["Tipo", "Pedido", "Factura o rectificativa"]);
      expect(first?.[0]).toBe("Pedido");
      const { rows: entries } = await listAudit(bed.handle.db, { action: "export" });
      expect(entries.map((entry) => [entry.subject, JSON.parse(entry.details ?? "null")])).toEqual([
        ["orders", { from: day(-1), to: day(1), orders: 5, refunds: 1 }],
        ["orders", { from: day(-1), to: day(1), orders: 5, refunds: 1 }],
      ]);
      expect(entries[0]).toMatchObject({ operator_id: bed.operator.id, operator_email: bed.operator.email, address: "203.0.113.7" });
    });
  });
}
