import type Stripe from "stripe";
import type { PaymentNotice, SubscriptionNotice } from "./gateway.ts";
import { type InvoiceExtras, invoiceSubscription, isSubscriptionBilling, subscriptionInvoice } from "./stripe-invoices.ts";
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
 * What the event does not carry, asked of Stripe: for `invoice.paid`, the payment that paid the invoice
 * (see `paidInvoiceExtras`). Given by the gateway, so that this module reads events without the network.
 */
export type InvoiceExtrasReader = (invoice: Stripe.Invoice) => Promise<InvoiceExtras>;

/** What a verified event says: of an order's payment, or of a subscription; null for an event the shop does not act on. */
export async function stripeNotice(
  event: Stripe.Event,
  readPaidInvoice: InvoiceExtrasReader,
): Promise<PaymentNotice | SubscriptionNotice | null> {
  if (isOneOf(paymentEvents, event.type)) return paymentNotice(event);
  if (event.type === "invoice.paid" || event.type === "invoice.payment_failed") {
    const invoice = event.data.object;
    const subscription = invoiceSubscription(invoice);
    // A one-off invoice, made by hand in the Dashboard, is nothing of the shop's.
    if (!subscription || !isSubscriptionBilling(invoice.billing_reason)) return null;
    const extras = event.type === "invoice.paid" ? await readPaidInvoice(invoice) : { paymentReference: null };
    return {
      ...subscriptionNoticeBase(event, subscription.id, subscription.metadata),
      invoice: subscriptionInvoice(invoice, extras),
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

/** What an event says of an order: its session, or its payment, and the reference the shop gave Stripe. */
function paymentNotice(event: Stripe.Event): PaymentNotice {
  const object = event.data.object as { object: string; id: string; payment_intent?: unknown; metadata?: Record<string, string> | null };
  const orderReference = object.metadata?.order_reference;
  const notice: PaymentNotice = {
    kind: "payment",
    eventId: event.id,
    type: event.type,
    ...(orderReference && { orderReference }),
    ...(event.type === "charge.dispute.created" && { dispute: true as const }),
  };
  if (object.object === "checkout.session") return { ...notice, sessionId: object.id };
  return typeof object.payment_intent === "string" ? { ...notice, gatewayReference: object.payment_intent } : notice;
}
