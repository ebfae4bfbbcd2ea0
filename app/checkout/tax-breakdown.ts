/**
 * What the checkout's order summary says of the VAT inside the price (decision 0024), worked out
 * in the browser from the same pure functions the invoice uses (common/tax.ts, common/tax-rates.ts), so the
 * summary and the invoice can never disagree, and the server renders the same text for a page without JavaScript.
 */
import { splitInclusive } from "../../common/tax";
import { applicableRate, type TaxRatesTable } from "../../common/tax-rates";

/** What the page is told of TAX_MODE: the rates table with eu-oss, only that Stripe computes it with stripe; nothing with none. */
export type CheckoutTax = { mode: "eu-oss"; table: TaxRatesTable } | { mode: "stripe" };

export type TaxBreakdown =
  /** The VAT in the price for the billing country chosen. */
  | { kind: "included"; rateBasisPoints: number; taxCents: number }
  /** A country outside the EU: no VAT is charged. */
  | { kind: "none" }
  /** No billing country chosen yet. */
  | { kind: "chooseCountry" }
  /** Stripe Tax works it out on the payment page, from the address given there. */
  | { kind: "processor" };

/** The breakdown of `totalCents` (tax included) for `country` ("" when none is chosen); undefined with TAX_MODE=none. */
export function taxBreakdown(tax: CheckoutTax | undefined, country: string, totalCents: number): TaxBreakdown | undefined {
  if (!tax) return undefined;
  if (tax.mode === "stripe") return { kind: "processor" };
  if (!country) return { kind: "chooseCountry" };
  const { rateBasisPoints } = applicableRate("eu-oss", country, tax.table);
  if (rateBasisPoints === 0) return { kind: "none" };
  return { kind: "included", rateBasisPoints, taxCents: splitInclusive(totalCents, rateBasisPoints).taxCents };
}
