/**
 * Stopping automatic renewal, by the customer (their account) or an operator (the console): it renews no more,
 * and the access runs to the end already paid for. Stripe is told first (cancel at the period's end): if it
 * cannot be reached, nothing changes here and the page says so; its `customer.subscription.updated` event
 * then finds the subscription stopped already.
 */
import { recordOrderEvent } from "../../server/db/order-events.ts";
import type { Subscription } from "../../server/db/schema.ts";
import { markSubscriptionStopping } from "../../server/db/subscriptions.ts";
import { isProcessorOf } from "../../server/payments/index.ts";
import type { Services } from "../services.server";

export async function stopSubscription(
  services: Pick<Services, "db" | "gateway">,
  subscription: Subscription,
  actor: "customer" | (string & {}),
  now: Date = new Date(),
): Promise<Subscription | undefined> {
  const { db, gateway } = services;
  if (subscription.status !== "active" && subscription.status !== "failing") return undefined;
  if (subscription.processor_subscription_id) {
    if (gateway.kind !== "hosted" || !isProcessorOf(gateway, subscription.processor)) {
      throw new Error(`Subscription ${subscription.id} is run by ${subscription.processor}, not the configured gateway`);
    }
    await gateway.stopRenewing(subscription.processor_subscription_id);
  }
  return db.transaction().execute(async (transaction) => {
    const stopped = await markSubscriptionStopping(transaction, subscription.id, now);
    if (stopped) await recordOrderEvent(transaction, { orderId: subscription.order_id, type: "subscription-stopped", actor }, now);
    return stopped;
  });
}
