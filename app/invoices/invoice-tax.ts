/**
 * What an invoice or a credit note charges as tax (docs/decisions/0021-invoices-and-tax.md, 0024): pure, the
 * caller hands in the order, the mode and the rates table.
 */
import { splitInclusive, type TaxSplit } from "../../common/tax";
import { applicableRate, type TaxBasis, type TaxMode, type TaxRatesTable } from "../../common/tax-rates";

export interface InvoiceTax {
  split: TaxSplit;
  basis: TaxBasis;
  ratesAsOf: string | null;
}

/** The order as the tax needs it: what was paid, the billing country, and what the processor computed, if it did. */
export interface TaxedOrder {
  amount_cents: number;
  country: string;
  processor_tax_cents: number | null;
  processor_tax_rate_basis_points: number | null;
}

/**
 * The tax of an order's invoice. When the processor computed it (Stripe Tax), the invoice says what it
 * charged, whatever TAX_MODE says now: its tax in cents, its rate, and net = total − tax. Otherwise the
 * table's rate for the billing country (eu-oss), or none; TAX_MODE=stripe with nothing computed (a session
 * opened before the mode was turned on) charged none, and the invoice says so.
 */
export function invoiceTax(mode: TaxMode, order: TaxedOrder, table: TaxRatesTable): InvoiceTax {
  const total = order.amount_cents;
  const stripeTax = order.processor_tax_cents;
  const stripeRate = order.processor_tax_rate_basis_points;
  if (stripeTax !== null && stripeRate !== null) {
    const split = { totalCents: total, netCents: total - stripeTax, taxCents: stripeTax, rateBasisPoints: stripeRate };
    return { split, basis: "stripe", ratesAsOf: null };
  }
  if (mode === "stripe") return { split: splitInclusive(total, 0), basis: "not-charged", ratesAsOf: null };
  const rate = applicableRate(mode, order.country, table);
  return { split: splitInclusive(total, rate.rateBasisPoints), basis: rate.basis, ratesAsOf: rate.ratesAsOf };
}

/**
 * The tax of a credit note giving back `refundedCents` of an invoice, at its rate. The refund that gives
 * back the last of the invoice's total takes the last of its tax (the invoice's tax less what earlier notes
 * credited), so the notes of an order refunded in full add up to its invoice to the cent, whoever computed
 * the invoice's tax.
 */
export function creditNoteSplit(
  invoice: { total_cents: number; tax_cents: number; rate_basis_points: number },
  refundedCents: number,
  refundedAfter: number,
  earlierNotes: readonly { tax_cents: number }[],
): TaxSplit {
  if (refundedAfter < invoice.total_cents) return splitInclusive(refundedCents, invoice.rate_basis_points);
  const taxCents = invoice.tax_cents - earlierNotes.reduce((sum, note) => sum + note.tax_cents, 0);
  return { totalCents: refundedCents, netCents: refundedCents - taxCents, taxCents, rateBasisPoints: invoice.rate_basis_points };
}
