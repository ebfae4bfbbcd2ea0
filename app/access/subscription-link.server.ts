/** A first purchase with automatic renewal is delivered: its subscription now renews the access just made. */
import type { Database } from "../../server/db/database.ts";
import { findSubscriptionOfOrder, linkSubscriptionAccess as link, updateSubscription } from "../../server/db/subscriptions.ts";
import { chargeTimeOf, shopCharges } from "./subscription-timing";

export async function linkSubscriptionAccess(
  db: Database,
  orderId: number,
  accessId: number,
  endsAt: Date,
  now: Date = new Date(),
): Promise<void> {
  await link(db, orderId, accessId, now);
  const subscription = await findSubscriptionOfOrder(db, orderId);
  if (!subscription || !shopCharges(subscription)) return;
  // Stripe's next charge is its period's end (already known); the test gateway's follows the access's end.
  const next = chargeTimeOf({ shopCharges: true, accessEndsAt: endsAt.toISOString() });
  await updateSubscription(db, subscription.id, { next_charge_at: next?.toISOString() ?? null }, { from: ["active"] }, now);
}
