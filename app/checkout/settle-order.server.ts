import { type EventActor, recordOrderEvent } from "../../server/db/order-events.ts";
import { recordCardDetails, recordRefund } from "../../server/db/payments.ts";
import { recordProcessorTax } from "../../server/db/processor-tax.ts";
import { findOrderById, markOrderFailed, markOrderPaid } from "../../server/db/repositories.ts";
import type { Order } from "../../server/db/schema.ts";
import { logger } from "../../server/logger.ts";
import type { FailureReason, PaymentLookup, PaymentRecord } from "../../server/payments/gateway.ts";
import { applyPaidRenewal } from "../access/renewal.server";
import { queueRenewalMail } from "../access/renewal-mail.server";
import { revokeOrderAccess } from "../access/revoke.server";
import { schedulePaidOrderJobs } from "../access/schedule.server";
import { type SubscriptionStart, startOrderSubscription } from "../access/subscription-start.server";
import { issueCreditNote, issueInvoice } from "../invoices/issue.server";
import { queueOrderConfirmation, queueRefundNotice } from "../mail.server";
import { declines } from "../rate-limit.server";
import type { Services } from "../services.server";

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

/** What recording a payment needs: the database, and the job runner to wake for the mails it queues. */
export type RecordServices = Pick<Services, "db" | "wakeMail">;
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

/** How long recording a charge's outcome is tried; well within the 15 s a second submission waits. */
const keepRecordingMs = 8_000;

/**
 * Records the outcome of a charge, trying again when the database fails for a moment (a pool busy under a
 * burst of checkouts, a connection dropped): the card has been charged, and answering "try again later"
 * now would invite a second charge for one order. Each write only moves a pending order, so repeating one
 * that did go through changes nothing.
 */
export async function persistently<T>(reference: string, write: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + keepRecordingMs;
  for (let pauseMs = 250; ; pauseMs = Math.min(pauseMs * 2, 2_000)) {
    try {
      return await write();
    } catch (error) {
      if (Date.now() + pauseMs > deadline) throw error;
      logger.warn({ order: reference, reason: (error as Error).message }, "Recording a charge's outcome failed; trying again");
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  }
}

/**
 * Marks the order paid, issues its invoice and queues its confirmation mail in one transaction: a crash between the two would
 * leave a paid order whose customer never gets the mail (the reliability suite's SIGKILL left 508 such
 * orders in 880). Only when that keeps failing are they written one after the other: a mail that cannot be
 * queued must not turn a charge that went through into an error.
 */
export async function recordPayment(
  { db, wakeMail }: RecordServices,
  order: Order,
  gatewayReference: string | null,
  subscriptionStart: SubscriptionStart = {},
  now: Date = new Date(),
): Promise<void> {
  try {
    await persistently(order.reference, () =>
      db.transaction().execute(async (transaction) => {
        const paid = await markOrderPaid(transaction, order.id, { gatewayReference }, now);
        if (!paid) return;
        await recordOrderEvent(transaction, { orderId: order.id, type: "paid", actor: "processor", details: { gatewayReference } }, now);
        // The invoice's number is taken here: it exists if and only if the payment is recorded.
        await issueInvoice(transaction, paid);
        // A renewal moves its access's end now, with the payment: the mail then says the new end.
        const renewed = await applyPaidRenewal(transaction, paid, now);
        // Automatic renewal chosen at checkout: the subscription exists if and only if the payment does.
        await startOrderSubscription(transaction, renewed?.order ?? paid, subscriptionStart, now);
        if (renewed) await queueRenewalMail(transaction, "paid", renewed.order, renewed.access);
        else await queueOrderConfirmation(transaction, paid);
        await schedulePaidOrderJobs(transaction, renewed?.order ?? paid, now);
      }),
    );
  } catch (error) {
    logger.error(
      { order: order.reference, reason: (error as Error).message },
      "An order's payment and mail could not be recorded together",
    );
    let paid = await markOrderPaid(db, order.id, { gatewayReference });
    if (paid) {
      await recordOrderEvent(db, { orderId: order.id, type: "paid", actor: "processor", details: { gatewayReference } }).catch(() => {});
      // The renewal in a transaction of its own: applied once (it only links an order not linked yet).
      const renewed = paid.renews_access_id
        ? await db
            .transaction()
            .execute((transaction) => applyPaidRenewal(transaction, paid as Order))
            .catch((renewError: unknown) => {
              logger.error({ order: order.reference, reason: (renewError as Error).message }, "A paid renewal could not extend its access");
              return undefined;
            })
        : undefined;
      paid = renewed?.order ?? paid;
      await startOrderSubscription(db, paid, subscriptionStart, now).catch((subscriptionError: unknown) => {
        logger.error(
          { order: order.reference, reason: (subscriptionError as Error).message },
          "A paid order's subscription could not be started",
        );
      });
      await db
        .transaction()
        .execute((transaction) => issueInvoice(transaction, paid as Order))
        .catch((invoiceError: unknown) => {
          logger.error({ order: order.reference, reason: (invoiceError as Error).message }, "A paid order's invoice could not be issued");
        });
      await schedulePaidOrderJobs(db, paid).catch((jobError: unknown) => {
        logger.error({ order: order.reference, reason: (jobError as Error).message }, "An order's delivery jobs could not be scheduled");
      });
      const confirmed = paid;
      const confirm = renewed
        ? () => queueRenewalMail(db, "paid", renewed.order, renewed.access)
        : () => queueOrderConfirmation(db, confirmed);
      await persistently(order.reference, confirm).catch((mailError: unknown) => {
        logger.error({ order: order.reference, reason: (mailError as Error).message }, "An order's confirmation mail could not be queued");
      });
    }
  }
  wakeMail();
}
