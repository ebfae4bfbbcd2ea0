/**
 * The customer's subscriptions (subscriptions-schema.ts) in an erasure and in the retention sweep
 * (docs/decisions/0020-customer-data-export-and-erasure.md). A subscription is a contract, not an accounting
 * record: its plan, amount, status and dates stay as history, but nothing that reaches the person (the address,
 * the card, the processor's customer, the unpaid invoice's page), and the card the test gateway kept for it is
 * deleted. A live one is ended first: the erased customer is charged no more.
 */
import { sql } from "kysely";
import { enqueueSubscriptionCancel } from "../jobs/enqueue.ts";
import type { Database } from "./database.ts";
import { recordOrderEvent } from "./order-events.ts";
import type { Subscription } from "./schema.ts";
import { endSubscription } from "./subscriptions.ts";

/**
 * What an anonymised subscription loses. `keepContract`: its order is kept for accounting, so Stripe's
 * subscription id stays beside the order's payment id, as that order's record at the processor (and the
 * processor's later events about it still find the row); otherwise it goes too.
 */
export function anonymisedSubscriptionChanges(placeholderEmail: string, { keepContract }: { keepContract: boolean }) {
  return {
    email: placeholderEmail,
    card_brand: null,
    card_last4: null,
    payment_method: null,
    processor_customer_id: null,
    pay_url: null,
    ...(keepContract ? {} : { processor_subscription_id: null }),
  } satisfies Partial<Subscription>;
}

/**
 * The erasure's part: the address's subscriptions ended (a Stripe one cancelled by a job after the commit) and
 * anonymised; `keptOrderIds` are the orders kept for accounting. Returns how many it changed.
 */
export async function eraseSubscriptions(
  db: Database,
  {
    email,
    orderIds,
    keptOrderIds,
    placeholder,
    now,
  }: { email: string; orderIds: number[]; keptOrderIds: number[]; placeholder: string; now: Date },
): Promise<number> {
  const subscriptions = await db
    .selectFrom("subscriptions")
    .selectAll()
    .where((where) =>
      orderIds.length ? where.or([where("email", "=", email), where("order_id", "in", orderIds)]) : where("email", "=", email),
    )
    .execute();
  const at = now.toISOString();
  for (const subscription of subscriptions) {
    // The same end and the same job as a refund's (app/access/subscription-end.server.ts): one cancel per subscription.
    const ended = subscription.status === "ended" ? undefined : await endSubscription(db, subscription.id, "stopped", now);
    if (ended) {
      const details = { reason: "stopped", cause: "account-deleted" };
      await recordOrderEvent(db, { orderId: ended.order_id, type: "subscription-ended", actor: "customer", details }, now);
    }
    if (ended?.processor_subscription_id) {
      await enqueueSubscriptionCancel(db, { processor: ended.processor, processor_subscription_id: ended.processor_subscription_id }, now);
    }
    await forgetSubscription(db, subscription, placeholder, { keepContract: keptOrderIds.includes(subscription.order_id) }, at);
  }
  return subscriptions.length;
}

/**
 * The retention sweep's part: an ended subscription whose order was anonymised (swept now, or earlier while the
 * subscription still ran) keeps nothing personal. A live one is a running contract and waits until it ends.
 */
export async function sweepSubscriptionsOfForgottenOrders(db: Database, placeholderOf: () => string, now: Date): Promise<number> {
  const forgotten = await db
    .selectFrom("subscriptions")
    .innerJoin("orders", "orders.id", "subscriptions.order_id")
    .selectAll("subscriptions")
    .where("subscriptions.status", "=", "ended")
    .where("subscriptions.email", "not like", "%@erased.invalid")
    .where("orders.first_name", "=", "")
    .where(sql<string>`orders.email`, "like", "%@erased.invalid")
    .execute();
  for (const subscription of forgotten) {
    await forgetSubscription(db, subscription, placeholderOf(), { keepContract: false }, now.toISOString());
  }
  return forgotten.length;
}

async function forgetSubscription(
  db: Database,
  subscription: Subscription,
  placeholder: string,
  options: { keepContract: boolean },
  at: string,
): Promise<void> {
  await db
    .updateTable("subscriptions")
    .set({ ...anonymisedSubscriptionChanges(placeholder, options), updated_at: at })
    .where("id", "=", subscription.id)
    .execute();
  // The kept card is the processor's record of the customer's card; the test gateway is its own processor.
  if (subscription.payment_method) await db.deleteFrom("test_gateway_cards").where("id", "=", subscription.payment_method).execute();
}
