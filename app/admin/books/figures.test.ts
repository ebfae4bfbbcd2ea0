/**
 * The figures of docs/decisions/0023-the-books-in-the-console.md, measured on demand only (it seeds a year
 * of orders): `NODE_OPTIONS=--expose-gc FIGURES_ORDERS=100000 [FIGURES_ZIP=0] npm run test:unit --
 * app/admin/books/figures.test.ts` (add TEST_DATABASE_URL for PostgreSQL). With --expose-gc the live heap is
 * sampled after a collection every 10 chunks; without it, times are closer to a real download's.
 */
import { sql } from "kysely";
import { describe, it } from "vitest";
import { toCsv } from "../../../server/admin/csv.ts";
import { documentPage } from "../../../server/db/books.ts";
import { migrateToLatest } from "../../../server/db/database.ts";
import { createTestDatabase, testTargets } from "../../../tests/support/databases.ts";
import { newOrder } from "../../../tests/support/new-order.ts";
import { exportMonthZip } from "./month-zip.server";
import { exportOrders } from "./orders-export.server";
import { monthRange } from "./period";

const N = Number(process.env.FIGURES_ORDERS ?? 0);
const REFUNDS = Math.round(N / 20);
const seller = JSON.stringify({ legalName: "NovaStream Media S.L.", address: ["Calle de Colón 48"], country: "ES", taxId: "B12345678" });
const countries = ["FR", "ES", "DE", "IT", "NL", "BE", "PT", "US"];
const rates: Record<string, number> = { FR: 2000, ES: 2100, DE: 1900, IT: 2200, NL: 2100, BE: 2100, PT: 2300, US: 0 };

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

for (const target of testTargets) {
  describe.skipIf(!target.enabled || N === 0)(`figures on ${target.dialect}`, () => {
    it("measures", async () => {
      const handle = await createTestDatabase(target.dialect);
      await migrateToLatest(handle.db, target.dialect);
      const db = handle.db;
      const year = 2026;
      const start = Date.UTC(year, 0, 1);
      const span = Date.UTC(year + 1, 0, 1) - start;
      let seeded = Date.now();
      for (let batch = 0; batch < N; batch += 500) {
        const rows = [];
        for (let index = batch; index < Math.min(N, batch + 500); index++) {
          const at = new Date(start + Math.floor((index / N) * span)).toISOString();
          const country = countries[index % countries.length]!;
          const { renews_access_id: _, ...order } = newOrder({ country, card_brand: "visa", card_last4: "4242" }) as never as Record<
            string,
            unknown
          >;
          rows.push({
            ...order,
            reference: `NS-${String(index).padStart(9, "0")}`,
            status: "paid",
            gateway_reference: `pay_${index}`,
            paid_at: at,
            created_at: at,
            updated_at: at,
          });
        }
        await db
          .insertInto("orders")
          .values(rows as never)
          .execute();
      }
      const orders = await db.selectFrom("orders").select(["id", "paid_at", "country", "amount_cents"]).orderBy("id").execute();
      for (let batch = 0; batch < orders.length; batch += 500) {
        const rows = orders.slice(batch, batch + 500).map((order, offset) => {
          const index = batch + offset;
          const rate = rates[order.country]!;
          const net = Math.round((order.amount_cents * 10000) / (10000 + rate));
          return {
            number: `${year}-${String(index + 1).padStart(6, "0")}`,
            year,
            sequence: index + 1,
            issued_at: order.paid_at!,
            language: "fr",
            seller,
            buyer_name: "Camille Durand",
            buyer_address: JSON.stringify(["1 place Bellecour", "69001 Lyon"]),
            buyer_country: order.country,
            net_cents: net,
            rate_basis_points: rate,
            tax_cents: order.amount_cents - net,
            total_cents: order.amount_cents,
            currency: "EUR",
            tax_basis: rate ? "customer-country" : "outside-eu",
            rates_as_of: "2026-01-01",
            order_id: order.id,
            plan_key: "advanced",
            plan_name: "Gold",
            months: 3,
            viewers: 2,
            created_at: order.paid_at!,
            updated_at: order.paid_at!,
          };
        });
        await db
          .insertInto("invoices")
          .values(rows as never)
          .execute();
      }
      const invoices = await db.selectFrom("invoices").selectAll().orderBy("id").limit(REFUNDS).execute();
      for (let batch = 0; batch < invoices.length; batch += 500) {
        const rows = invoices.slice(batch, batch + 500).map((invoice, offset) => {
          const at = new Date(new Date(invoice.issued_at).getTime() + 86_400_000).toISOString();
          const {
            id: _,
            year: __,
            sequence: ___,
            number: ____,
            plan_key,
            plan_name,
            months,
            viewers,
            period_start,
            period_end,
            ip_country,
            ...rest
          } = invoice;
          return {
            ...rest,
            number: `CN-${year}-${String(batch + offset + 1).padStart(6, "0")}`,
            year,
            sequence: batch + offset + 1,
            issued_at: at,
            invoice_id: invoice.id,
            invoice_number: invoice.number,
            refunded_cents_after: invoice.total_cents,
            created_at: at,
            updated_at: at,
          };
        });
        await db
          .insertInto("credit_notes")
          .values(rows as never)
          .execute();
      }
      if (target.dialect === "postgres") await sql`analyze`.execute(db);
      seeded = Date.now() - seeded;
      console.log(`${target.dialect}: seeded ${N} orders with invoices, ${REFUNDS} credit notes in ${seeded} ms`);

      // The CSV of the year, streamed.
      const operator = { id: 1, email: "ops@example.com" };
      const range = { start: `${year}-01-01T00:00:00.000Z`, end: `${year + 1}-01-01T00:00:00.000Z` };
      globalThis.gc?.();
      const base = process.memoryUsage();
      let peakHeap = base.heapUsed;
      let peakRss = base.rss;
      let bytes = 0;
      let chunksRead = 0;
      let began = performance.now();
      const response = await exportOrders(db, {
        from: `${year}-01-01`,
        to: `${year}-12-31`,
        range,
        language: "en",
        operator,
        address: "x",
      });
      const reader = response.body!.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        bytes += value.length;
        if (++chunksRead % 10 === 0) globalThis.gc?.();
        const now = process.memoryUsage();
        peakHeap = Math.max(peakHeap, now.heapUsed);
        peakRss = Math.max(peakRss, now.rss);
      }
      const streamed = performance.now() - began;
      console.log(
        `${target.dialect}: CSV streamed, ${N + REFUNDS} lines, ${mb(bytes)} in ${streamed.toFixed(0)} ms; heap +${mb(peakHeap - base.heapUsed)} at peak, rss +${mb(peakRss - base.rss)}`,
      );

      // The same file made in memory at once, for comparison.
      globalThis.gc?.();
      const base2 = process.memoryUsage();
      began = performance.now();
      const all = await db
        .selectFrom("orders")
        .leftJoin("invoices", "invoices.order_id", "orders.id")
        .selectAll("orders")
        .select(["invoices.number", "invoices.net_cents"])
        .execute();
      const text = toCsv(all.map((row) => Object.values(row) as never));
      globalThis.gc?.();
      const after2 = process.memoryUsage();
      if (text.length < 0) console.log(all.length);
      console.log(
        `${target.dialect}: the same rows read at once: ${all.length} rows, ${mb(text.length)} in ${(performance.now() - began).toFixed(0)} ms; heap +${mb(after2.heapUsed - base2.heapUsed)}`,
      );

      // Keyset pages of a month: first and last, and an offset for comparison.
      const november = monthRange(`${year}-11`);
      const time = async (label: string, run: () => Promise<unknown>) => {
        await run();
        const t0 = performance.now();
        for (let i = 0; i < 20; i++) await run();
        console.log(`${target.dialect}: ${label}: ${((performance.now() - t0) / 20).toFixed(2)} ms`);
      };
      const first = await documentPage(db, november, { size: 25 });
      let page = first;
      let pages = 1;
      while (page.older) {
        const last = page.documents.at(-1)!;
        page = await documentPage(db, november, {
          size: 25,
          from: { key: { issuedAt: last.issued_at, number: last.number }, direction: "older" },
        });
        pages++;
      }
      const lastKey = (() => {
        const last = page.documents[0]!;
        return { issuedAt: last.issued_at, number: last.number };
      })();
      console.log(`${target.dialect}: November: ${pages} pages of 25`);
      await time("first page (keyset)", () => documentPage(db, november, { size: 25 }));
      await time("last page (keyset)", () => documentPage(db, november, { size: 25, from: { key: lastKey, direction: "newer" } }));
      await time("last page by OFFSET (for comparison)", () =>
        db
          .selectFrom("invoices")
          .selectAll()
          .where("issued_at", ">=", november.start)
          .where("issued_at", "<", november.end)
          .orderBy("issued_at", "desc")
          .orderBy("number", "desc")
          .limit(25)
          .offset((pages - 1) * 25)
          .execute(),
      );
      const { taxTotals } = await import("../../../server/db/books.ts");
      await time("month's totals (GROUP BY on the index)", () => taxTotals(db, november));

      // A month's ZIP, streamed.
      if (process.env.FIGURES_ZIP === "0") return handle.cleanup();
      const documents = await db
        .selectFrom("invoices")
        .select((s) => s.fn.countAll().as("n"))
        .where("issued_at", ">=", november.start)
        .where("issued_at", "<", november.end)
        .executeTakeFirstOrThrow();
      globalThis.gc?.();
      const base3 = process.memoryUsage();
      let peak3 = base3.heapUsed;
      let zipBytes = 0;
      began = performance.now();
      const zip = await exportMonthZip(db, { month: `${year}-11`, range: november, operator, address: "x" });
      const zipReader = zip.body!.getReader();
      for (;;) {
        const { done, value } = await zipReader.read();
        if (done) break;
        zipBytes += value.length;
        if (++chunksRead % 10 === 0) globalThis.gc?.();
        peak3 = Math.max(peak3, process.memoryUsage().heapUsed);
      }
      console.log(
        `${target.dialect}: ZIP of November: ${documents.n} invoices, ${mb(zipBytes)} in ${(performance.now() - began).toFixed(0)} ms; heap +${mb(peak3 - base3.heapUsed)} at peak`,
      );
      await handle.cleanup();
    }, 600_000);
  });
}
