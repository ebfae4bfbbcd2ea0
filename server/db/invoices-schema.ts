/**
 * The books' side of the database (conventions in schema.ts): invoices and credit notes, each a
 * snapshot of what the law asks taken when it is issued and never changed, and the counters that number
 * them (docs/decisions/0021-invoices-and-tax.md).
 */
import type { Generated, Selectable } from "kysely";
import type { TaxBasis } from "../../common/tax-rates.ts";
import type { PlanKey } from "../../content/site.ts";
import type { Immutable, Timestamp, ViewerCount } from "./columns.ts";

export type DocumentSeries = "invoice" | "credit-note";

/** One row per series and year: the last number handed out, moved in the transaction that uses it. */
export interface DocumentCountersTable {
  id: Generated<number>;
  series: Immutable<DocumentSeries>;
  year: Immutable<number>;
  last_number: number;
  created_at: Immutable<Timestamp>;
  updated_at: Timestamp;
}

/** The seller as content/site.ts named them when the document was issued (JSON in the `seller` column). */
export interface SellerSnapshot {
  legalName: string;
  address: string[];
  country: string;
  taxId: string;
}

/** What an invoice and a credit note both hold; every column is written once. */
interface DocumentColumns {
  id: Generated<number>;
  /** `2026-000001` (invoice) or `CN-2026-000001` (credit note), after the seller's prefix. Unique. */
  number: Immutable<string>;
  year: Immutable<number>;
  /** The place in the year's series, from 1, without gaps. */
  sequence: Immutable<number>;
  issued_at: Immutable<Timestamp>;
  language: Immutable<string>;
  /** SellerSnapshot as JSON. */
  seller: Immutable<string>;
  buyer_name: Immutable<string>;
  /** The buyer's postal address lines as a JSON array. */
  buyer_address: Immutable<string>;
  /** ISO alpha-2: the billing country the customer typed, the one the tax follows. */
  buyer_country: Immutable<string>;
  /** Cents; a credit note's amounts are positive, what is given back. net + tax = total. */
  net_cents: Immutable<number>;
  rate_basis_points: Immutable<number>;
  tax_cents: Immutable<number>;
  total_cents: Immutable<number>;
  currency: Immutable<string>;
  tax_basis: Immutable<TaxBasis>;
  /** The date of content/tax-rates.json when a rate was read from it. */
  rates_as_of: Immutable<string | null>;
  created_at: Immutable<Timestamp>;
  updated_at: Timestamp;
}

export interface InvoicesTable extends DocumentColumns {
  /** One invoice per order. Unique. */
  order_id: Immutable<number>;
  plan_key: Immutable<PlanKey>;
  plan_name: Immutable<string>;
  months: Immutable<number>;
  viewers: Immutable<ViewerCount>;
  /** The access period, when known at payment (a renewal); else the months counted from delivery. */
  period_start: Immutable<Timestamp | null>;
  period_end: Immutable<Timestamp | null>;
  /** The country of the payer's address in the site's IP database, the second piece of evidence. */
  ip_country: Immutable<string | null>;
}

export interface CreditNotesTable extends DocumentColumns {
  invoice_id: Immutable<number>;
  /** The number of the invoice it corrects, printed on it. */
  invoice_number: Immutable<string>;
  order_id: Immutable<number>;
  /** The order's refunded total once this refund was recorded; unique per order, so one note per refund. */
  refunded_cents_after: Immutable<number>;
}

export type Invoice = Selectable<InvoicesTable>;
export type CreditNote = Selectable<CreditNotesTable>;
