import { findOrderByGatewayReference, findOrderByPaymentSession, paymentEventSeen, recordPaymentEvent } from "../../server/db/payments.ts";
import { findOrderByReference } from "../../server/db/repositories.ts";
import type { Order } from "../../server/db/schema.ts";
import { logger } from "../../server/logger.ts";
import type { PaymentNotice } from "../../server/payments/gateway.ts";
import { recordDispute } from "../access/dispute.server";
import type { Services } from "../services.server";
import type { RefusalReason } from "./refused-event";
import { asDifference, type Difference, refuseProcessorEvent } from "./refused-events.server";
import { type SettleServices, settleOrder } from "./settle-order.server";

/** The order recorded under the processor's own ids: its session, or its payment. */
async function recordedOrderOf(db: Services["db"], notice: PaymentNotice): Promise<Order | undefined> {
  if (notice.sessionId) return findOrderByPaymentSession(db, notice.sessionId);
  if (notice.gatewayReference) return findOrderByGatewayReference(db, notice.gatewayReference);
  return undefined;
}

/**
 * The order a notice is about, by the processor's ids the shop recorded, never by the metadata: anyone with
 * an account at the processor can write an order's reference there. The metadata only says which pending
 * order to ask the processor about first (a refund told of before the payment); `named` is the shop's order
 * it names when the ids lead to none, so that the event is flagged.
 */
async function orderOf(services: SettleServices, notice: PaymentNotice): Promise<{ order?: Order; named?: Order }> {
  const order = await recordedOrderOf(services.db, notice);
  if (order || !notice.orderReference) return { order };
  const named = await findOrderByReference(services.db, notice.orderReference);
  if (named?.status !== "pending") return { named };
  const settled = await settleOrder(services, named);
  // Still unpaid at the processor: not known to be anything of that order's yet, nor another's.
  if (settled.status === "pending") return {};
  const found = await recordedOrderOf(services.db, notice);
  return found ? { order: found } : { named: settled };
}

/** A dispute for more than the order was paid, or in another currency, is no dispute of its payment. */
function disputeDifference(order: Order, dispute: NonNullable<PaymentNotice["dispute"]>): Difference | undefined {
  if (dispute.currency.toLowerCase() !== order.currency.toLowerCase()) {
    return { field: "currency", event: dispute.currency, expected: order.currency };
  }
  if (dispute.amountCents > order.amount_cents) return { field: "amount", event: dispute.amountCents, expected: order.amount_cents };
  return undefined;
}

export type EventResult = "applied" | "duplicate" | "ignored" | "refused";

/**
 * Applies a verified event of the processor. The event says that something happened to an order's payment;
 * the order is then settled from what the processor says now (`settleOrder`), so events that arrive late,
 * twice or out of order all lead to the same, current state. Each event id is recorded once it is applied: a
 * replay finds it and changes nothing. If settling fails (the processor or the database unreachable) the id
 * is not recorded and the error reaches the processor as a 500, so it sends the event again later. An event
 * the shop does not believe is refused and flagged (`refuseProcessorEvent`), never applied.
 */
export async function applyPaymentNotice(services: SettleServices, notice: PaymentNotice): Promise<EventResult> {
  const { db, gateway } = services;
  if (await paymentEventSeen(db, gateway.name, notice.eventId)) return "duplicate";
  const { order, named } = await orderOf(services, notice);
  const object = notice.sessionId ?? notice.gatewayReference ?? null;
  const { eventId, type } = notice;
  const refuse = (reason: RefusalReason, concerned: Order, difference?: Difference) =>
    refuseProcessorEvent(db, { processor: gateway.name, eventId, type, reason, order: concerned, object, difference });
  if (!order) {
    if (named) return refuse("not-ours", named);
    // Not one of ours (a processor account shared with another shop), or a refund of a payment made elsewhere.
    logger.warn({ processor: gateway.name, event: type }, "A payment event names no order of this shop");
    await recordPaymentEvent(db, { provider: gateway.name, eventId, type, orderReference: null });
    return "ignored";
  }
  if (notice.disagreement) return refuse("processor-disagrees", order, asDifference(notice.disagreement));
  if (notice.dispute) {
    const difference = disputeDifference(order, notice.dispute);
    if (difference) return refuse("wrong-amount", order, difference);
    await recordDispute(db, order, eventId);
    logger.warn({ processor: gateway.name, event: type, order: order.reference }, "A payment was disputed: its access is revoked");
  } else {
    const settled = await settleOrder(services, order);
    logger.info({ processor: gateway.name, event: type, order: order.reference, status: settled.status }, "Payment event applied");
  }
  await recordPaymentEvent(db, { provider: gateway.name, eventId, type, orderReference: order.reference });
  return "applied";
}
