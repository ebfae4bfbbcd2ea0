/**
 * Which VAT rate an invoice applies, from TAX_MODE and the dated rates table of content/tax-rates.json
 * (docs/decisions/0021-invoices-and-tax.md). Pure: the caller hands in the mode, the table and the countries.
 */
import { isRate } from "./tax.ts";

/** `stripe`: Stripe Tax computes the tax on the Checkout Session and the shop records it (decision 0024). */
export const TAX_MODES = ["none", "eu-oss", "stripe"] as const;
export type TaxMode = (typeof TAX_MODES)[number];

/** content/tax-rates.json: the standard rate of each EU member state, in basis points, as of a date. */
export interface TaxRatesTable {
  about?: string;
  /** The day the rates were last checked, "YYYY-MM-DD"; printed nowhere, kept for the operator and the books. */
  asOf: string;
  rates: Record<string, number>;
}

/**
 * Why the invoice charges what it does: `not-charged` (TAX_MODE=none: it says no VAT is charged),
 * `customer-country` (the rate of the customer's EU country), `outside-eu` (a customer outside the EU: 0 %),
 * `stripe` (the rate and tax Stripe Tax computed on the Checkout Session).
 */
export type TaxBasis = "not-charged" | "customer-country" | "outside-eu" | "stripe";

export interface AppliedRate {
  rateBasisPoints: number;
  basis: TaxBasis;
  /** The table's date when a table was read, else null. */
  ratesAsOf: string | null;
}

/**
 * The rate for a customer in `customerCountry` (ISO alpha-2, the billing country they typed). With eu-oss,
 * a customer in an EU member state pays that state's rate (the seller's own country's rate for the seller's
 * own customers, as the seller's country is one of them); anyone else 0 %.
 */
export function applicableRate(mode: TaxMode, customerCountry: string, table: TaxRatesTable): AppliedRate {
  if (mode === "none") return { rateBasisPoints: 0, basis: "not-charged", ratesAsOf: null };
  // With Stripe Tax the rate is Stripe's, known once the customer has paid: nothing to look up here.
  if (mode !== "eu-oss") throw new Error(`TAX_MODE=${mode}: the rate is the one Stripe computed, recorded with the payment`);
  const rate = Object.hasOwn(table.rates, customerCountry) ? table.rates[customerCountry] : undefined;
  if (rate === undefined) return { rateBasisPoints: 0, basis: "outside-eu", ratesAsOf: table.asOf };
  return { rateBasisPoints: rate, basis: "customer-country", ratesAsOf: table.asOf };
}

/** The 27 member states, the table must name each of them once (and nothing else). */
export const euMemberStates = [
  "AT",
  "BE",
  "BG",
  "CY",
  "CZ",
  "DE",
  "DK",
  "EE",
  "ES",
  "FI",
  "FR",
  "GR",
  "HR",
  "HU",
  "IE",
  "IT",
  "LT",
  "LU",
  "LV",
  "MT",
  "NL",
  "PL",
  "PT",
  "RO",
  "SE",
  "SI",
  "SK",
] as const;

/** What is wrong with the rates table, as sentences naming the file and field; checked at start. */
export function taxRatesProblems(table: unknown): string[] {
  const file = "content/tax-rates.json";
  const value = table as Partial<TaxRatesTable> | null;
  if (!value || typeof value !== "object") return [`${file} must be an object with "asOf" and "rates".`];
  const problems: string[] = [];
  if (typeof value.asOf !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(value.asOf) || Number.isNaN(Date.parse(value.asOf)))
    problems.push(`${file}: "asOf" must be the date the rates were checked, written "YYYY-MM-DD", e.g. "2026-01-01".`);
  const rates = value.rates && typeof value.rates === "object" ? value.rates : {};
  for (const country of euMemberStates) {
    if (!Object.hasOwn(rates, country)) problems.push(`${file}: "rates.${country}" is missing: the table needs every EU member state.`);
  }
  for (const [country, rate] of Object.entries(rates)) {
    if (!(euMemberStates as readonly string[]).includes(country))
      problems.push(`${file}: "rates.${country}" is not an EU member state (ISO alpha-2 in capitals, e.g. "FR").`);
    else if (typeof rate !== "number" || !isRate(rate))
      problems.push(`${file}: "rates.${country}" must be whole basis points from 0 to 10000, e.g. 2100 for 21 %.`);
  }
  return problems;
}
