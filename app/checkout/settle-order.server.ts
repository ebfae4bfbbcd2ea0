import { type EventActor, recordOrderEvent } from "../../server/db/order-events.ts";
import { recordCardDetails, recordRefund } from "../../server/db/payments.ts";
import { recordProcessorTax } from "../../server/db/processor-tax.ts";
import { findOrderById, markOrderFailed } from "../../server/db/repositories.ts";
import type { Order } from "../../server/db/schema.ts";
import type { FailureReason, PaymentLookup, PaymentRecord } from "../../server/payments/gateway.ts";
import { revokeOrderAccess } from "../access/revoke.server";
import { issueCreditNote } from "../invoices/issue.server";
import { queueRefundNotice } from "../mail.server";
import { declines } from "../rate-limit.server";
import type { Services } from "../services.server";
import { type RecordServices, recordPayment } from "./record-payment.server";

/** The order as the payment gateway needs it. */
export function paymentRecord(order: Order): PaymentRecord {
  return {
    reference: order.reference,
    paymentSessionId: order.payment_session_id,
    gatewayReference: order.gateway_reference,
    amountCents: order.amount_cents,
    currency: order.currency,
    refundedCents: order.refunded_cents,
  };
}

export type SettleServices = Pick<Services, "db" | "gateway" | "wakeMail">;

export interface SettleOptions {
  /**
   * What to make of a processor that has no payment for the order. Reconciliation, looking at an order
   * pending for minutes, fails it as abandoned (nothing was charged); the return page just waits.
   */
  unknownMeansAbandoned?: boolean;
}

/**
 * Asks the processor what became of an order's payment and records it. Every path that learns of a payment
 * (the checkout, the processor's webhook, the return page, reconciliation) ends here or in
 * `applyPaymentOutcome`, and each change is conditional on the order's current state: whichever comes first
 * settles the order, and the others change nothing, so the customer gets exactly one confirmation mail.
 */
export async function settleOrder(services: SettleServices, order: Order, options: SettleOptions = {}): Promise<Order> {
  const lookup = await services.gateway.lookup(paymentRecord(order));
  return applyPaymentOutcome(services, order, lookup, options);
}

export async function applyPaymentOutcome(
  services: RecordServices,
  order: Order,
  lookup: PaymentLookup,
  options: SettleOptions = {},
): Promise<Order> {
  const { db } = services;
  if (lookup.status === "paid") {
    const abandoned = order.status === "failed" && order.failure_reason === "abandoned";
    if (order.status === "pending" || abandoned) {
      // Stripe Tax's answer first: the invoice issued with the payment prints it.
      if (lookup.tax) await recordProcessorTax(db, order.id, lookup.tax);
      await recordPayment(services, order, lookup.gatewayReference, {
        savedCard: lookup.savedCard,
        processorSubscription: lookup.subscription,
      });
    }
    if (lookup.card) await recordCardDetails(db, order.id, lookup.card);
    if (lookup.refundedCents > order.refunded_cents) await recordProcessorRefund(services, order, lookup.refundedCents);
  } else if (lookup.status === "failed") {
    await failOrder(db, order, lookup.reason, lookup.gatewayReference ?? order.gateway_reference);
  } else if (lookup.status === "unknown" && options.unknownMeansAbandoned) {
    // The processor never heard of it: the shop, not the processor, gives up on the order.
    await failOrder(db, order, "abandoned", order.gateway_reference, "system");
  }
  return (await findOrderById(db, order.id)) ?? order;
}

/**
 * A refund the processor tells of: one made in its dashboard, or the console's when the processor's word
 * comes first. The one call that records it writes its timeline line and queues the customer's notice, in
 * one transaction; the console then finds it recorded and mails nothing more.
 */
async function recordProcessorRefund({ db, wakeMail }: RecordServices, order: Order, refundedCents: number): Promise<void> {
  const recorded = await db.transaction().execute(async (transaction) => {
    const refunded = await recordRefund(transaction, order.id, { refundedCents, refundReference: null });
    if (!refunded) return false;
    const details = { amountCents: refunded.addedCents, currency: order.currency };
    await recordOrderEvent(transaction, { orderId: order.id, type: "refunded", actor: "processor", details });
    if (refunded.order.status === "refunded") await revokeOrderAccess(transaction, refunded.order, "refund");
    await queueRefundNotice(transaction, refunded.order, refunded.addedCents);
    await issueCreditNote(transaction, refunded.order, refunded.addedCents);
    return true;
  });
  if (recorded) wakeMail();
}

/** The timeline's word for a failure: a refusal, a payment never finished, or an authentication that failed. */
const failureEvent = (reason: FailureReason) =>
  reason === "abandoned" ? "abandoned" : reason === "authenticationFailed" ? "failed" : "declined";

/**
 * pending → failed, with why on the order's timeline. A payment the processor refused (not one left
 * unfinished) also counts as a decline of the address and e-mail that placed the order, whichever path
 * learns of it: the card-testing defence. One transaction, and only the call that moves the order writes,
 * so an order that several paths see fail has one line and one decline, and a retry never loses either.
 */
export async function failOrder(
  db: Services["db"],
  order: Order,
  reason: FailureReason,
  gatewayReference: string | null | undefined,
  actor: EventActor = "processor",
): Promise<void> {
  await db.transaction().execute(async (transaction) => {
    const failed = await markOrderFailed(transaction, order.id, { reason, gatewayReference: gatewayReference ?? null });
    if (!failed) return;
    await recordOrderEvent(transaction, { orderId: order.id, type: failureEvent(reason), actor, details: { reason } });
    if (reason !== "abandoned") await declines.record(transaction, { address: order.client_address, email: order.email });
  });
}
