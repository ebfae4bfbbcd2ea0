/** The console's reads of subscriptions (subscriptions-schema.ts): the one an order page speaks of. */
import type { Database } from "./database.ts";
import type { Order, Subscription } from "./schema.ts";

/** The latest subscription of an access, live or not (subscriptions.access_id is indexed). */
export async function latestSubscriptionOfAccess(db: Database, accessId: number): Promise<Subscription | undefined> {
  return db.selectFrom("subscriptions").selectAll().where("access_id", "=", accessId).orderBy("id", "desc").executeTakeFirst();
}

/**
 * The subscription an order page shows: the one the order started, else the one whose automatic charge made
 * it, else the latest of the access it paid for or renews.
 */
export async function subscriptionOfOrderPage(
  db: Database,
  order: Pick<Order, "id" | "subscription_id" | "access_id" | "renews_access_id">,
): Promise<Subscription | undefined> {
  const started = await db.selectFrom("subscriptions").selectAll().where("order_id", "=", order.id).executeTakeFirst();
  if (started) return started;
  if (order.subscription_id !== null) {
    const charged = await db.selectFrom("subscriptions").selectAll().where("id", "=", order.subscription_id).executeTakeFirst();
    if (charged) return charged;
  }
  const accessId = order.access_id ?? order.renews_access_id;
  return accessId === null ? undefined : latestSubscriptionOfAccess(db, accessId);
}
