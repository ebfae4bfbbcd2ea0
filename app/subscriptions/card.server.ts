/**
 * Another card for the renewals. Stripe's subscriptions change it on Stripe's own page (the customer portal);
 * the test gateway's keep the new card here, and a failing one is tried again at once with it.
 */
import type { Language } from "../../common/languages";
import { findAccessById } from "../../server/db/accesses.ts";
import { recordOrderEvent } from "../../server/db/order-events.ts";
import type { Subscription } from "../../server/db/schema.ts";
import { updateSubscription } from "../../server/db/subscriptions.ts";
import type { ChargeRequest } from "../../server/payments/gateway.ts";
import { isProcessorOf } from "../../server/payments/index.ts";
import { scheduleRetry } from "../access/subscription-jobs.server";
import type { Services } from "../services.server";

/** Stripe's hosted page where the customer gives another card, coming back to `returnUrl`. */
export async function cardUpdateUrl(
  { gateway }: Pick<Services, "gateway">,
  subscription: Subscription,
  returnUrl: string,
  language: Language,
): Promise<string> {
  if (gateway.kind !== "hosted" || !subscription.processor_customer_id) {
    throw new Error(`Subscription ${subscription.id} has no processor page for its card`);
  }
  return gateway.cardUpdatePage(subscription.processor_customer_id, returnUrl, language);
}

/** The test gateway keeps the new card; a failing subscription's next attempt is made now rather than later. */
export async function replaceTestCard(
  { db, gateway }: Pick<Services, "db" | "gateway">,
  subscription: Subscription,
  card: ChargeRequest["card"],
  now: Date = new Date(),
): Promise<Subscription> {
  if (gateway.kind !== "card" || !isProcessorOf(gateway, subscription.processor)) {
    throw new Error(`Subscription ${subscription.id} does not keep its card with the configured gateway`);
  }
  const saved = await gateway.saveCard(card);
  return db.transaction().execute(async (transaction) => {
    const change = { payment_method: saved.id, card_brand: saved.brand, card_last4: saved.last4 };
    const updated = await updateSubscription(transaction, subscription.id, change, {}, now);
    if (!updated) throw new Error(`Subscription ${subscription.id} has ended`);
    await recordOrderEvent(
      transaction,
      {
        orderId: subscription.order_id,
        type: "subscription-card-changed",
        actor: "customer",
        details: { brand: saved.brand, last4: saved.last4 },
      },
      now,
    );
    const access = updated.access_id === null ? undefined : await findAccessById(transaction, updated.access_id);
    if (updated.status === "failing" && access) {
      const attempt = updated.failed_attempts + 1;
      await scheduleRetry(
        transaction,
        { accessId: access.id, endsAt: access.ends_at, attempt, firstFailedAt: now.toISOString() },
        now,
        now,
        `card-${saved.id}`,
      );
    }
    return updated;
  });
}
