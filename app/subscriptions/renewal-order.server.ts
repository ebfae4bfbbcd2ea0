/**
 * The order an automatic renewal makes: the same customer, plan and viewers as the order that started the
 * subscription, renewing its access. Made once per charge: its one-time key names the charge (the test
 * gateway's period and attempt, Stripe's invoice), so a job run twice or an event sent twice finds it.
 */
import type { Database } from "../../server/db/database.ts";
import { createOrder } from "../../server/db/orders.ts";
import { findOrderById } from "../../server/db/repositories.ts";
import type { Order, Subscription } from "../../server/db/schema.ts";

export async function renewalOrderOf(
  db: Database,
  subscription: Subscription,
  charge: { key: string; amountCents?: number },
  now: Date = new Date(),
): Promise<{ order: Order; created: boolean }> {
  if (subscription.access_id === null) throw new Error(`Subscription ${subscription.id} has no access to renew yet`);
  const first = await findOrderById(db, subscription.order_id);
  if (!first) throw new Error(`Subscription ${subscription.id} has lost its first order`);
  return createOrder(
    db,
    {
      idempotency_key: `subscription-${subscription.id}-${charge.key}`,
      plan_key: subscription.plan_key,
      viewers: subscription.viewers,
      amount_cents: charge.amountCents ?? subscription.amount_cents,
      currency: subscription.currency,
      language: first.language,
      first_name: first.first_name,
      last_name: first.last_name,
      email: first.email,
      phone: first.phone,
      country: first.country,
      city: first.city,
      postal_code: first.postal_code,
      address: first.address,
      card_brand: subscription.card_brand,
      card_last4: subscription.card_last4,
      payment_processor: subscription.processor,
      // No visitor: an automatic charge is not a checkout, and a refusal counts against no one's address.
      client_address: null,
      ip_country: first.ip_country,
      renews_access_id: subscription.access_id,
      subscription_id: subscription.id,
    },
    now,
  );
}
