import type { Kysely } from "kysely";

/**
 * The console's books (docs/decisions/0023-the-books-in-the-console.md): indexes that let a
 * month's documents be listed page by page from any point (keyset on `issued_at, number`) and totalled by
 * country and rate without reading the tables (every column the totals need is in the index), and the
 * orders paid in a date range be read in batches (keyset on `paid_at, id`).
 */
const documentColumns = ["issued_at", "number", "buyer_country", "rate_basis_points", "currency", "net_cents", "tax_cents", "total_cents"];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("invoices_books_idx").on("invoices").columns(documentColumns).execute();
  await db.schema.createIndex("credit_notes_books_idx").on("credit_notes").columns(documentColumns).execute();
  await db.schema.createIndex("orders_paid_at_idx").on("orders").columns(["paid_at", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of ["orders_paid_at_idx", "credit_notes_books_idx", "invoices_books_idx"]) await db.schema.dropIndex(index).execute();
}
