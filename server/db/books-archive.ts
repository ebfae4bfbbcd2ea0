/**
 * The documents of a range as whole rows, read in batches from a key (issued_at, number) on the index of
 * migration 013, for the month's ZIP: one batch of rows in memory at a time, whatever the month holds.
 */
import type { TimeRange } from "./books.ts";
import type { Database } from "./database.ts";
import type { CreditNote, Invoice, Timestamp } from "./schema.ts";

export type DocumentKey = { issuedAt: Timestamp; number: string };

function after<T extends "invoices" | "credit_notes">(db: Database, table: T, range: TimeRange, key: DocumentKey | null, size: number) {
  let query = db
    .selectFrom(table as "invoices")
    .selectAll()
    .where("issued_at", ">=", range.start)
    .where("issued_at", "<", range.end);
  if (key) {
    query = query
      .where("issued_at", ">=", key.issuedAt)
      .where((where) => where(where.refTuple("issued_at", "number"), ">", where.tuple(key.issuedAt, key.number)));
  }
  return query.orderBy("issued_at").orderBy("number").limit(size);
}

/** The next invoices issued in the range after the key, oldest first. */
export function invoicesBatch(db: Database, range: TimeRange, key: DocumentKey | null, size: number): Promise<Invoice[]> {
  return after(db, "invoices", range, key, size).execute();
}

/** The next credit notes issued in the range after the key, oldest first. */
export async function creditNotesRowsBatch(db: Database, range: TimeRange, key: DocumentKey | null, size: number): Promise<CreditNote[]> {
  return (await after(db, "credit_notes", range, key, size).execute()) as unknown as CreditNote[];
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
