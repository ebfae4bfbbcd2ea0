/**
 * The documents of a range as whole rows, read in batches from a key (issued_at, number) on the index of
 * migration 013, for the month's ZIP: one batch of rows in memory at a time, whatever the month holds.
 */
import type { SelectQueryBuilder } from "kysely";
import type { DocumentKey, TimeRange } from "./books.ts";
import type { Database } from "./database.ts";
import type { CreditNote, DatabaseSchema, Invoice } from "./schema.ts";

/** Rows of the range after the key, oldest first: on `(issued_at, number)`, which both tables index. */
function inRangeAfter<Row>(
  query: SelectQueryBuilder<DatabaseSchema, "invoices" | "credit_notes", Row>,
  range: TimeRange,
  key: DocumentKey | null,
  size: number,
) {
  let bounded = query.where("issued_at", ">=", range.start).where("issued_at", "<", range.end);
  if (key) {
    // Said twice: SQLite bounds its walk of the index by the plain comparison, not by the pair.
    bounded = bounded
      .where("issued_at", ">=", key.issuedAt)
      .where((where) => where(where.refTuple("issued_at", "number"), ">", where.tuple(key.issuedAt, key.number)));
  }
  return bounded.orderBy("issued_at").orderBy("number").limit(size).execute();
}

/** The next invoices issued in the range after the key, oldest first. */
export function invoicesBatch(db: Database, range: TimeRange, key: DocumentKey | null, size: number): Promise<Invoice[]> {
  return inRangeAfter(db.selectFrom("invoices").selectAll(), range, key, size);
}

/** The next credit notes issued in the range after the key, oldest first. */
export function creditNotesRowsBatch(db: Database, range: TimeRange, key: DocumentKey | null, size: number): Promise<CreditNote[]> {
  return inRangeAfter(db.selectFrom("credit_notes").selectAll(), range, key, size);
}

/** How many invoices and credit notes were issued in the range. */
export async function documentCounts(db: Database, range: TimeRange): Promise<{ invoices: number; creditNotes: number }> {
  const count = (table: "invoices" | "credit_notes") =>
    db
      .selectFrom(table)
      .select((select) => select.fn.countAll().as("count"))
      .where("issued_at", ">=", range.start)
      .where("issued_at", "<", range.end)
      .executeTakeFirstOrThrow();
  const [invoices, creditNotes] = await Promise.all([count("invoices"), count("credit_notes")]);
  // PostgreSQL's count is a bigint, which pg returns as a string.
  return { invoices: Number(invoices.count), creditNotes: Number(creditNotes.count) };
}
