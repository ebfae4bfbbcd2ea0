/**
 * The console's books (docs/decisions/0023-the-books-in-the-console.md): a month's invoices and credit notes,
 * newest first, a page at a time from a key (never an offset), and the month's totals by country and rate,
 * grouped by the database on the index of migration 013. SQLite and PostgreSQL alike.
 */
import { type ExpressionBuilder, type SelectQueryBuilder, sql } from "kysely";
import type { Database } from "./database.ts";
import type { CreditNote, DatabaseSchema, Invoice, Timestamp } from "./schema.ts";

export type DocumentKind = "invoice" | "credit-note";

/** From `start` (included) to `end` (excluded), as stored timestamps. */
export interface TimeRange {
  start: Timestamp;
  end: Timestamp;
}

/** Where a page of a month's documents starts: the last one shown, by date of issue then number. */
export interface DocumentKey {
  issuedAt: Timestamp;
  number: string;
}

export interface BookDocument {
  kind: DocumentKind;
  number: string;
  issued_at: Timestamp;
  buyer_name: string;
  buyer_country: string;
  net_cents: number;
  rate_basis_points: number;
  tax_cents: number;
  total_cents: number;
  currency: string;
  /** The invoice a credit note corrects; null for an invoice. */
  corrects: string | null;
}

export interface DocumentPageQuery {
  /** The key of the document next to the page: older than it ("older") or newer ("newer"); none for the first page. */
  from?: { key: DocumentKey; direction: "older" | "newer" };
  size: number;
}

export interface DocumentPage {
  /** Newest first. */
  documents: BookDocument[];
  /** Whether documents newer than the first, and older than the last, exist in the range. */
  newer: boolean;
  older: boolean;
}

type DocumentTable = "invoices" | "credit_notes";

/**
 * One table's side of a page: at most `limit` rows past the key, read in the order of the index
 * (issued_at, number), so the database stops after `limit` rows whichever page is asked.
 */
function side(db: Database, table: DocumentTable, range: TimeRange, query: DocumentPageQuery, limit: number) {
  const newer = query.from?.direction === "newer";
  const order = newer ? "asc" : "desc";
  let select = (db.selectFrom(table) as SelectQueryBuilder<DatabaseSchema, DocumentTable, object>)
    .select([
      "number",
      "issued_at",
      "buyer_name",
      "buyer_country",
      "net_cents",
      "rate_basis_points",
      "tax_cents",
      "total_cents",
      "currency",
    ])
    .select(
      table === "invoices"
        ? [sql<DocumentKind>`'invoice'`.as("kind"), sql<string | null>`null`.as("corrects")]
        : [sql<DocumentKind>`'credit-note'`.as("kind"), sql<string | null>`invoice_number`.as("corrects")],
    )
    .where("issued_at", ">=", range.start)
    .where("issued_at", "<", range.end);
  if (query.from) {
    const { key } = query.from;
    select = select
      // Said twice: SQLite bounds its walk of the index by the plain comparison, not by the pair.
      .where("issued_at", newer ? ">=" : "<=", key.issuedAt)
      .where((where: ExpressionBuilder<DatabaseSchema, DocumentTable>) =>
        where(where.refTuple("issued_at", "number"), newer ? ">" : "<", where.tuple(key.issuedAt, key.number)),
      );
  }
  return select.orderBy("issued_at", order).orderBy("number", order).limit(limit);
}

/** The query of a page: each table's side on its own index, merged, one more row than the page. */
export function documentPageQuery(db: Database, range: TimeRange, query: DocumentPageQuery) {
  const order = query.from?.direction === "newer" ? "asc" : "desc";
  const limit = pageSize(query) + 1;
  return db
    .selectFrom(
      db
        .selectFrom(side(db, "invoices", range, query, limit).as("i"))
        .selectAll()
        .unionAll(db.selectFrom(side(db, "credit_notes", range, query, limit).as("c")).selectAll())
        .as("documents"),
    )
    .selectAll()
    .orderBy("issued_at", order)
    .orderBy("number", order)
    .limit(limit);
}

const pageSize = (query: DocumentPageQuery) => Math.min(Math.max(Math.trunc(query.size) || 1, 1), 200);

/** A page of the documents issued in the range, newest first: invoices and credit notes together. */
export async function documentPage(db: Database, range: TimeRange, query: DocumentPageQuery): Promise<DocumentPage> {
  const size = pageSize(query);
  // One more row than the page was read, to know whether another page follows in that direction.
  const rows = (await documentPageQuery(db, range, query).execute()) as BookDocument[];
  const more = rows.length > size;
  const page = rows.slice(0, size).map(numbers);
  return query.from?.direction === "newer"
    ? { documents: page.reverse(), newer: more, older: true }
    : { documents: page, newer: query.from !== undefined, older: more };
}

/** pg returns integers as numbers, but sums and counts (bigint) as strings. */
function numbers<T extends object>(row: T): T {
  const out = { ...row } as Record<string, unknown>;
  for (const column of ["net_cents", "rate_basis_points", "tax_cents", "total_cents", "invoices", "credit_notes"])
    if (column in out && out[column] !== null) out[column] = Number(out[column]);
  return out as T;
}

export interface TaxTotal {
  /** Null in the grand total, which covers every country and rate. */
  buyer_country: string | null;
  rate_basis_points: number | null;
  currency: string;
  /** Invoices minus credit notes, in cents. */
  net_cents: number;
  tax_cents: number;
  total_cents: number;
  invoices: number;
  credit_notes: number;
}

/**
 * The range's documents as signed amounts (a credit note's subtract), each table read on its index alone:
 * every column here is in it.
 */
function signedDocuments(db: Database, range: TimeRange) {
  const documents = (table: DocumentTable, sign: 1 | -1) =>
    (db.selectFrom(table) as SelectQueryBuilder<DatabaseSchema, DocumentTable, object>)
      .select(["buyer_country", "rate_basis_points", "currency"])
      .select([
        sql<number>`net_cents * ${sql.lit(sign)}`.as("net_cents"),
        sql<number>`tax_cents * ${sql.lit(sign)}`.as("tax_cents"),
        sql<number>`total_cents * ${sql.lit(sign)}`.as("total_cents"),
        sql<number>`${sql.lit(sign === 1 ? 1 : 0)}`.as("is_invoice"),
      ])
      .where("issued_at", ">=", range.start)
      .where("issued_at", "<", range.end);
  return db.selectFrom(documents("invoices", 1).unionAll(documents("credit_notes", -1)).as("documents"));
}

const sums = [
  sql<number>`sum(net_cents)`.as("net_cents"),
  sql<number>`sum(tax_cents)`.as("tax_cents"),
  sql<number>`sum(total_cents)`.as("total_cents"),
  sql<number>`sum(is_invoice)`.as("invoices"),
  sql<number>`sum(1 - is_invoice)`.as("credit_notes"),
];

/** The totals' query: per country, rate and currency ("lines"), or per currency alone ("grand"). */
export function taxTotalsQuery(db: Database, range: TimeRange, grouping: "lines" | "grand") {
  return grouping === "lines"
    ? signedDocuments(db, range)
        .select(["buyer_country", "rate_basis_points", "currency", ...sums])
        .groupBy(["buyer_country", "rate_basis_points", "currency"])
        .orderBy("buyer_country")
        .orderBy("rate_basis_points")
        .orderBy("currency")
    : signedDocuments(db, range)
        .select([sql<string | null>`null`.as("buyer_country"), sql<number | null>`null`.as("rate_basis_points"), "currency", ...sums])
        .groupBy("currency")
        .orderBy("currency");
}

/**
 * What an EU OSS return asks for the range: per country and rate (and currency), net, tax and total of the
 * invoices minus the credit notes; and the grand total per currency. Grouped by the database.
 */
/**
 * A month's totals (`YYYY-MM`, UTC) as the database keeps them while documents are issued and deleted
 * (migration 020): a few rows, however many documents the month holds. The same figures as {@link taxTotals}
 * over the month, which adds the documents up and is what they are tested against.
 */
export async function monthTaxTotals(db: Database, month: string): Promise<{ lines: TaxTotal[]; grand: TaxTotal[] }> {
  const rows = await db
    .selectFrom("month_tax_totals")
    .select(["buyer_country", "rate_basis_points", "currency", "net_cents", "tax_cents", "total_cents", "invoices", "credit_notes"])
    .where("month", "=", month)
    // A line whose every document was deleted (erasure, the retention sweep) is no line.
    .where((where) => where.or([where("invoices", ">", 0), where("credit_notes", ">", 0)]))
    .orderBy("buyer_country")
    .orderBy("rate_basis_points")
    .orderBy("currency")
    .execute();
  const lines = rows.map(numbers);
  return { lines, grand: grandTotals(lines) };
}

export async function taxTotals(db: Database, range: TimeRange): Promise<{ lines: TaxTotal[]; grand: TaxTotal[] }> {
  // The lines are grouped by the database; the grand total adds up those few lines here rather than read the
  // month's documents a second time (a month of a million-order shop holds about 28,000: 60 ms read twice).
  const lines = (await taxTotalsQuery(db, range, "lines").execute()).map(numbers);
  return { lines, grand: grandTotals(lines) };
}

/** Per currency, the sum of the lines, in the currencies' order. */
export function grandTotals(lines: readonly TaxTotal[]): TaxTotal[] {
  const byCurrency = new Map<string, TaxTotal>();
  for (const line of lines) {
    const sum = byCurrency.get(line.currency) ?? {
      buyer_country: null,
      rate_basis_points: null,
      currency: line.currency,
      net_cents: 0,
      tax_cents: 0,
      total_cents: 0,
      invoices: 0,
      credit_notes: 0,
    };
    sum.net_cents += line.net_cents;
    sum.tax_cents += line.tax_cents;
    sum.total_cents += line.total_cents;
    sum.invoices += line.invoices;
    sum.credit_notes += line.credit_notes;
    byCurrency.set(line.currency, sum);
  }
  return [...byCurrency.values()].sort((a, b) => (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0));
}

export type FoundDocument = { kind: "invoice"; document: Invoice } | { kind: "credit-note"; document: CreditNote };

/** An invoice or a credit note by its number (both unique); undefined when neither has it. */
export async function findDocument(db: Database, number: string): Promise<FoundDocument | undefined> {
  const invoice = await db.selectFrom("invoices").selectAll().where("number", "=", number).executeTakeFirst();
  if (invoice) return { kind: "invoice", document: invoice };
  const note = await db.selectFrom("credit_notes").selectAll().where("number", "=", number).executeTakeFirst();
  return note && { kind: "credit-note", document: note };
}
