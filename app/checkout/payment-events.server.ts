import { findOrderByGatewayReference, findOrderByPaymentSession, paymentEventSeen, recordPaymentEvent } from "../../server/db/payments.ts";
import { findOrderByReference } from "../../server/db/repositories.ts";
import type { Order } from "../../server/db/schema.ts";
import { logger } from "../../server/logger.ts";
import type { PaymentNotice, SubscriptionNotice } from "../../server/payments/gateway.ts";
import { recordDispute } from "../access/dispute.server";
import type { Services } from "../services.server";
import { applySubscriptionNotice } from "../subscriptions/processor-events.server";
import { type SettleServices, settleOrder } from "./settle-order.server";

/** The order a notice is about: by the session, or the payment, or the reference we gave the processor. */
async function orderOf(db: Services["db"], notice: PaymentNotice): Promise<Order | undefined> {
  return (
    (notice.sessionId ? await findOrderByPaymentSession(db, notice.sessionId) : undefined) ??
    (notice.gatewayReference ? await findOrderByGatewayReference(db, notice.gatewayReference) : undefined) ??
    (notice.orderReference ? await findOrderByReference(db, notice.orderReference) : undefined)
  );
}

export type EventResult = "applied" | "duplicate" | "ignored";

/**
 * Applies a verified event of the processor. The event says that something happened to an order's payment;
 * the order is then settled from what the processor says now (`settleOrder`), so events that arrive late,
 * twice or out of order all lead to the same, current state. Each event id is recorded once it is applied: a
 * replay finds it and changes nothing. If settling fails (the processor or the database unreachable) the id
 * is not recorded and the error reaches the processor as a 500, so it sends the event again later.
 */
export async function applyPaymentNotice(services: SettleServices, notice: PaymentNotice): Promise<EventResult> {
  const { db, gateway } = services;
  if (await paymentEventSeen(db, gateway.name, notice.eventId)) return "duplicate";
  const order = await orderOf(db, notice);
  if (order && notice.dispute) {
    await recordDispute(db, order, notice.eventId);
    logger.warn({ processor: gateway.name, event: notice.type, order: order.reference }, "A payment was disputed: its access is revoked");
  } else if (order) {
    const settled = await settleOrder(services, order);
    logger.info({ processor: gateway.name, event: notice.type, order: order.reference, status: settled.status }, "Payment event applied");
  } else {
    // Not one of ours (a processor account shared with another shop), or a refund of a payment made elsewhere.
    logger.warn({ processor: gateway.name, event: notice.type }, "A payment event names no order of this shop");
  }
  await recordPaymentEvent(db, {
    provider: gateway.name,
    eventId: notice.eventId,
    type: notice.type,
    orderReference: order?.reference ?? null,
  });
  return order ? "applied" : "ignored";
}

/** Any verified event of the processor: about an order's payment, or about a subscription (Stripe Billing). */
export async function applyProcessorNotice(services: SettleServices, notice: PaymentNotice | SubscriptionNotice): Promise<EventResult> {
  if (notice.kind === "subscription") {
    return applySubscriptionNotice(services, notice);
  }
  return applyPaymentNotice(services, notice);
}
