/**
 * Stripe Tax, as the test double does it: an account registered for the EU's One-Stop Shop, collecting VAT
 * at each member state's standard rate on a sale to a consumer there, and none elsewhere. Its rates are its
 * own (Stripe keeps its own), not the shop's content/tax-rates.json, so a test can tell which one an
 * invoice used. It knows nothing of reduced rates, thresholds, tax ids or reverse charge.
 */
import type Stripe from "stripe";
import { newId, unixNow } from "./objects.ts";
import type { LineItem } from "./types.ts";

/** Standard VAT rates, percent out of 100 as Stripe writes `TaxRate.percentage`. */
// biome-ignore format: a table reads best packed
export const vatRates: Record<string, number> = {
  AT: 20, BE: 21, BG: 20, CY: 19, CZ: 21, DE: 19, DK: 25, EE: 24, ES: 21, FI: 25.5, FR: 20, GR: 24, HR: 25, HU: 27,
  IE: 23, IT: 22, LT: 21, LU: 17, LV: 21, MT: 18, NL: 21, PL: 23, PT: 23, RO: 21, SE: 25, SI: 22, SK: 23,
};

export type TaxRate = Pick<
  Stripe.TaxRate,
  | "id"
  | "object"
  | "active"
  | "country"
  | "created"
  | "description"
  | "display_name"
  | "effective_percentage"
  | "inclusive"
  | "jurisdiction"
  | "jurisdiction_level"
  | "livemode"
  | "metadata"
  | "percentage"
  | "rate_type"
  | "state"
  | "tax_type"
>;

/** `total_details.breakdown`, which Stripe sends only when it is expanded. */
export interface TaxBreakdown {
  discounts: [];
  taxes: { amount: number; rate: TaxRate; taxability_reason: "standard_rated"; taxable_amount: number }[];
}

export interface TaxCalculation {
  /** The tax of every line, in the currency's smallest unit. */
  amountTax: number;
  /** What the tax adds to the lines' sum: nothing when their prices include it. */
  added: number;
  breakdown: TaxBreakdown;
}

/**
 * The tax of the lines for a customer in `country`. A price that includes tax has it worked out of it
 * (amount × rate / (1 + rate)), one that does not has it added (amount × rate); each rounded to the unit,
 * half up, per line, as Stripe rounds line by line.
 */
export function calculateTax(lines: LineItem[], country: string): TaxCalculation {
  const percentage = vatRates[country];
  if (percentage === undefined) return { amountTax: 0, added: 0, breakdown: { discounts: [], taxes: [] } };
  const basisPoints = Math.round(percentage * 100);
  let amountTax = 0;
  let added = 0;
  let taxable = 0;
  for (const line of lines) {
    const amount = line.unitAmount * line.quantity;
    const inclusive = line.taxBehavior === "inclusive";
    const tax = Math.round((amount * basisPoints) / (inclusive ? 10_000 + basisPoints : 10_000));
    amountTax += tax;
    if (!inclusive) added += tax;
    taxable += inclusive ? amount - tax : amount;
  }
  const rate: TaxRate = {
    id: newId("txr_"),
    object: "tax_rate",
    active: true,
    country,
    created: unixNow(),
    description: null,
    display_name: "VAT",
    effective_percentage: percentage,
    inclusive: lines.every((line) => line.taxBehavior === "inclusive"),
    jurisdiction: country,
    jurisdiction_level: "country",
    livemode: false,
    metadata: {},
    percentage,
    rate_type: "percentage",
    state: null,
    tax_type: "vat",
  };
  const taxes = [{ amount: amountTax, rate, taxability_reason: "standard_rated" as const, taxable_amount: taxable }];
  return { amountTax, added, breakdown: { discounts: [], taxes } };
}
