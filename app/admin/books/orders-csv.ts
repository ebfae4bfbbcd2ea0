/**
 * The lines of the orders' CSV (docs/decisions/0023-the-books-in-the-console.md): one per order paid and one
 * per refund (credit note), as cells for server/admin/csv.ts, which neutralises text a spreadsheet would run.
 * Amounts are decimal numbers with a dot, the rate a percentage, dates ISO (YYYY-MM-DD, UTC). A credit
 * note's amounts are what it gives back, positive like on the note itself; its type says it is a refund.
 */
import type { CsvCell } from "../../../server/admin/csv.ts";
import type { CreditNoteRow, PaidOrderRow, PaymentColumns } from "../../../server/db/books-export.ts";
import type { AdminMessages } from "../text";

export type CsvWords = AdminMessages["books"]["csv"];

const columnOrder = [
  "type",
  "order",
  "document",
  "date",
  "country",
  "net",
  "rate",
  "tax",
  "total",
  "currency",
  "paymentMethod",
  "paymentId",
] as const satisfies readonly (keyof CsvWords["columns"])[];

export function csvHeader(words: CsvWords): string[] {
  return columnOrder.map((column) => words.columns[column]);
}

/** Integer cents as `12.34`, exactly (no float ever holds the amount). */
export function decimalAmount(cents: number | null): string | null {
  if (cents === null) return null;
  const sign = cents < 0 ? "-" : "";
  const whole = Math.abs(cents);
  return `${sign}${Math.trunc(whole / 100)}.${String(whole % 100).padStart(2, "0")}`;
}

/** Basis points as a percentage: 2000 → `20.00`, 550 → `5.50`. */
export const percentRate = (basisPoints: number | null) => decimalAmount(basisPoints);

/** The card's brand and last four when the shop knows them, else the processor that took the payment. */
export function paymentMethod(row: Pick<PaymentColumns, "card_brand" | "card_last4" | "payment_processor">): string | null {
  if (row.card_brand) return row.card_last4 ? `${row.card_brand} ****${row.card_last4}` : row.card_brand;
  if (row.card_last4) return `****${row.card_last4}`;
  return row.payment_processor;
}

/** An order paid: its invoice's amounts, or (paid before invoices existed) its total alone. */
export function orderLine(row: PaidOrderRow, words: CsvWords): CsvCell[] {
  const invoiced = row.number !== null;
  return [
    words.types.order,
    row.reference,
    row.number,
    row.paid_at.slice(0, 10),
    row.buyer_country ?? row.country,
    decimalAmount(row.net_cents),
    invoiced ? percentRate(row.rate_basis_points) : null,
    decimalAmount(row.tax_cents),
    decimalAmount(invoiced ? row.total_cents : row.amount_cents),
    row.currency,
    paymentMethod(row),
    row.gateway_reference,
  ];
}

export function refundLine(row: CreditNoteRow, words: CsvWords): CsvCell[] {
  return [
    words.types.refund,
    row.reference,
    row.number,
    row.issued_at.slice(0, 10),
    row.buyer_country,
    decimalAmount(row.net_cents),
    percentRate(row.rate_basis_points),
    decimalAmount(row.tax_cents),
    decimalAmount(row.total_cents),
    row.currency,
    paymentMethod(row),
    row.gateway_reference,
  ];
}
