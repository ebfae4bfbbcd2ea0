import { type Kysely, sql } from "kysely";
import { isPostgres } from "./portable.ts";

/**
 * A month's tax totals, kept as the documents are written (docs/decisions/0027-the-console-at-scale.md): per
 * month, buyer country, rate and currency, the invoices' amounts less the credit notes', and how many of each. The
 * console's books page read them by adding up the month's documents on every visit: about 28,000 of them
 * in a month of a million-order shop, 80 to 110 ms. Triggers keep them in the transaction that issues a
 * document or deletes one (erasure, the retention sweep), so they are exact and cost a few rows to read.
 *
 * The month is the first seven characters of `issued_at` (an ISO time in UTC), as the books' months are.
 */
const documents = [
  { table: "invoices", sign: 1, counted: "invoices" },
  { table: "credit_notes", sign: -1, counted: "credit_notes" },
] as const;

type Document = (typeof documents)[number];

/** Adds the row's amounts (`by` 1) or takes them away (`by` -1) from its month's line. */
function change({ sign, counted }: Document, row: "new" | "old", by: 1 | -1): string {
  const times = sign * by;
  const other = counted === "invoices" ? "credit_notes" : "invoices";
  return `insert into month_tax_totals (month, buyer_country, rate_basis_points, currency, net_cents, tax_cents, total_cents, ${counted}, ${other})
    values (substr(${row}.issued_at, 1, 7), ${row}.buyer_country, ${row}.rate_basis_points, ${row}.currency,
      ${times} * ${row}.net_cents, ${times} * ${row}.tax_cents, ${times} * ${row}.total_cents, ${by}, 0)
    on conflict (month, buyer_country, rate_basis_points, currency) do update set
      net_cents = month_tax_totals.net_cents + excluded.net_cents,
      tax_cents = month_tax_totals.tax_cents + excluded.tax_cents,
      total_cents = month_tax_totals.total_cents + excluded.total_cents,
      ${counted} = month_tax_totals.${counted} + excluded.${counted}`;
}

/**
 * Fills the (empty) totals from every document, as the triggers would have kept them: here, and after a bulk
 * write made with the triggers off (the scale bench's seed on PostgreSQL).
 */
export async function addUpMonthTaxTotals(db: Kysely<unknown>): Promise<void> {
  const signed = (document: Document, sign: number) =>
    `select substr(issued_at, 1, 7) as month, buyer_country, rate_basis_points, currency, ${sign} * net_cents as net_cents,
      ${sign} * tax_cents as tax_cents, ${sign} * total_cents as total_cents,
      ${document.counted === "invoices" ? 1 : 0} as invoices, ${document.counted === "invoices" ? 0 : 1} as credit_notes
      from ${document.table}`;
  await sql
    .raw(`insert into month_tax_totals
      select month, buyer_country, rate_basis_points, currency, sum(net_cents), sum(tax_cents), sum(total_cents), sum(invoices), sum(credit_notes)
      from (${signed(documents[0], 1)} union all ${signed(documents[1], -1)}) as documents
      group by month, buyer_country, rate_basis_points, currency`)
    .execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("month_tax_totals")
    .addColumn("month", "text", (column) => column.notNull())
    .addColumn("buyer_country", "text", (column) => column.notNull())
    .addColumn("rate_basis_points", "integer", (column) => column.notNull())
    .addColumn("currency", "text", (column) => column.notNull())
    .addColumn("net_cents", "bigint", (column) => column.notNull())
    .addColumn("tax_cents", "bigint", (column) => column.notNull())
    .addColumn("total_cents", "bigint", (column) => column.notNull())
    .addColumn("invoices", "integer", (column) => column.notNull())
    .addColumn("credit_notes", "integer", (column) => column.notNull())
    .addPrimaryKeyConstraint("month_tax_totals_pkey", ["month", "buyer_country", "rate_basis_points", "currency"])
    .execute();
  await addUpMonthTaxTotals(db);
  for (const document of documents) await (isPostgres(db) ? postgresTriggers(db, document) : sqliteTriggers(db, document));
}

async function sqliteTriggers(db: Kysely<unknown>, document: Document): Promise<void> {
  const { table } = document;
  await sql.raw(`create trigger ${table}_totals_insert after insert on ${table} begin ${change(document, "new", 1)}; end`).execute(db);
  await sql.raw(`create trigger ${table}_totals_delete after delete on ${table} begin ${change(document, "old", -1)}; end`).execute(db);
  await sql
    .raw(`create trigger ${table}_totals_update after update on ${table}
      begin ${change(document, "old", -1)}; ${change(document, "new", 1)}; end`)
    .execute(db);
}

async function postgresTriggers(db: Kysely<unknown>, document: Document): Promise<void> {
  const { table } = document;
  await sql
    .raw(`create function ${table}_totals() returns trigger language plpgsql as $$
      begin
        if tg_op in ('DELETE', 'UPDATE') then ${change(document, "old", -1)}; end if;
        if tg_op in ('INSERT', 'UPDATE') then ${change(document, "new", 1)}; end if;
        return null;
      end $$`)
    .execute(db);
  await sql
    .raw(`create trigger ${table}_totals after insert or update or delete on ${table} for each row execute function ${table}_totals()`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { table } of documents) {
    if (isPostgres(db)) {
      await sql.raw(`drop trigger ${table}_totals on ${table}`).execute(db);
      await sql.raw(`drop function ${table}_totals()`).execute(db);
    } else {
      for (const event of ["insert", "delete", "update"]) await sql.raw(`drop trigger ${table}_totals_${event}`).execute(db);
    }
  }
  await db.schema.dropTable("month_tax_totals").execute();
}
