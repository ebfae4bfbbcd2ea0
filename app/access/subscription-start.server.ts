/**
 * A paid order whose customer chose automatic renewal starts its subscription, in the transaction that records
 * the payment: the subscription exists if and only if the payment does (docs/decisions/0025).
 */
import { findAccessById } from "../../server/db/accesses.ts";
import type { Database } from "../../server/db/database.ts";
import { recordOrderEvent } from "../../server/db/order-events.ts";
import type { Order, Subscription } from "../../server/db/schema.ts";
import { startSubscription } from "../../server/db/subscriptions.ts";
import type { ProcessorSubscription, SavedCard } from "../../server/payments/gateway.ts";
import { scheduleAccessJobs } from "./schedule.server";
import { chargeTimeOf } from "./subscription-timing";

/** What the payment's processor said of the renewals to come: the card it kept, or the subscription it runs. */
export interface SubscriptionStart {
  savedCard?: SavedCard;
  processorSubscription?: ProcessorSubscription;
}

/**
 * Starts (once) the subscription of a paid order placed with automatic renewal; undefined for any other order.
 * A renewal checkout's order is linked to its access already; a first purchase's access is made when it is
 * delivered (`linkSubscriptionAccess`), and its charges are scheduled then.
 */
export async function startOrderSubscription(
  db: Database,
  order: Order,
  start: SubscriptionStart,
  now: Date = new Date(),
): Promise<Subscription | undefined> {
  if (!order.renews_automatically || order.subscription_id !== null) return undefined;
  const access = order.access_id === null ? undefined : await findAccessById(db, order.access_id);
  const processor = start.processorSubscription;
  const card = start.savedCard ?? (order.card_brand && order.card_last4 ? { brand: order.card_brand, last4: order.card_last4 } : null);
  const { subscription, created } = await startSubscription(
    db,
    {
      order,
      processorSubscriptionId: processor?.id ?? null,
      processorCustomerId: processor?.customerId ?? null,
      paymentMethod: start.savedCard?.id ?? null,
      card: card && { brand: card.brand, last4: card.last4 },
      nextChargeAt: chargeTimeOf({
        shopCharges: processor === undefined,
        processorPeriodEnd: processor?.currentPeriodEnd,
        accessEndsAt: access?.ends_at,
      }),
    },
    now,
  );
  if (!created) return subscription;
  const details = {
    processor: subscription.processor,
    subscription: subscription.processor_subscription_id,
    nextChargeAt: subscription.next_charge_at,
  };
  await recordOrderEvent(db, { orderId: order.id, type: "subscription-started", actor: "customer", details }, now);
  if (access) await scheduleAccessJobs(db, access, new Date(access.ends_at), now);
  return subscription;
}
