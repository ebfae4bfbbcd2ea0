import { site } from "../../content/site";
import { createOrder, findOrderById, markOrderFailed, markOrderPaid } from "../../server/db/repositories.ts";
import type { Order } from "../../server/db/schema.ts";
import { logger } from "../../server/logger.ts";
import type { DeclineReason } from "../../server/payments/gateway.ts";
import { findPlan, isViewerCount, planPrice } from "../content/plans";
import type { Language } from "../i18n/languages";
import { queueOrderConfirmation } from "../mail.server";
import { type Services, wakeMailWorker } from "../services.server";
import { detectCardBrand } from "./card";
import type { CheckoutOrder } from "./schema";

export type OrderOutcome =
  | { status: "paid"; reference: string; email: string; amountCents: number }
  | { status: "failed"; reference: string; reason: DeclineReason };

const waitForOtherAttemptMs = 15_000;

/**
 * Records the order, charges the card once, and settles the order as paid or failed. The same checkout
 * submitted again (double click, reload, two servers) finds the first order by its idempotency key and
 * answers with its outcome: one order, one charge. Only the card's brand and last four digits are stored.
 */
export async function placeOrder(
  order: CheckoutOrder,
  language: Language,
  { db, gateway }: Pick<Services, "db" | "gateway">,
): Promise<OrderOutcome> {
  const plan = findPlan(order.plan);
  if (!plan || !isViewerCount(order.viewers)) throw new Error("placeOrder needs a validated order");
  const amountCents = planPrice(plan, order.viewers);
  const brand = detectCardBrand(order.cardNumber);
  if (!brand) throw new Error("placeOrder needs a card of a known brand");

  const { order: stored, created } = await createOrder(db, {
    idempotency_key: order.idempotencyKey,
    plan_key: plan.key,
    viewers: order.viewers,
    amount_cents: amountCents,
    currency: site.currency,
    language,
    first_name: order.firstName,
    last_name: order.lastName,
    email: order.email,
    phone: order.phone,
    country: order.country,
    city: order.city,
    postal_code: order.postalCode,
    address: order.address,
    card_brand: brand,
    card_last4: order.cardNumber.slice(-4),
  });

  if (!created) return outcomeOfEarlierAttempt(stored, db);

  const result = await gateway.charge({
    reference: stored.reference,
    amountCents,
    currency: site.currency,
    card: { number: order.cardNumber, expiry: order.expiryDate, cvv: order.cvv, brand },
  });
  if (result.approved) {
    await recordPayment(db, stored, result.gatewayReference);
    return { status: "paid", reference: stored.reference, email: stored.email, amountCents };
  }
  await persistently(stored.reference, () =>
    markOrderFailed(db, stored.id, { reason: result.reason, gatewayReference: result.gatewayReference }),
  );
  return { status: "failed", reference: stored.reference, reason: result.reason };
}

/** How long recording a charge's outcome is tried; well within `waitForOtherAttemptMs`, which a second submission waits. */
const keepRecordingMs = 8_000;

/**
 * Records the outcome of a charge, trying again when the database fails for a moment (a pool busy under a
 * burst of checkouts, a connection dropped): the card has been charged, and answering "try again later"
 * now would invite a second charge for one order. Each write only moves a pending order, so repeating one
 * that did go through changes nothing.
 */
async function persistently<T>(reference: string, write: () => Promise<T>): Promise<T> {
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
 * Marks the order paid and queues its confirmation mail in one transaction: a crash between the two would
 * leave a paid order whose customer never gets the mail (a retry finds the order paid and answers at once;
 * the reliability suite's SIGKILL left 508 such orders in 880). Only when that keeps failing are they
 * written one after the other: a mail that cannot be queued must not turn a charge that went through into
 * an error.
 */
async function recordPayment(db: Services["db"], order: Order, gatewayReference: string | null): Promise<void> {
  try {
    await persistently(order.reference, () =>
      db.transaction().execute(async (transaction) => {
        const paid = await markOrderPaid(transaction, order.id, { gatewayReference });
        if (paid) await queueOrderConfirmation(transaction, paid);
      }),
    );
  } catch (error) {
    // Still failing: the payment first, on its own, then the mail, so that neither waits for the other.
    logger.error(
      { order: order.reference, reason: (error as Error).message },
      "An order's payment and mail could not be recorded together",
    );
    const paid = await markOrderPaid(db, order.id, { gatewayReference });
    if (paid) {
      await persistently(order.reference, () => queueOrderConfirmation(db, paid)).catch((mailError: unknown) => {
        logger.error({ order: order.reference, reason: (mailError as Error).message }, "An order's confirmation mail could not be queued");
      });
    }
  }
  // Queuing woke the mail worker before the commit, when it could not see the mail yet.
  wakeMailWorker();
}

/** The first submission may still be charging: wait for it to settle rather than charge twice. */
async function outcomeOfEarlierAttempt(first: Order, db: Services["db"]): Promise<OrderOutcome> {
  const deadline = Date.now() + waitForOtherAttemptMs;
  // Looks often at first (a double click settles within a second), then less: after a crash hundreds of
  // retries can be waiting at once, and polling every 200 ms each would take the database pool from the
  // checkouts that can still go through (the reliability suite saw them answered 503).
  let pauseMs = 100;
  for (;;) {
    // A look that fails (a pool busy under a burst of checkouts) is simply made again at the next round.
    const order = await findOrderById(db, first.id).catch(() => null);
    if (order === undefined) throw new Error(`Order ${first.reference} vanished`);
    if (order?.status === "paid")
      return { status: "paid", reference: order.reference, email: order.email, amountCents: order.amount_cents };
    if (order?.status === "failed") {
      return { status: "failed", reference: order.reference, reason: (order.failure_reason as DeclineReason | null) ?? "processingError" };
    }
    if (Date.now() > deadline) return { status: "failed", reference: first.reference, reason: "processingError" };
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
    pauseMs = Math.min(pauseMs * 2, 2_000);
  }
}
