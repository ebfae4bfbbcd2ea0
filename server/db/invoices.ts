/**
 * Invoices and credit notes: their numbers, and their rows, written once (docs/decisions/0021-invoices-and-tax.md).
 * Every function takes the caller's transaction: a number is taken in the transaction that records the
 * payment or the refund, so it is used if and only if that transaction commits.
 */
import { type Insertable, sql } from "kysely";
import type { Database } from "./database.ts";
import type { CreditNote, CreditNotesTable, DocumentSeries, Invoice, InvoicesTable } from "./invoices-schema.ts";
import { timestamp } from "./time.ts";

/**
 * The next number of a series in a year: one statement that creates the year's counter at 1 or adds one to
 * it, and returns it. PostgreSQL locks the counter's row until the transaction ends, so a second server
 * waits and then takes the next number; SQLite lets one transaction write at a time. A transaction that
 * rolls back takes its increment with it: no number is skipped, none is taken twice.
 */
export async function takeNumber(db: Database, series: DocumentSeries, year: number, now: Date = new Date()): Promise<number> {
  const at = timestamp(now);
  const row = await db
    .insertInto("document_counters")
    .values({ series, year, last_number: 1, created_at: at, updated_at: at })
    .onConflict((conflict) =>
      conflict.columns(["series", "year"]).doUpdateSet({ last_number: sql`document_counters.last_number + 1`, updated_at: at }),
    )
    .returning("last_number")
    .executeTakeFirstOrThrow();
  return Number(row.last_number);
}

/** `2026-000001` for an invoice, `CN-2026-000001` for a credit note, after the seller's prefix ("NS-"). */
export function documentNumber(prefix: string, series: DocumentSeries, year: number, sequence: number): string {
  return `${prefix}${series === "credit-note" ? "CN-" : ""}${year}-${String(sequence).padStart(6, "0")}`;
}

export type NewInvoice = Omit<Insertable<InvoicesTable>, "id" | "created_at" | "updated_at">;
export type NewCreditNote = Omit<Insertable<CreditNotesTable>, "id" | "created_at" | "updated_at">;

export async function insertInvoice(db: Database, invoice: NewInvoice, now: Date = new Date()): Promise<Invoice> {
  const at = timestamp(now);
  return db
    .insertInto("invoices")
    .values({ ...invoice, created_at: at, updated_at: at })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function insertCreditNote(db: Database, note: NewCreditNote, now: Date = new Date()): Promise<CreditNote> {
  const at = timestamp(now);
  return db
    .insertInto("credit_notes")
    .values({ ...note, created_at: at, updated_at: at })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findInvoiceOfOrder(db: Database, orderId: number): Promise<Invoice | undefined> {
  return db.selectFrom("invoices").selectAll().where("order_id", "=", orderId).executeTakeFirst();
}

export async function findInvoiceByNumber(db: Database, number: string): Promise<Invoice | undefined> {
  return db.selectFrom("invoices").selectAll().where("number", "=", number).executeTakeFirst();
}

/** The credit notes of an order, oldest first. */
export async function creditNotesOfOrder(db: Database, orderId: number): Promise<CreditNote[]> {
  return db.selectFrom("credit_notes").selectAll().where("order_id", "=", orderId).orderBy("sequence").execute();
}

export async function findCreditNoteOfRefund(db: Database, orderId: number, refundedCentsAfter: number): Promise<CreditNote | undefined> {
  return db
    .selectFrom("credit_notes")
    .selectAll()
    .where("order_id", "=", orderId)
    .where("refunded_cents_after", "=", refundedCentsAfter)
    .executeTakeFirst();
}
