import { type CreateTableBuilder, type Kysely, sql } from "kysely";
import { idColumn, timestampType } from "./portable.ts";

/**
 * Invoices and credit notes (docs/decisions/0021-invoices-and-tax.md): each a snapshot of what the
 * law asks, taken when it is issued; one counter row per series and year hands out their numbers without
 * gaps; the order keeps the country its payer's address pointed to, the evidence beside the billing country.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const id = idColumn(db);
  await db.schema
    .createTable("document_counters")
    .addColumn("id", "integer", id)
    .addColumn("series", "text", (column) => column.notNull().check(sql`series in ('invoice', 'credit-note')`))
    .addColumn("year", "integer", (column) => column.notNull())
    .addColumn("last_number", "integer", (column) => column.notNull())
    .addColumn("created_at", timestampType, (column) => column.notNull())
    .addColumn("updated_at", timestampType, (column) => column.notNull())
    .execute();
  await db.schema.createIndex("document_counters_series_year_key").on("document_counters").columns(["series", "year"]).unique().execute();

  await documentColumns(db.schema.createTable("invoices").addColumn("id", "integer", id))
    .addColumn("order_id", "integer", (column) => column.notNull())
    .addColumn("plan_key", "text", (column) => column.notNull())
    .addColumn("plan_name", "text", (column) => column.notNull())
    .addColumn("months", "integer", (column) => column.notNull())
    .addColumn("viewers", "integer", (column) => column.notNull())
    .addColumn("period_start", timestampType)
    .addColumn("period_end", timestampType)
    .addColumn("ip_country", "text")
    .execute();
  await db.schema.createIndex("invoices_number_key").on("invoices").column("number").unique().execute();
  await db.schema.createIndex("invoices_year_sequence_key").on("invoices").columns(["year", "sequence"]).unique().execute();
  await db.schema.createIndex("invoices_order_key").on("invoices").column("order_id").unique().execute();

  await documentColumns(db.schema.createTable("credit_notes").addColumn("id", "integer", id))
    .addColumn("invoice_id", "integer", (column) => column.notNull())
    .addColumn("invoice_number", "text", (column) => column.notNull())
    .addColumn("order_id", "integer", (column) => column.notNull())
    // The order's refunded total once this refund was recorded: one credit note per refund, never two.
    .addColumn("refunded_cents_after", "integer", (column) => column.notNull())
    .execute();
  await db.schema.createIndex("credit_notes_number_key").on("credit_notes").column("number").unique().execute();
  await db.schema.createIndex("credit_notes_year_sequence_key").on("credit_notes").columns(["year", "sequence"]).unique().execute();
  await db.schema
    .createIndex("credit_notes_refund_key")
    .on("credit_notes")
    .columns(["order_id", "refunded_cents_after"])
    .unique()
    .execute();

  await db.schema.alterTable("orders").addColumn("ip_country", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("orders").dropColumn("ip_country").execute();
  for (const table of ["credit_notes", "invoices", "document_counters"]) await db.schema.dropTable(table).execute();
}

/** What an invoice and a credit note both hold: number, date, seller, buyer, amounts, currency, language. */
function documentColumns<T extends string>(table: CreateTableBuilder<T, "id">) {
  return table
    .addColumn("number", "text", (column) => column.notNull())
    .addColumn("year", "integer", (column) => column.notNull())
    .addColumn("sequence", "integer", (column) => column.notNull())
    .addColumn("issued_at", timestampType, (column) => column.notNull())
    .addColumn("language", "text", (column) => column.notNull())
    .addColumn("seller", "text", (column) => column.notNull())
    .addColumn("buyer_name", "text", (column) => column.notNull())
    .addColumn("buyer_address", "text", (column) => column.notNull())
    .addColumn("buyer_country", "text", (column) => column.notNull())
    .addColumn("net_cents", "integer", (column) => column.notNull())
    .addColumn("rate_basis_points", "integer", (column) => column.notNull())
    .addColumn("tax_cents", "integer", (column) => column.notNull())
    .addColumn("total_cents", "integer", (column) => column.notNull())
    .addColumn("currency", "text", (column) => column.notNull())
    .addColumn("tax_basis", "text", (column) => column.notNull())
    .addColumn("rates_as_of", "text")
    .addColumn("created_at", timestampType, (column) => column.notNull())
    .addColumn("updated_at", timestampType, (column) => column.notNull());
}
