/**
 * A subscription's invoices on Stripe Billing: which payment paid one (to refund it), and what its events
 * tell the shop. Since API 2025-03-31 an invoice names its subscription in `parent.subscription_details`
 * and its payments in `payments` (a list Stripe sends only when expanded), no longer in `subscription` and
 * `payment_intent`. Pure but for `paidInvoiceExtras`.
 */
import type Stripe from "stripe";
import { isRate } from "../../common/tax.ts";
import type { ProcessorTax, SubscriptionInvoice } from "./gateway.ts";
import { cardOf } from "./stripe-checkout.ts";

/** What to expand on an invoice to know the PaymentIntent that paid it. */
export const invoicePaymentsExpansion = "payments";

/** The subscription an invoice bills, with the metadata it had when the invoice was made; null for another invoice. */
export function invoiceSubscription(invoice: Stripe.Invoice): { id: string; metadata: Record<string, string> } | null {
  const details = invoice.parent?.subscription_details;
  if (!details) return null;
  const id = typeof details.subscription === "string" ? details.subscription : details.subscription.id;
  return { id, metadata: details.metadata ?? {} };
}

/**
 * The PaymentIntent that paid an invoice (its `payments` expanded): the paid one, else the default one; null
 * when it has none, or when `payments` was not expanded.
 */
export function invoicePaymentIntent(invoice: Stripe.Invoice): string | null {
  const payments = (invoice.payments?.data ?? []).filter((payment) => payment.payment.type === "payment_intent");
  const chosen = payments.find((payment) => payment.status === "paid") ?? payments.find((payment) => payment.is_default);
  const intent = chosen?.payment.payment_intent;
  if (!intent) return null;
  return typeof intent === "string" ? intent : intent.id;
}

/** A billing reason of a subscription's invoice (`subscription_create`, `subscription_cycle`, `subscription_update`…). */
export const isSubscriptionBilling = (reason: string | null) => reason?.startsWith("subscription") ?? false;

const dateOf = (seconds: number | null) => (seconds === null ? null : new Date(seconds * 1000));

export interface InvoiceExtras {
  /** The PaymentIntent that paid it, when known. */
  paymentReference: string | null;
  card?: { brand: string; last4: string };
  tax?: ProcessorTax;
}

/** The invoice as the shop's `SubscriptionNotice` tells it. */
export function subscriptionInvoice(invoice: Stripe.Invoice, extras: InvoiceExtras): SubscriptionInvoice {
  return {
    id: invoice.id,
    billingReason: invoice.billing_reason ?? "",
    amountPaidCents: invoice.amount_paid,
    amountDueCents: invoice.amount_due,
    currency: invoice.currency,
    paymentReference: extras.paymentReference,
    hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
    nextPaymentAttempt: dateOf(invoice.next_payment_attempt),
    attemptCount: invoice.attempt_count,
    ...(extras.card && { card: extras.card }),
    ...(extras.tax && { tax: extras.tax }),
  };
}

/**
 * The tax Stripe Tax put in an invoice (`total_taxes`), its rate read from the tax rate Stripe names (a
 * separate object: `rate` is what `taxRates.retrieve` answers). Undefined without automatic tax.
 */
export function invoiceTaxOf(invoice: Stripe.Invoice, rate: Stripe.TaxRate | null): ProcessorTax | undefined {
  if (!invoice.automatic_tax?.enabled) return undefined;
  const taxes = invoice.total_taxes ?? [];
  const taxCents = taxes.reduce((sum, tax) => sum + tax.amount, 0);
  const country = invoice.customer_address?.country ?? rate?.country ?? null;
  if (!Number.isSafeInteger(taxCents) || taxCents < 0 || taxCents > invoice.total) {
    throw new Error(`Stripe answered a tax of ${taxCents} on a total of ${invoice.total} for invoice ${invoice.id}`);
  }
  if (taxCents === 0) return { taxCents: 0, rateBasisPoints: 0, country };
  const percentage = rate?.effective_percentage ?? rate?.percentage;
  const rateBasisPoints = percentage === undefined ? Number.NaN : Math.round(percentage * 100);
  if (!isRate(rateBasisPoints) || rateBasisPoints === 0) {
    throw new Error(`Stripe answered no usable tax rate for invoice ${invoice.id}`);
  }
  return { taxCents, rateBasisPoints, country };
}

/** The tax rate to read an invoice's tax from: the one with the largest share, as for a session. */
export function mainTaxRateId(invoice: Stripe.Invoice): string | null {
  if (!invoice.automatic_tax?.enabled) return null;
  const [main] = (invoice.total_taxes ?? []).filter((tax) => tax.amount > 0).toSorted((a, b) => b.amount - a.amount);
  return main?.tax_rate_details?.tax_rate ?? null;
}

/**
 * What a paid invoice's event does not carry, asked of Stripe: the PaymentIntent that paid it (in `payments`,
 * which events never include), its card, and the rate of its tax. Three requests at most, for `invoice.paid` only.
 */
export async function paidInvoiceExtras(stripe: Stripe, invoice: Stripe.Invoice): Promise<InvoiceExtras> {
  const withPayments = invoice.payments ? invoice : await stripe.invoices.retrieve(invoice.id, { expand: [invoicePaymentsExpansion] });
  const paymentReference = invoicePaymentIntent(withPayments);
  const intent = paymentReference ? await stripe.paymentIntents.retrieve(paymentReference, { expand: ["latest_charge"] }) : null;
  const charge = intent && typeof intent.latest_charge === "object" ? intent.latest_charge : null;
  const rateId = mainTaxRateId(invoice);
  const tax = invoiceTaxOf(invoice, rateId ? await stripe.taxRates.retrieve(rateId) : null);
  return { paymentReference, ...(charge && { card: cardOf(charge) }), ...(tax && { tax }) };
}
