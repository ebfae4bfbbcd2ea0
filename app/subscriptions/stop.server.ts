/**
 * TEMP (the lead's file; a minimal stand-in so the account and the console can be built and tested):
 * stopping automatic renewal. Stripe is told first; then the subscription renews no more.
 */
import { recordOrderEvent } from "../../server/db/order-events.ts";
import type { Subscription } from "../../server/db/schema.ts";
import { markSubscriptionStopping } from "../../server/db/subscriptions.ts";
import type { Services } from "../services.server";

export async function stopSubscription(
  services: Pick<Services, "db" | "gateway">,
  subscription: Subscription,
  actor: "customer" | (string & {}),
  now: Date = new Date(),
): Promise<Subscription | undefined> {
  const { db, gateway } = services;
  if (subscription.status !== "active" && subscription.status !== "failing") return undefined;
  if (subscription.processor_subscription_id && gateway.kind === "hosted")
    await gateway.stopRenewing(subscription.processor_subscription_id);
  const stopped = await markSubscriptionStopping(db, subscription.id, now);
  if (stopped) await recordOrderEvent(db, { orderId: subscription.order_id, type: "subscription-stopped", actor }, now);
  return stopped;
}
