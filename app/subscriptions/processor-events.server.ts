/**
 * Stripe Billing's events about a subscription. Like the payment events (app/checkout/payment-events.server.ts),
 * each is applied once by its id, and the subscription's state is read from Stripe as it is now rather than
 * from the event, so events that arrive late, twice or out of order all lead to the same state. What only the
 * event can tell is keyed so it happens once: a renewal's order by its invoice, a failure's mail by the change
 * from paying to failing. What it tells of an invoice is Stripe's answer when asked (the gateway compares the
 * two), and an event not about a subscription the shop recorded, or of another sum, is refused and flagged.
 */
import { paymentEventSeen, recordPaymentEvent } from "../../server/db/payments.ts";
import { recordProcessorTax } from "../../server/db/processor-tax.ts";
import { findOrderById, findOrderByReference } from "../../server/db/repositories.ts";
import type { Order, Subscription } from "../../server/db/schema.ts";
import { findSubscriptionByProcessorId } from "../../server/db/subscriptions.ts";
import { logger } from "../../server/logger.ts";
import type { PaymentNotice, SubscriptionInvoice, SubscriptionNotice } from "../../server/payments/gateway.ts";
import { applyPaymentNotice, type EventResult } from "../checkout/payment-events.server";
import { recordPayment } from "../checkout/record-payment.server";
import type { RefusalReason } from "../checkout/refused-event";
import { asDifference, type Difference, refuseProcessorEvent } from "../checkout/refused-events.server";
import { type SettleServices, settleOrder } from "../checkout/settle-order.server";
import { renewalOrderOf } from "./renewal-order.server";
import { syncSubscription } from "./sync.server";

/**
 * The subscription the shop recorded under Stripe's id, never one found by the metadata: any integration on
 * the account can write an order's reference there. The metadata only says which pending order to ask Stripe
 * about first (an invoice told of before the checkout's own event), whose settling records its subscription;
 * `named` is the shop's order it names when the id leads to none, so that the event is flagged.
 */
async function subscriptionOf(
  services: SettleServices,
  notice: SubscriptionNotice,
): Promise<{ subscription?: Subscription; named?: Order }> {
  const { db } = services;
  const known = await findSubscriptionByProcessorId(db, notice.subscriptionId);
  const reference = notice.orderReference ?? notice.accessReference;
  if (known || !reference) return { subscription: known };
  const named = await findOrderByReference(db, reference);
  if (named?.status !== "pending") return { named };
  const settled = await settleOrder(services, named);
  // Still unpaid at Stripe: not known to be anything of that order's yet, nor another's.
  if (settled.status === "pending") return {};
  const subscription = await findSubscriptionByProcessorId(db, notice.subscriptionId);
  return subscription ? { subscription } : { named: settled };
}

/** A renewal paid another sum, or in another currency, than the subscription charges: not the shop's price. */
function renewalDifference(subscription: Subscription, invoice: SubscriptionInvoice): Difference | undefined {
  if (invoice.currency.toLowerCase() !== subscription.currency.toLowerCase()) {
    return { field: "currency", event: invoice.currency, expected: subscription.currency };
  }
  if (invoice.amountPaidCents !== subscription.amount_cents) {
    return { field: "amountPaid", event: invoice.amountPaidCents, expected: subscription.amount_cents };
  }
  return undefined;
}

/** A renewal Stripe charged: an order of its own, paid, that extends the access (once per invoice). */
async function recordRenewalInvoice(services: SettleServices, subscription: Subscription, invoice: SubscriptionInvoice): Promise<void> {
  // Before the first order is delivered there is no access to extend yet: a 500 makes Stripe send it again later.
  if (subscription.access_id === null) throw new Error(`Subscription ${subscription.id} renewed before its access was delivered`);
  const { order } = await renewalOrderOf(services.db, subscription, { key: invoice.id, amountCents: invoice.amountPaidCents });
  if (order.status !== "pending") return;
  if (invoice.tax) await recordProcessorTax(services.db, order.id, invoice.tax);
  await recordPayment(services, order, invoice.paymentReference, {});
}

export async function applySubscriptionNotice(
  services: SettleServices,
  notice: SubscriptionNotice,
): Promise<"applied" | "duplicate" | "ignored" | "refused"> {
  const { db, gateway } = services;
  const { eventId, type } = notice;
  if (await paymentEventSeen(db, gateway.name, eventId)) return "duplicate";
  const { subscription, named } = await subscriptionOf(services, notice);
  const refuse = (reason: RefusalReason, order: Order | undefined, difference?: Difference) =>
    refuseProcessorEvent(db, { processor: gateway.name, eventId, type, reason, order, object: notice.subscriptionId, difference });
  if (!subscription) {
    if (named) return refuse("not-ours", named);
    logger.warn({ processor: gateway.name, event: type }, "A subscription event names no subscription of this shop");
    await recordPaymentEvent(db, { provider: gateway.name, eventId, type, orderReference: null });
    return "ignored";
  }
  const first = await findOrderById(db, subscription.order_id);
  if (notice.disagreement) return refuse("processor-disagrees", first, asDifference(notice.disagreement));
  const renewal = type === "invoice.paid" && notice.invoice?.billingReason === "subscription_cycle" ? notice.invoice : undefined;
  if (renewal) {
    const difference = renewalDifference(subscription, renewal);
    if (difference) return refuse("wrong-amount", first, difference);
    await recordRenewalInvoice(services, subscription, renewal);
  }
  const failure = type === "invoice.payment_failed" ? notice.invoice : undefined;
  const synced = await syncSubscription(services, subscription, { failure });
  logger.info(
    { processor: gateway.name, event: type, subscription: subscription.id, status: synced?.status },
    "Subscription event applied",
  );
  await recordPaymentEvent(db, { provider: gateway.name, eventId, type, orderReference: first?.reference ?? null });
  return "applied";
}

/** Any verified event of the processor: about a subscription (Stripe Billing), or about an order's payment. */
export async function applyProcessorNotice(services: SettleServices, notice: PaymentNotice | SubscriptionNotice): Promise<EventResult> {
  if (notice.kind === "subscription") {
    return applySubscriptionNotice(services, notice);
  }
  return applyPaymentNotice(services, notice);
}
