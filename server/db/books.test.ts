import { type Compilable, CompiledQuery, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueCreditNote, issueInvoice } from "../../app/invoices/issue.server.ts";
import { testTargets } from "../../tests/support/databases.ts";
import { createOrderTestBed, type OrderTestBed } from "../../tests/support/orders.ts";
import {
  type BookDocument,
  documentPage,
  documentPageQuery,
  findDocument,
  monthTaxTotals,
  type TimeRange,
  taxTotals,
  taxTotalsQuery,
} from "./books.ts";
import type { Order } from "./schema.ts";

const november: TimeRange = { start: "2026-11-01T00:00:00.000Z", end: "2026-12-01T00:00:00.000Z" };
const seller = { legalName: "NovaStream Media S.L.", address: ["Calle de Colón 48"], country: "ES", taxId: "B12345678", invoicePrefix: "" };
const at = (day: number, hour = 9) => new Date(Date.UTC(2026, 10, day, hour));

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`the books' queries on ${target.dialect}`, () => {
    let bed: OrderTestBed;
    const invoiced = async (country: string, cents: number, now: Date): Promise<Order> => {
      const order = await bed.pendingOrder({ country, amount_cents: cents });
      await bed.handle.db.transaction().execute((db) => issueInvoice(db, order, { now, taxMode: "eu-oss", seller }));
      return order;
    };
    const refunded = (order: Order, cents: number, after: number, now: Date) =>
      bed.handle.db.transaction().execute((db) => issueCreditNote(db, { ...order, refunded_cents: after }, cents, { now, seller }));

    beforeAll(async () => {
      bed = await createOrderTestBed(target.dialect);
      // October's last invoice and December's first stay out of November.
      await invoiced("FR", 1000, new Date("2026-10-31T23:59:59.999Z"));
      const lyon = await invoiced("FR", 2900, at(2)); // 20 %: 2417 + 483
      await invoiced("FR", 1200, at(3)); // 1000 + 200
      await invoiced("ES", 2420, at(3, 10)); // 21 %: 2000 + 420
      const berlin = await invoiced("DE", 1190, at(5)); // 19 %: 1000 + 190
      await invoiced("US", 5000, at(6)); // outside the EU: 0 %
      await refunded(lyon, 1200, 1200, at(20)); // 1000 + 200 back
      await refunded(berlin, 1190, 1190, at(21));
      await invoiced("FR", 700, new Date("2026-12-01T00:00:00.000Z"));
    });
    afterAll(async () => {
      await bed?.handle.cleanup();
    });

    it("totals the month by country and rate, invoices minus credit notes, with a grand total", async () => {
      const { lines, grand } = await taxTotals(bed.handle.db, november);
      expect(lines).toEqual([
        {
          buyer_country: "DE",
          rate_basis_points: 1900,
          currency: "EUR",
          net_cents: 0,
          tax_cents: 0,
          total_cents: 0,
          invoices: 1,
          credit_notes: 1,
        },
        {
          buyer_country: "ES",
          rate_basis_points: 2100,
          currency: "EUR",
          net_cents: 2000,
          tax_cents: 420,
          total_cents: 2420,
          invoices: 1,
          credit_notes: 0,
        },
        {
          buyer_country: "FR",
          rate_basis_points: 2000,
          currency: "EUR",
          net_cents: 2417 + 1000 - 1000,
          tax_cents: 483 + 200 - 200,
          total_cents: 2900 + 1200 - 1200,
          invoices: 2,
          credit_notes: 1,
        },
        {
          buyer_country: "US",
          rate_basis_points: 0,
          currency: "EUR",
          net_cents: 5000,
          tax_cents: 0,
          total_cents: 5000,
          invoices: 1,
          credit_notes: 0,
        },
      ]);
      expect(grand).toEqual([
        {
          buyer_country: null,
          rate_basis_points: null,
          currency: "EUR",
          net_cents: 2417 + 2000 + 5000,
          tax_cents: 483 + 420,
          total_cents: 2900 + 2420 + 5000,
          invoices: 5,
          credit_notes: 2,
        },
      ]);
      expect(await taxTotals(bed.handle.db, { start: "2025-01-01T00:00:00.000Z", end: "2025-02-01T00:00:00.000Z" })).toEqual({
        lines: [],
        grand: [],
      });
      // The totals the database keeps as documents are issued are the same figures, for every month.
      expect(await monthTaxTotals(bed.handle.db, "2026-11")).toEqual({ lines, grand });
      expect(await monthTaxTotals(bed.handle.db, "2025-01")).toEqual({ lines: [], grand: [] });
      for (const [month, range] of [
        ["2026-10", { start: "2026-10-01T00:00:00.000Z", end: "2026-11-01T00:00:00.000Z" }],
        ["2026-12", { start: "2026-12-01T00:00:00.000Z", end: "2027-01-01T00:00:00.000Z" }],
      ] as const) {
        expect(await monthTaxTotals(bed.handle.db, month)).toEqual(await taxTotals(bed.handle.db, range));
      }
    });

    it("keeps the month's totals when documents are deleted or changed, as erasure and the retention sweep do", async () => {
      const rolledBack = new Error("rolled back");
      await bed.handle.db
        .transaction()
        .execute(async (db) => {
          await db.deleteFrom("credit_notes").where("buyer_country", "=", "DE").execute();
          await db.deleteFrom("invoices").where("buyer_country", "=", "US").execute();
          // No code changes a document's amounts; were one to, its month would still add up.
          await sql`update invoices set buyer_country = 'PT' where buyer_country = 'ES'`.execute(db);
          const kept = await monthTaxTotals(db, "2026-11");
          expect(kept).toEqual(await taxTotals(db, november));
          expect(kept.lines.map((line) => [line.buyer_country, line.invoices, line.credit_notes])).toEqual([
            ["DE", 1, 0],
            ["FR", 2, 1],
            ["PT", 1, 0],
          ]);
          throw rolledBack;
        })
        .catch((error: unknown) => {
          if (error !== rolledBack) throw error;
        });
      expect(await monthTaxTotals(bed.handle.db, "2026-11")).toEqual(await taxTotals(bed.handle.db, november));
    });

    it("lists the month newest first, a page at a time from a key, both ways, the credit notes naming their invoice", async () => {
      const db = bed.handle.db;
      const first = await documentPage(db, november, { size: 3 });
      const numbers = (page: { documents: BookDocument[] }) => page.documents.map((document) => document.number);
      expect(numbers(first)).toEqual(["CN-2026-000002", "CN-2026-000001", "2026-000006"]);
      expect(first).toMatchObject({ newer: false, older: true });
      expect(first.documents[0]).toMatchObject({ kind: "credit-note", corrects: "2026-000005", buyer_country: "DE", total_cents: 1190 });
      expect(first.documents[2]).toMatchObject({ kind: "invoice", corrects: null, buyer_country: "US", total_cents: 5000 });

      const key = (document: BookDocument | undefined) => ({ issuedAt: document!.issued_at, number: document!.number });
      const second = await documentPage(db, november, { size: 3, from: { key: key(first.documents[2]), direction: "older" } });
      expect(numbers(second)).toEqual(["2026-000005", "2026-000004", "2026-000003"]);
      expect(second).toMatchObject({ newer: true, older: true });
      const last = await documentPage(db, november, { size: 3, from: { key: key(second.documents[2]), direction: "older" } });
      expect(numbers(last)).toEqual(["2026-000002"]);
      expect(last).toMatchObject({ newer: true, older: false });

      const back = await documentPage(db, november, { size: 3, from: { key: key(last.documents[0]), direction: "newer" } });
      expect(numbers(back)).toEqual(numbers(second));
      expect(back).toMatchObject({ newer: true, older: true });
      const top = await documentPage(db, november, { size: 3, from: { key: key(back.documents[0]), direction: "newer" } });
      expect(numbers(top)).toEqual(numbers(first));
      expect(top.newer).toBe(false);
    });

    it("finds an invoice or a credit note by its number, and nothing for a number that does not exist", async () => {
      expect(await findDocument(bed.handle.db, "2026-000002")).toMatchObject({ kind: "invoice", document: { total_cents: 2900 } });
      expect(await findDocument(bed.handle.db, "CN-2026-000001")).toMatchObject({
        kind: "credit-note",
        document: { invoice_number: "2026-000002", total_cents: 1200 },
      });
      expect(await findDocument(bed.handle.db, "2026-999999")).toBeUndefined();
    });

    it("reads a page and the totals on the indexes of migration 013, whichever page", async () => {
      const db = bed.handle.db;
      const plan = async (query: Compilable) => {
        const { sql: text, parameters } = query.compile();
        const explain = target.dialect === "sqlite" ? "explain query plan" : "explain (costs off)";
        const result = await db.transaction().execute(async (transaction) => {
          // Small tables: PostgreSQL would rather read them whole, so it is told not to, as it would not on a year's rows.
          if (target.dialect === "postgres") await sql`set local enable_seqscan = off`.execute(transaction);
          return transaction.executeQuery<Record<string, string>>(CompiledQuery.raw(`${explain} ${text}`, [...parameters]));
        });
        const lines = result.rows.map((row) => Object.values(row).join(" ")).join("\n");
        if (process.env.SHOW_PLANS) console.log(lines);
        return lines;
      };
      const last = { key: { issuedAt: at(3).toISOString(), number: "2026-000003" }, direction: "older" as const };
      for (const query of [
        documentPageQuery(db, november, { size: 25 }),
        documentPageQuery(db, november, { size: 25, from: last }),
        taxTotalsQuery(db, november, "lines"),
        taxTotalsQuery(db, november, "grand"),
      ]) {
        const text = await plan(query);
        expect(text).toMatch(/invoices_books_idx/);
        expect(text).toMatch(/credit_notes_books_idx/);
        expect(text).not.toMatch(/SCAN (invoices|credit_notes)\b(?! USING)|Seq Scan/);
      }
    });
  });
}
