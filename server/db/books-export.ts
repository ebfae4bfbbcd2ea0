/**
 * The rows of the orders' export (docs/decisions/0023-the-books-in-the-console.md): the orders paid in a range
 * with their invoice, and the credit notes issued in it with their order, each read in batches from a key
 * on an index (never an offset), so an export of a year holds one batch in memory at a time.
 */

import type { TimeRange } from "./books.ts";
import type { Database } from "./database.ts";
import type { Timestamp } from "./schema.ts";

/** What a line of the export says of a payment, whichever document it is. */
export interface PaymentColumns {
  reference: string;
  /** The order's billing country, for an order paid before invoices existed. */
  country: string;
  card_brand: string | null;
  card_last4: string | null;
  payment_processor: string | null;
  gateway_reference: string | null;
}

export interface PaidOrderRow extends PaymentColumns {
  id: number;
  paid_at: Timestamp;
  amount_cents: number;
  currency: string;
  /** The invoice's columns; all null for an order paid before invoices existed (migration 011). */
  number: string | null;
  buyer_country: string | null;
  net_cents: number | null;
  rate_basis_points: number | null;
  tax_cents: number | null;
  total_cents: number | null;
}

export interface CreditNoteRow extends PaymentColumns {
  number: string;
  issued_at: Timestamp;
  invoice_number: string;
  buyer_country: string;
  net_cents: number;
  rate_basis_points: number;
  tax_cents: number;
  total_cents: number;
  currency: string;
}

const paymentColumns = [
  "orders.reference",
  "orders.country",
  "orders.card_brand",
  "orders.card_last4",
  "orders.payment_processor",
  "orders.gateway_reference",
] as const;

/** The next batch of orders paid in the range after `after` (by paid_at, then id), oldest first. */
export async function paidOrdersBatch(
  db: Database,
  range: TimeRange,
  after: { paidAt: Timestamp; id: number } | null,
  size: number,
): Promise<PaidOrderRow[]> {
  let query = db
    .selectFrom("orders")
    .leftJoin("invoices", "invoices.order_id", "orders.id")
    .select([...paymentColumns, "orders.id", "orders.paid_at", "orders.amount_cents", "orders.currency"])
    .select([
      "invoices.number",
      "invoices.buyer_country",
      "invoices.net_cents",
      "invoices.rate_basis_points",
      "invoices.tax_cents",
      "invoices.total_cents",
    ])
    .where("orders.paid_at", ">=", range.start)
    .where("orders.paid_at", "<", range.end);
  if (after) {
    // Said twice: SQLite bounds its walk of the index by the plain comparison, not by the pair.
    query = query
      .where("orders.paid_at", ">=", after.paidAt)
      .where((where) => where(where.refTuple("orders.paid_at", "orders.id"), ">", where.tuple(after.paidAt, after.id)));
  }
  const rows = await query.orderBy("orders.paid_at").orderBy("orders.id").limit(size).execute();
  return rows as PaidOrderRow[];
}

/** The next batch of credit notes issued in the range after `after` (by issued_at, then number), oldest first. */
export async function creditNotesBatch(
  db: Database,
  range: TimeRange,
  after: { issuedAt: Timestamp; number: string } | null,
  size: number,
): Promise<CreditNoteRow[]> {
  let query = db
    .selectFrom("credit_notes")
    .innerJoin("orders", "orders.id", "credit_notes.order_id")
    .select(paymentColumns)
    .select([
      "credit_notes.number",
      "credit_notes.issued_at",
      "credit_notes.invoice_number",
      "credit_notes.buyer_country",
      "credit_notes.net_cents",
      "credit_notes.rate_basis_points",
      "credit_notes.tax_cents",
      "credit_notes.total_cents",
      "credit_notes.currency",
    ])
    .where("credit_notes.issued_at", ">=", range.start)
    .where("credit_notes.issued_at", "<", range.end);
  if (after) {
    query = query
      .where("credit_notes.issued_at", ">=", after.issuedAt)
      .where((where) =>
        where(where.refTuple("credit_notes.issued_at", "credit_notes.number"), ">", where.tuple(after.issuedAt, after.number)),
      );
  }
  return query.orderBy("credit_notes.issued_at").orderBy("credit_notes.number").limit(size).execute();
}

/** How many lines an export of the range has: orders paid, and credit notes issued. */
export async function exportCounts(db: Database, range: TimeRange): Promise<{ orders: number; refunds: number }> {
  const [orders, refunds] = await Promise.all([
    db
      .selectFrom("orders")
      .select((select) => select.fn.countAll().as("count"))
      .where("paid_at", ">=", range.start)
      .where("paid_at", "<", range.end)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("credit_notes")
      .select((select) => select.fn.countAll().as("count"))
      .where("issued_at", ">=", range.start)
      .where("issued_at", "<", range.end)
      .executeTakeFirstOrThrow(),
  ]);
  // PostgreSQL's count is a bigint, which pg returns as a string.
  return { orders: Number(orders.count), refunds: Number(refunds.count) };
}
