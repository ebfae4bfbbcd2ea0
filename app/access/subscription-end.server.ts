/**
 * A full refund or a dispute ends the access, and with it the subscription that renews it: charging a card
 * whose owner got their money back, or is disputing a charge, would only make another dispute. Called in the
 * transaction that revokes; Stripe is told by a job (`subscription-cancel`), never from inside it.
 */
import type { Database } from "../../server/db/database.ts";
import { recordOrderEvent } from "../../server/db/order-events.ts";
import type { Order } from "../../server/db/schema.ts";
import { endSubscription } from "../../server/db/subscriptions.ts";
import { enqueueSubscriptionCancel } from "../../server/jobs/enqueue.ts";

export async function endSubscriptionsOfOrder(
  db: Database,
  order: Pick<Order, "id" | "access_id" | "subscription_id">,
  reason: "refund" | "dispute",
  now: Date = new Date(),
): Promise<void> {
  const subscriptions = await db
    .selectFrom("subscriptions")
    .selectAll()
    .where((where) => {
      const mine = [where("order_id", "=", order.id)];
      if (order.access_id !== null) mine.push(where("access_id", "=", order.access_id));
      if (order.subscription_id !== null) mine.push(where("id", "=", order.subscription_id));
      return where.or(mine);
    })
    .where("status", "!=", "ended")
    .execute();
  for (const subscription of subscriptions) {
    const ended = await endSubscription(db, subscription.id, reason, now);
    if (!ended) continue;
    await recordOrderEvent(db, { orderId: ended.order_id, type: "subscription-ended", actor: "system", details: { reason } }, now);
    if (ended.processor_subscription_id) {
      await enqueueSubscriptionCancel(db, { processor: ended.processor, processor_subscription_id: ended.processor_subscription_id }, now);
    }
  }
}
