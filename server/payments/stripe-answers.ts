/**
 * What Stripe answers when asked about an event's object, and where that differs from what the event says. A
 * signature proves only that the sender holds the endpoint's secret, and the account may hold another
 * integration's objects: an event is believed as far as the API confirms it
 * (docs/decisions/0041-processor-events-checked-with-the-processor.md).
 */
import Stripe from "stripe";
import type { NoticeDisagreement } from "./gateway.ts";
import { type InvoiceExtras, invoicePaymentsExpansion, invoiceSubscription, paidInvoiceExtras } from "./stripe-invoices.ts";

/** Stripe's API, asked by the gateway; given to the reading of events so that tests can answer without it. */
export interface StripeAnswers {
  /** The invoice with its payments; null when Stripe has none by that id. */
  invoice(id: string): Promise<Stripe.Invoice | null>;
  dispute(id: string): Promise<Stripe.Dispute | null>;
  charge(id: string): Promise<Stripe.Charge | null>;
  /** What a paid invoice's event does not carry: the payment that paid it, its card, its tax's rate. */
  paidInvoiceExtras(invoice: Stripe.Invoice): Promise<InvoiceExtras>;
}

const isMissing = (error: unknown) => error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404;

/** Null for an object Stripe does not have; any other failure is thrown, and the event comes again later. */
const orNull = <T>(asking: Promise<T>): Promise<T | null> =>
  asking.catch((error: unknown) => {
    if (isMissing(error)) return null;
    throw error;
  });

export function stripeAnswers(stripe: Stripe): StripeAnswers {
  return {
    invoice: (id) => orNull(stripe.invoices.retrieve(id, { expand: [invoicePaymentsExpansion] })),
    dispute: (id) => orNull(stripe.disputes.retrieve(id)),
    charge: (id) => orNull(stripe.charges.retrieve(id)),
    paidInvoiceExtras: (invoice) => paidInvoiceExtras(stripe, invoice),
  };
}

type Said = string | number | null | undefined;

/** The first field where the event and Stripe differ, in the order given; `exists` when Stripe has no such object. */
function firstDifference(answered: boolean, pairs: () => Record<string, [Said, Said]>): NoticeDisagreement | undefined {
  if (!answered) return { field: "exists", event: "yes", processor: null };
  for (const [field, [event, processor]] of Object.entries(pairs())) {
    if (event !== processor) return { field, event: event ?? null, processor: processor ?? null };
  }
  return undefined;
}

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));

/**
 * An invoice's event against Stripe's invoice: the same subscription, currency and amount due and, once paid,
 * the same amount paid. Its state may have moved on since (a failed invoice paid later), its sums may not.
 */
export function invoiceDisagreement(type: string, sent: Stripe.Invoice, answered: Stripe.Invoice | null): NoticeDisagreement | undefined {
  return firstDifference(answered !== null, () => ({
    subscription: [invoiceSubscription(sent)?.id, answered && invoiceSubscription(answered)?.id],
    currency: [sent.currency, answered?.currency],
    amount: [sent.amount_due, answered?.amount_due],
    ...(type === "invoice.paid" && {
      status: [sent.status, answered?.status],
      amountPaid: [sent.amount_paid, answered?.amount_paid],
    }),
  }));
}

/** A dispute's event against Stripe's dispute: on the same payment and charge, for the same sum. */
export function disputeDisagreement(sent: Stripe.Dispute, answered: Stripe.Dispute | null): NoticeDisagreement | undefined {
  return firstDifference(answered !== null, () => ({
    payment: [idOf(sent.payment_intent), idOf(answered?.payment_intent)],
    charge: [idOf(sent.charge), idOf(answered?.charge)],
    currency: [sent.currency, answered?.currency],
    amount: [sent.amount, answered?.amount],
  }));
}

/** A refunded charge's event against Stripe's charge: of the same payment, for the same sum (its refunds may have grown since). */
export function chargeDisagreement(sent: Stripe.Charge, answered: Stripe.Charge | null): NoticeDisagreement | undefined {
  return firstDifference(answered !== null, () => ({
    payment: [idOf(sent.payment_intent), idOf(answered?.payment_intent)],
    currency: [sent.currency, answered?.currency],
    amount: [sent.amount, answered?.amount],
  }));
}
