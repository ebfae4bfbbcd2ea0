/**
 * Stripe Billing's events about a subscription. Like the payment events (app/checkout/payment-events.server.ts),
 * each is applied once by its id, and the subscription's state is read from Stripe as it is now rather than
 * from the event, so events that arrive late, twice or out of order all lead to the same state. What only the
 * event can tell is keyed so it happens once: a renewal's order by its invoice, a failure's mail by the change
 * from paying to failing.
 */
import { paymentEventSeen, recordPaymentEvent } from "../../server/db/payments.ts";
import { recordProcessorTax } from "../../server/db/processor-tax.ts";
import { findOrderByReference } from "../../server/db/repositories.ts";
import type { Subscription } from "../../server/db/schema.ts";
import { findSubscriptionByProcessorId, findSubscriptionOfOrder } from "../../server/db/subscriptions.ts";
import { logger } from "../../server/logger.ts";
import type { SubscriptionInvoice, SubscriptionNotice } from "../../server/payments/gateway.ts";
import { recordPayment, type SettleServices, settleOrder } from "../checkout/settle-order.server";
import { renewalOrderOf } from "./renewal-order.server";
import { syncSubscription } from "./sync.server";

/** Ours by Stripe's id, or by the order its metadata names (settled first when its own event has not come yet). */
async function subscriptionOf(services: SettleServices, notice: SubscriptionNotice): Promise<Subscription | undefined> {
  const known = await findSubscriptionByProcessorId(services.db, notice.subscriptionId);
  if (known || !notice.orderReference) return known;
  const order = await findOrderByReference(services.db, notice.orderReference);
  if (!order) return undefined;
  const settled = order.status === "pending" ? await settleOrder(services, order) : order;
  return findSubscriptionOfOrder(services.db, settled.id);
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
): Promise<"applied" | "duplicate" | "ignored"> {
  const { db, gateway } = services;
  if (await paymentEventSeen(db, gateway.name, notice.eventId)) return "duplicate";
  const subscription = await subscriptionOf(services, notice);
  if (subscription) {
    const renewal = notice.type === "invoice.paid" && notice.invoice && notice.invoice.billingReason === "subscription_cycle";
    if (renewal && notice.invoice) await recordRenewalInvoice(services, subscription, notice.invoice);
    const failure = notice.type === "invoice.payment_failed" ? notice.invoice : undefined;
    const synced = await syncSubscription(services, subscription, { failure });
    logger.info(
      { processor: gateway.name, event: notice.type, subscription: subscription.id, status: synced?.status },
      "Subscription event applied",
    );
  } else {
    logger.warn({ processor: gateway.name, event: notice.type }, "A subscription event names no subscription of this shop");
  }
  const orderReference = subscription
    ? ((await db.selectFrom("orders").select("reference").where("id", "=", subscription.order_id).executeTakeFirst())?.reference ?? null)
    : null;
  await recordPaymentEvent(db, { provider: gateway.name, eventId: notice.eventId, type: notice.type, orderReference });
  return subscription ? "applied" : "ignored";
}
