import type Stripe from "stripe";
import type { PaymentNotice } from "./gateway.ts";

/** The events the shop acts on; Stripe may be set to send more, which are acknowledged and ignored. */
export const handledEvents = [
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "checkout.session.expired",
  "charge.refunded",
  "charge.dispute.created",
] as const;

const isHandled = (type: string): type is (typeof handledEvents)[number] => (handledEvents as readonly string[]).includes(type);

/** What a verified event says of an order: its session, or its payment, and the reference the shop gave Stripe. */
export function stripeNotice(event: Stripe.Event): PaymentNotice | null {
  if (!isHandled(event.type)) return null;
  const object = event.data.object as { object: string; id: string; payment_intent?: unknown; metadata?: Record<string, string> | null };
  const orderReference = object.metadata?.order_reference;
  const notice: PaymentNotice = {
    eventId: event.id,
    type: event.type,
    ...(orderReference && { orderReference }),
    ...(event.type === "charge.dispute.created" && { dispute: true as const }),
  };
  if (object.object === "checkout.session") return { ...notice, sessionId: object.id };
  return typeof object.payment_intent === "string" ? { ...notice, gatewayReference: object.payment_intent } : notice;
}
