import type Stripe from "stripe";
import { findOrderByGatewayReference, findOrderByPaymentSession, paymentEventSeen, recordPaymentEvent } from "../../server/db/payments.ts";
import { findOrderByReference } from "../../server/db/repositories.ts";
import type { Order } from "../../server/db/schema.ts";
import { logger } from "../../server/logger.ts";
import type { Services } from "../services.server";
import { type SettleServices, settleOrder } from "./settle-order.server";

/** The events this shop acts on; Stripe may be set to send more, which are acknowledged and ignored. */
export const handledEvents = [
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "checkout.session.expired",
  "charge.refunded",
] as const;

const isHandled = (type: string): type is (typeof handledEvents)[number] => (handledEvents as readonly string[]).includes(type);

/** The order an event is about: by the session, or the payment, or the reference we gave Stripe. */
async function orderOf(db: Services["db"], event: Stripe.Event): Promise<Order | undefined> {
  const object = event.data.object as { object: string; id: string; payment_intent?: unknown; metadata?: Record<string, string> | null };
  const reference = object.metadata?.order_reference;
  if (object.object === "checkout.session") {
    return (await findOrderByPaymentSession(db, object.id)) ?? (reference ? await findOrderByReference(db, reference) : undefined);
  }
  const intent = typeof object.payment_intent === "string" ? object.payment_intent : undefined;
  return (
    (intent ? await findOrderByGatewayReference(db, intent) : undefined) ??
    (reference ? await findOrderByReference(db, reference) : undefined)
  );
}

export type EventResult = "applied" | "duplicate" | "ignored";

/**
 * Applies a verified Stripe event. The event says that something happened to an order's payment; the order is
 * then settled from the session as Stripe has it now (`settleOrder`), so events that arrive late, twice or out
 * of order all lead to the same, current state. Each event id is recorded once it is applied: a replay finds
 * it and changes nothing. If settling fails (Stripe or the database unreachable) the id is not recorded and
 * the error reaches Stripe as a 500, so Stripe sends the event again later.
 */
export async function applyStripeEvent(services: SettleServices, event: Stripe.Event): Promise<EventResult> {
  const { db } = services;
  if (!isHandled(event.type)) return "ignored";
  if (await paymentEventSeen(db, "stripe", event.id)) return "duplicate";
  const order = await orderOf(db, event);
  if (order) {
    const settled = await settleOrder(services, order);
    logger.info({ event: event.type, order: order.reference, status: settled.status }, "Stripe event applied");
  } else {
    // Not one of ours (a Stripe account shared with another shop), or a refund of a payment made elsewhere.
    logger.warn({ event: event.type }, "A Stripe event names no order of this shop");
  }
  await recordPaymentEvent(db, { provider: "stripe", eventId: event.id, type: event.type, orderReference: order?.reference ?? null });
  return order ? "applied" : "ignored";
}
