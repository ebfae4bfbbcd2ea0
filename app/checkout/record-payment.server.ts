/**
 * Recording a charge that went through: the order marked paid, then one list of steps, what a payment sets
 * in motion. Normally every step runs in the transaction that marks the order paid, so each happens if and
 * only if the payment is recorded: a crash between the payment and its mail would leave a paid order whose
 * customer never hears of it (the reliability suite's SIGKILL left 508 such orders in 880). Only when that
 * keeps failing is the order marked paid alone and the same steps run after it, one by one: a step that fails
 * then is logged and the next still runs, since nothing may turn a charge that went through into an error.
 */
import type { Database } from "../../server/db/database.ts";
import { recordOrderEvent } from "../../server/db/order-events.ts";
import { markOrderPaid } from "../../server/db/repositories.ts";
import type { Order } from "../../server/db/schema.ts";
import { logger } from "../../server/logger.ts";
import { type AppliedRenewal, applyPaidRenewal } from "../access/renewal.server";
import { queueRenewalMail } from "../access/renewal-mail.server";
import { schedulePaidOrderJobs } from "../access/schedule.server";
import { type SubscriptionStart, startOrderSubscription } from "../access/subscription-start.server";
import { issueInvoice } from "../invoices/issue.server";
import { queueOrderConfirmation } from "../mail.server";
import type { Services } from "../services.server";

/** What recording a payment needs: the database, and the job runner to wake for the mails it queues. */
export type RecordServices = Pick<Services, "db" | "wakeMail">;

/** A payment being recorded: the order as the steps so far have left it. */
interface Payment {
  order: Order;
  gatewayReference: string | null;
  subscriptionStart: SubscriptionStart;
  /** Set by the renewal's step when the order renews an access. */
  renewed?: AppliedRenewal;
}

interface PaymentStep {
  /** What the log says when the step fails on its own. */
  failure: string;
  /** Tried again for a while when it fails on its own: the customer must hear that they paid. */
  persistent?: true;
  run(db: Database, payment: Payment, now: Date): Promise<void>;
}

/** What a payment sets in motion once the order is paid, in this order, on every path. */
const paymentSteps: PaymentStep[] = [
  {
    failure: "A paid order's timeline could not be written",
    run: (db, { order, gatewayReference }, now) =>
      recordOrderEvent(db, { orderId: order.id, type: "paid", actor: "processor", details: { gatewayReference } }, now),
  },
  {
    // The invoice's number is taken here: it exists if and only if the payment is recorded.
    failure: "A paid order's invoice could not be issued",
    run: async (db, { order }) => void (await issueInvoice(db, order)),
  },
  {
    // A renewal moves its access's end now, with the payment: the mail then says the new end.
    failure: "A paid renewal could not extend its access",
    run: async (db, payment, now) => {
      payment.renewed = await applyPaidRenewal(db, payment.order, now);
      if (payment.renewed) payment.order = payment.renewed.order;
    },
  },
  {
    // Automatic renewal chosen at checkout: the subscription exists if and only if the payment does.
    failure: "A paid order's subscription could not be started",
    run: async (db, { order, subscriptionStart }, now) => void (await startOrderSubscription(db, order, subscriptionStart, now)),
  },
  {
    failure: "An order's confirmation mail could not be queued",
    persistent: true,
    run: (db, { order, renewed }) =>
      renewed ? queueRenewalMail(db, "paid", renewed.order, renewed.access) : queueOrderConfirmation(db, order),
  },
  {
    failure: "An order's delivery jobs could not be scheduled",
    run: (db, { order }, now) => schedulePaidOrderJobs(db, order, now),
  },
];

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

/** Marks the order paid and takes every step of {@link paymentSteps}: together, or else one after the other. */
export async function recordPayment(
  { db, wakeMail }: RecordServices,
  order: Order,
  gatewayReference: string | null,
  subscriptionStart: SubscriptionStart = {},
  now: Date = new Date(),
): Promise<void> {
  const paidWith = (paid: Order): Payment => ({ order: paid, gatewayReference, subscriptionStart });
  try {
    await persistently(order.reference, () =>
      db.transaction().execute(async (transaction) => {
        const paid = await markOrderPaid(transaction, order.id, { gatewayReference }, now);
        if (!paid) return;
        const payment = paidWith(paid);
        for (const step of paymentSteps) await step.run(transaction, payment, now);
      }),
    );
  } catch (error) {
    logger.error(
      { order: order.reference, reason: (error as Error).message },
      "An order's payment and mail could not be recorded together",
    );
    const paid = await markOrderPaid(db, order.id, { gatewayReference }, now);
    if (paid) await takeStepsOneByOne(db, paidWith(paid), now);
  }
  wakeMail();
}

async function takeStepsOneByOne(db: Database, payment: Payment, now: Date): Promise<void> {
  const reference = payment.order.reference;
  for (const step of paymentSteps) {
    const take = () => db.transaction().execute((transaction) => step.run(transaction, payment, now));
    await (step.persistent ? persistently(reference, take) : take()).catch((error: unknown) => {
      logger.error({ order: reference, reason: (error as Error).message }, step.failure);
    });
  }
}
