import type Stripe from "stripe";
import type { PaymentNotice, SubscriptionNotice } from "./gateway.ts";
import { chargeDisagreement, disputeDisagreement, invoiceDisagreement, type StripeAnswers } from "./stripe-answers.ts";
import { invoiceSubscription, isSubscriptionBilling, subscriptionInvoice } from "./stripe-invoices.ts";
import { processorSubscription } from "./stripe-subscriptions.ts";

/** The events of an order's payment. */
const paymentEvents = [
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "checkout.session.expired",
  "charge.refunded",
  "charge.dispute.created",
] as const;

/** The events of a subscription's life (automatic renewal on Stripe Billing). */
const subscriptionEvents = [
  "invoice.paid",
  "invoice.payment_failed",
  "customer.subscription.updated",
  "customer.subscription.deleted",
] as const;

/** The events the shop acts on (docs/payments.md lists them); Stripe may be set to send more, which are acknowledged and ignored. */
export const handledEvents = [...paymentEvents, ...subscriptionEvents] as const;

const isOneOf = <T extends string>(list: readonly T[], type: string): type is T => (list as readonly string[]).includes(type);

/**
 * What a verified event says: of an order's payment, or of a subscription; null for an event the shop does not
 * act on. An invoice, a dispute or a refunded charge is asked of Stripe (`ask`): where the event says otherwise
 * the notice carries the disagreement, and what it tells of the invoice is Stripe's, not the event's.
 */
export async function stripeNotice(event: Stripe.Event, ask: StripeAnswers): Promise<PaymentNotice | SubscriptionNotice | null> {
  if (isOneOf(paymentEvents, event.type)) return paymentNotice(event, ask);
  if (event.type === "invoice.paid" || event.type === "invoice.payment_failed") {
    const sent = event.data.object;
    const named = invoiceSubscription(sent);
    // A one-off invoice, made by hand in the Dashboard, is nothing of the shop's.
    if (!named || !isSubscriptionBilling(sent.billing_reason)) return null;
    const answered = await ask.invoice(sent.id);
    const disagreement = invoiceDisagreement(event.type, sent, answered);
    const invoice = answered && !disagreement ? answered : sent;
    // The same subscription either way (it is compared); its metadata as Stripe has it when it agrees.
    const subscription = invoiceSubscription(invoice) ?? named;
    const extras = event.type === "invoice.paid" && !disagreement ? await ask.paidInvoiceExtras(invoice) : { paymentReference: null };
    return {
      ...subscriptionNoticeBase(event, subscription.id, subscription.metadata),
      invoice: subscriptionInvoice(invoice, extras),
      ...(disagreement && { disagreement }),
    };
  }
  if (event.type === "customer.subscription.updated" || event.type === "customer.subscription.deleted") {
    const subscription = event.data.object;
    return {
      ...subscriptionNoticeBase(event, subscription.id, subscription.metadata ?? {}),
      subscription: processorSubscription(subscription),
    };
  }
  return null;
}

function subscriptionNoticeBase(event: Stripe.Event, subscriptionId: string, metadata: Record<string, string>) {
  return {
    kind: "subscription" as const,
    eventId: event.id,
    type: event.type,
    subscriptionId,
    orderReference: metadata.order_reference ?? null,
    accessReference: metadata.access_reference ?? null,
  };
}

const idOf = (value: string | { id: string } | null) => (value === null || typeof value === "string" ? value : value.id);

/** What an event says of an order: its session, or its payment, and the reference the shop gave Stripe. */
async function paymentNotice(event: Stripe.Event, ask: StripeAnswers): Promise<PaymentNotice> {
  const object = event.data.object as { object: string; id: string; metadata?: Record<string, string> | null };
  const orderReference = object.metadata?.order_reference;
  const notice: PaymentNotice = { kind: "payment", eventId: event.id, type: event.type, ...(orderReference && { orderReference }) };
  if (object.object === "checkout.session") return { ...notice, sessionId: object.id };
  if (object.object === "dispute") {
    const sent = object as Stripe.Dispute;
    const disagreement = disputeDisagreement(sent, await ask.dispute(sent.id));
    const payment = idOf(sent.payment_intent);
    const dispute = { amountCents: sent.amount, currency: sent.currency };
    return { ...notice, ...(payment && { gatewayReference: payment }), dispute, ...(disagreement && { disagreement }) };
  }
  const sent = object as Stripe.Charge;
  const disagreement = chargeDisagreement(sent, await ask.charge(sent.id));
  const payment = idOf(sent.payment_intent);
  return { ...notice, ...(payment && { gatewayReference: payment }), ...(disagreement && { disagreement }) };
}
