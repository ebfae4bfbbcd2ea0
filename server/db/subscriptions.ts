/**
 * Subscriptions (subscriptions-schema.ts): reads, and the conditional writes their steps make. Every change is
 * conditional on the state it starts from, so a step taken twice (a replayed event, a job run by two servers)
 * changes the row once; the callers write their timeline lines only when a change came back.
 */
import type { Database } from "./database.ts";
import { normalizeEmail } from "./newsletter.ts";
import type { Order, Subscription, SubscriptionEndReason, SubscriptionStatus } from "./schema.ts";

/** Renews: charged when the period ends (a failing one is still tried). */
export const LIVE_STATUSES: readonly SubscriptionStatus[] = ["active", "failing"];

export interface NewSubscription {
  order: Pick<Order, "id" | "email" | "plan_key" | "viewers" | "amount_cents" | "currency" | "payment_processor" | "access_id">;
  processorSubscriptionId?: string | null;
  processorCustomerId?: string | null;
  paymentMethod?: string | null;
  card?: { brand: string; last4: string } | null;
  nextChargeAt: Date | null;
}

/** Starts the subscription of a paid order; the existing one when it was started before (one per order). */
export async function startSubscription(
  db: Database,
  input: NewSubscription,
  now: Date = new Date(),
): Promise<{ subscription: Subscription; created: boolean }> {
  const at = now.toISOString();
  const inserted = await db
    .insertInto("subscriptions")
    .values({
      order_id: input.order.id,
      access_id: input.order.access_id,
      email: normalizeEmail(input.order.email),
      plan_key: input.order.plan_key,
      viewers: input.order.viewers,
      amount_cents: input.order.amount_cents,
      currency: input.order.currency,
      processor: input.order.payment_processor ?? "test",
      processor_subscription_id: input.processorSubscriptionId ?? null,
      processor_customer_id: input.processorCustomerId ?? null,
      payment_method: input.paymentMethod ?? null,
      card_brand: input.card?.brand ?? null,
      card_last4: input.card?.last4 ?? null,
      status: "active",
      next_charge_at: input.nextChargeAt?.toISOString() ?? null,
      next_retry_at: null,
      pay_url: null,
      ended_at: null,
      end_reason: null,
      created_at: at,
      updated_at: at,
    })
    .onConflict((conflict) => conflict.column("order_id").doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return { subscription: inserted, created: true };
  const existing = await db.selectFrom("subscriptions").selectAll().where("order_id", "=", input.order.id).executeTakeFirstOrThrow();
  return { subscription: existing, created: false };
}

export async function findSubscriptionById(db: Database, id: number): Promise<Subscription | undefined> {
  return db.selectFrom("subscriptions").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function findSubscriptionOfOrder(db: Database, orderId: number): Promise<Subscription | undefined> {
  return db.selectFrom("subscriptions").selectAll().where("order_id", "=", orderId).executeTakeFirst();
}

export async function findSubscriptionByProcessorId(db: Database, processorId: string): Promise<Subscription | undefined> {
  return db.selectFrom("subscriptions").selectAll().where("processor_subscription_id", "=", processorId).executeTakeFirst();
}

/** The subscription that renews an access now (at most one is live: a checkout offers none to an access that has one). */
export async function liveSubscriptionOfAccess(db: Database, accessId: number): Promise<Subscription | undefined> {
  return db
    .selectFrom("subscriptions")
    .selectAll()
    .where("access_id", "=", accessId)
    .where("status", "in", LIVE_STATUSES)
    .orderBy("id", "desc")
    .executeTakeFirst();
}

/** The latest subscription of each access (live or not), for the account and the console. */
export async function subscriptionsOfEmail(db: Database, email: string): Promise<Subscription[]> {
  return db.selectFrom("subscriptions").selectAll().where("email", "=", normalizeEmail(email)).orderBy("id", "desc").execute();
}

/** The first order is delivered: its access is now the one the subscription renews. */
export async function linkSubscriptionAccess(db: Database, orderId: number, accessId: number, now: Date = new Date()): Promise<void> {
  await db
    .updateTable("subscriptions")
    .set({ access_id: accessId, updated_at: now.toISOString() })
    .where("order_id", "=", orderId)
    .where("access_id", "is", null)
    .execute();
}

/** What the processor or a charge says now; only a subscription that has not ended changes. */
export async function updateSubscription(
  db: Database,
  id: number,
  change: Partial<
    Pick<
      Subscription,
      | "status"
      | "next_charge_at"
      | "failed_attempts"
      | "next_retry_at"
      | "pay_url"
      | "processor_subscription_id"
      | "processor_customer_id"
      | "card_brand"
      | "card_last4"
      | "payment_method"
    >
  >,
  options: { from?: readonly SubscriptionStatus[] } = {},
  now: Date = new Date(),
): Promise<Subscription | undefined> {
  return db
    .updateTable("subscriptions")
    .set({ ...change, updated_at: now.toISOString() })
    .where("id", "=", id)
    .where("status", "in", options.from ?? ["active", "failing", "stopping"])
    .returningAll()
    .executeTakeFirst();
}

/** Renews no more: the access runs to its end. Undefined when it was not renewing. */
export async function markSubscriptionStopping(db: Database, id: number, now: Date = new Date()): Promise<Subscription | undefined> {
  return updateSubscription(db, id, { status: "stopping", next_charge_at: null, next_retry_at: null }, { from: LIVE_STATUSES }, now);
}

/** Ends it for good. Undefined when it had ended already. */
export async function endSubscription(
  db: Database,
  id: number,
  reason: SubscriptionEndReason,
  now: Date = new Date(),
): Promise<Subscription | undefined> {
  const at = now.toISOString();
  return db
    .updateTable("subscriptions")
    .set({ status: "ended", end_reason: reason, ended_at: at, next_charge_at: null, next_retry_at: null, updated_at: at })
    .where("id", "=", id)
    .where("status", "!=", "ended")
    .returningAll()
    .executeTakeFirst();
}
