/**
 * Stripe Tax on a Checkout Session (TAX_MODE=stripe; docs/decisions/0024-vat-at-checkout-and-stripe-tax.md):
 * what the session is asked for, and what is read back from it once paid. Pure: no network.
 */
import type Stripe from "stripe";
import { isRate } from "../../common/tax.ts";
import type { ProcessorTax } from "./gateway.ts";

/**
 * Stripe's product tax code for what the shop sells: "Digital Audio Visual Works - streamed - subscription -
 * with conditional rights" (video streaming for a period, access ending with it), which Stripe taxes in the EU
 * as an electronically supplied service. Another catalogue would need another code (docs.stripe.com/tax/tax-codes).
 */
export const streamingTaxCode = "txcd_10402200";

/**
 * What a Checkout Session needs for Stripe Tax: automatic tax, the shop's prices taken as tax included (what
 * the customer pays never changes with the rate), the product's tax code, and the billing address asked on
 * Stripe's page, which is where Stripe learns the customer's location.
 */
export const automaticTaxParams = {
  automatic_tax: { enabled: true },
  billing_address_collection: "required",
} as const satisfies Pick<Stripe.Checkout.SessionCreateParams, "automatic_tax" | "billing_address_collection">;
export const taxBehaviour = "inclusive" as const satisfies Stripe.Checkout.SessionCreateParams.LineItem.PriceData.TaxBehavior;

/** Stripe's percentage out of 100 (`20`, `25.5`) in basis points. */
const basisPoints = (percentage: number) => Math.round(percentage * 100);

/**
 * What Stripe computed on a paid session, read from `total_details` (its `breakdown` expanded): the tax, its
 * rate and the customer's country. Undefined when the session had no automatic tax (opened before
 * TAX_MODE=stripe). An answer without its rate, or with amounts that cannot be, throws: an invoice is never
 * issued on a guessed rate, and the payment is recorded when Stripe is asked again (the webhook's retry,
 * reconciliation).
 */
export function stripeTaxOf(session: Stripe.Checkout.Session): ProcessorTax | undefined {
  if (!session.automatic_tax?.enabled) return undefined;
  const taxCents = session.total_details?.amount_tax ?? 0;
  const country = session.customer_details?.address?.country ?? null;
  if (!Number.isSafeInteger(taxCents) || taxCents < 0 || taxCents > (session.amount_total ?? 0)) {
    throw new Error(`Stripe answered a tax of ${taxCents} on a total of ${session.amount_total} for session ${session.id}`);
  }
  if (taxCents === 0) return { taxCents: 0, rateBasisPoints: 0, country };
  // An EU sale has one rate; were Stripe to split it, the largest share names the invoice's rate.
  const [main] = (session.total_details?.breakdown?.taxes ?? []).toSorted((a, b) => b.amount - a.amount);
  const rateBasisPoints = main ? basisPoints(main.rate.effective_percentage ?? main.rate.percentage) : Number.NaN;
  if (!isRate(rateBasisPoints) || rateBasisPoints === 0) {
    throw new Error(`Stripe answered no usable tax rate for session ${session.id} (expand total_details.breakdown)`);
  }
  return { taxCents, rateBasisPoints, country: country ?? main?.rate.country ?? null };
}
