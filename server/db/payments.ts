/**
 * The reads and writes of the payment flow beyond placing an order: a processor's session, refunds,
 * reconciliation claims and processor events. Same conventions as repositories.ts: SQLite and PostgreSQL
 * alike, and an optional `now` for tests.
 */
import type { Database } from "./database.ts";
import type { Order } from "./schema.ts";

export async function findOrderByPaymentSession(db: Database, sessionId: string): Promise<Order | undefined> {
  return db.selectFrom("orders").selectAll().where("payment_session_id", "=", sessionId).executeTakeFirst();
}

export async function findOrderByGatewayReference(db: Database, gatewayReference: string): Promise<Order | undefined> {
  return db.selectFrom("orders").selectAll().where("gateway_reference", "=", gatewayReference).executeTakeFirst();
}

/** Records the processor's session (and its payment, when known) of a pending order. Only the first one sticks. */
export async function setPaymentSession(
  db: Database,
  id: number,
  session: { sessionId: string; gatewayReference?: string },
  now: Date = new Date(),
): Promise<void> {
  await db
    .updateTable("orders")
    .set({ payment_session_id: session.sessionId, gateway_reference: session.gatewayReference ?? null, updated_at: now.toISOString() })
    .where("id", "=", id)
    .where("payment_session_id", "is", null)
    .execute();
}

/** The card as the processor tells it after the payment, when the checkout never saw it (a hosted page). */
export async function recordCardDetails(db: Database, id: number, card: { brand: string; last4: string }): Promise<void> {
  await db
    .updateTable("orders")
    .set({ card_brand: card.brand.slice(0, 30), card_last4: card.last4.slice(-4) })
    .where("id", "=", id)
    .where("card_last4", "is", null)
    .execute();
}

/**
 * Records what has been refunded of a paid (or delivered) order; all of it makes the order `refunded`.
 * Returns the order and what this call added to its refunds when this call changed it; undefined when the
 * refund was already recorded.
 */
export async function recordRefund(
  db: Database,
  id: number,
  refund: { refundedCents: number; refundReference: string | null },
  now: Date = new Date(),
): Promise<{ order: Order; addedCents: number } | undefined> {
  const order = await db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirst();
  if (!order || refund.refundedCents <= order.refunded_cents) return undefined;
  if (order.status !== "paid" && order.status !== "fulfilled" && order.status !== "expired") return undefined;
  const updated = await db
    .updateTable("orders")
    .set({
      refunded_cents: refund.refundedCents,
      refund_reference: refund.refundReference ?? order.refund_reference,
      status: refund.refundedCents >= order.amount_cents ? "refunded" : order.status,
      updated_at: now.toISOString(),
    })
    .where("id", "=", id)
    .where("refunded_cents", "=", order.refunded_cents)
    .returningAll()
    .executeTakeFirst();
  return updated && { order: updated, addedCents: refund.refundedCents - order.refunded_cents };
}

/**
 * Marks a refund already recorded by the processor's webhook as the one a console refund asked for: sets its
 * reference, once. Returns the order to the one call that set it; undefined when less is recorded, or when
 * that reference is there already (another tab's confirmation of the same refund recorded or claimed it).
 */
export async function claimRecordedRefund(
  db: Database,
  id: number,
  refund: { refundedCents: number; refundReference: string },
  now: Date = new Date(),
): Promise<Order | undefined> {
  return db
    .updateTable("orders")
    .set({ refund_reference: refund.refundReference, updated_at: now.toISOString() })
    .where("id", "=", id)
    .where("refunded_cents", ">=", refund.refundedCents)
    .where((where) => where.or([where("refund_reference", "is", null), where("refund_reference", "!=", refund.refundReference)]))
    .returningAll()
    .executeTakeFirst();
}

/**
 * Claims up to `limit` orders pending since before `olderThan` whose next check is due, for this server to
 * ask the processor about. Claiming moves `next_check_at` to the end of a lease with a compare-and-set on its
 * old value, so when every server looks at once each order goes to one of them; if the answer is still
 * "pending" the order simply falls due again when the lease ends.
 */
export async function claimOrdersToReconcile(
  db: Database,
  { olderThan, now = new Date(), limit = 20, leaseMs = 60_000 }: { olderThan: Date; now?: Date; limit?: number; leaseMs?: number },
): Promise<Order[]> {
  const at = now.toISOString();
  const candidates = await db
    .selectFrom("orders")
    .select(["id", "next_check_at"])
    .where("status", "=", "pending")
    // An automatic renewal's order belongs to its charge job (or Stripe's event), which asks the processor itself.
    .where("subscription_id", "is", null)
    .where("created_at", "<", olderThan.toISOString())
    .where((where) => where.or([where("next_check_at", "is", null), where("next_check_at", "<=", at)]))
    .orderBy("created_at")
    .limit(limit)
    .execute();
  const leaseUntil = new Date(now.getTime() + leaseMs).toISOString();
  const claimed: Order[] = [];
  for (const candidate of candidates) {
    const order = await db
      .updateTable("orders")
      .set({ next_check_at: leaseUntil })
      .where("id", "=", candidate.id)
      .where("status", "=", "pending")
      .where((where) =>
        candidate.next_check_at === null ? where("next_check_at", "is", null) : where("next_check_at", "=", candidate.next_check_at),
      )
      .returningAll()
      .executeTakeFirst();
    if (order) claimed.push(order);
  }
  return claimed;
}

/** Whether this processor event was applied already (a replay, or a duplicate delivery). */
export async function paymentEventSeen(db: Database, provider: string, eventId: string): Promise<boolean> {
  const row = await db
    .selectFrom("payment_events")
    .select("id")
    .where("provider", "=", provider)
    .where("event_id", "=", eventId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Notes an event as handled; a second note of the same id changes nothing. True when this call noted it: of
 * two deliveries at once, one only (the unique key makes the second wait for the first, then find it).
 */
export async function recordPaymentEvent(
  db: Database,
  event: { provider: string; eventId: string; type: string; orderReference: string | null },
  now: Date = new Date(),
): Promise<boolean> {
  const at = now.toISOString();
  const recorded = await db
    .insertInto("payment_events")
    .values({
      provider: event.provider,
      event_id: event.eventId,
      type: event.type,
      order_reference: event.orderReference,
      created_at: at,
      updated_at: at,
    })
    .onConflict((conflict) => conflict.doNothing())
    .returning("id")
    .executeTakeFirst();
  return recorded !== undefined;
}

/**
 * Takes an automatic renewal's pending order for one charge attempt, for `leaseMs`: of two runs at once (a
 * job's lease that ran out while its server was only slow) one gets it and the other is retried later, when
 * it finds the outcome recorded. A crashed run's lease simply runs out: it is shorter than the job's (60 s),
 * so the server that takes the job over finds the order free, and asks the gateway what became of it.
 */
export async function claimRenewalCharge(db: Database, orderId: number, now: Date = new Date(), leaseMs = 30_000): Promise<boolean> {
  const at = now.toISOString();
  const claimed = await db
    .updateTable("orders")
    .set({ next_check_at: new Date(now.getTime() + leaseMs).toISOString() })
    .where("id", "=", orderId)
    .where("status", "=", "pending")
    .where((where) => where.or([where("next_check_at", "is", null), where("next_check_at", "<=", at)]))
    .returning("id")
    .executeTakeFirst();
  return claimed !== undefined;
}
