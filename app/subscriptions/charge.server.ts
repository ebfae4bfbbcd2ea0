/**
 * The test gateway's automatic renewal: a job charges the kept card a day before the access ends; a refusal is
 * tried again 1, 3 and 5 days later, then the subscription ends (Stripe Billing does all this itself for its
 * subscriptions: processor-events.server.ts). Every attempt is an order of its own, made once by its key, and
 * the card is charged at most once per attempt: a run that crashed after the charge finds it at the gateway.
 */
import { findAccessById } from "../../server/db/accesses.ts";
import { recordOrderEvent } from "../../server/db/order-events.ts";
import { markOrderFailed } from "../../server/db/orders.ts";
import { claimRenewalCharge } from "../../server/db/payments.ts";
import type { Order, Subscription } from "../../server/db/schema.ts";
import { endSubscription, liveSubscriptionOfAccess, updateSubscription } from "../../server/db/subscriptions.ts";
import { GiveUp } from "../../server/jobs/runner.ts";
import type { ChargeResult, PaymentGateway } from "../../server/payments/gateway.ts";
import { isProcessorOf } from "../../server/payments/index.ts";
import { type RenewalChargeRequest, scheduleRetry } from "../access/subscription-jobs.server";
import { recordPayment } from "../checkout/record-payment.server";
import { paymentRecord } from "../checkout/settle-order.server";
import type { Services } from "../services.server";
import { queueChargeFailedMail, queueSubscriptionEndedMail } from "./mails.server";
import { renewalOrderOf } from "./renewal-order.server";

export type { RenewalChargeRequest };

import { chargeTimeOf, MAX_ATTEMPTS, retryTimeOf } from "../access/subscription-timing";

export type RenewalChargeOutcome = "paid" | "declined" | "gave-up" | "not-renewing" | "moved" | "other-gateway";

type ChargeServices = Pick<Services, "db" | "gateway" | "wakeMail">;

/** What the gateway says of an attempt made before (a run that crashed), or a fresh charge of the kept card. */
async function chargeOnce(gateway: PaymentGateway & { kind: "card" }, order: Order, subscription: Subscription): Promise<ChargeResult> {
  const earlier = await gateway.lookup(paymentRecord(order));
  if (earlier.status === "paid") return { status: "approved", gatewayReference: earlier.gatewayReference };
  if (earlier.status === "failed" && earlier.reason !== "abandoned" && earlier.reason !== "authenticationFailed") {
    return { status: "declined", reason: earlier.reason, gatewayReference: earlier.gatewayReference };
  }
  return gateway.chargeSavedCard({
    reference: order.reference,
    amountCents: order.amount_cents,
    currency: order.currency,
    paymentMethodId: subscription.payment_method ?? "",
  });
}

export async function chargeRenewal(
  services: ChargeServices,
  request: RenewalChargeRequest,
  now: Date = new Date(),
): Promise<RenewalChargeOutcome> {
  const { db, gateway } = services;
  const access = await findAccessById(db, request.accessId);
  if (!access) throw new GiveUp(`access ${request.accessId} does not exist`);
  if (access.ends_at !== request.endsAt) return "moved";
  const subscription = await liveSubscriptionOfAccess(db, access.id);
  if (!subscription || access.status === "revoked") return "not-renewing";
  if (!isProcessorOf(gateway, subscription.processor) || gateway.kind !== "card") return "other-gateway";

  const { order } = await renewalOrderOf(db, subscription, { key: `${request.endsAt}-${request.attempt}` }, now);
  if (order.status === "failed") return request.attempt >= MAX_ATTEMPTS ? "gave-up" : "declined";
  if (order.status !== "pending") return "paid";
  // Another run is charging this attempt now: this one comes back later and finds its outcome.
  if (!(await claimRenewalCharge(db, order.id, now))) throw new Error(`order ${order.reference} is being charged by another run`);

  const result = await chargeOnce(gateway, order, subscription);
  if (result.status === "approved") {
    await recordPayment(services, order, result.gatewayReference, {}, now);
    const renewed = await findAccessById(db, access.id);
    const next = chargeTimeOf({ shopCharges: true, accessEndsAt: renewed?.ends_at });
    await updateSubscription(
      db,
      subscription.id,
      { status: "active", failed_attempts: 0, next_retry_at: null, next_charge_at: next?.toISOString() ?? null },
      {},
      now,
    );
    const details = { order: order.reference, amountCents: order.amount_cents, attempt: request.attempt };
    await recordOrderEvent(db, { orderId: subscription.order_id, type: "automatic-charge", actor: "system", details }, now);
    return "paid";
  }
  const reason = result.status === "declined" ? result.reason : "authenticationFailed";
  return refused(services, { subscription, order, request, reason, gatewayReference: result.gatewayReference ?? null }, now);
}

/** A refused attempt: the order fails (counted against no one), then a retry is scheduled, or the subscription ends. */
async function refused(
  { db, wakeMail }: ChargeServices,
  attempt: { subscription: Subscription; order: Order; request: RenewalChargeRequest; reason: string; gatewayReference: string | null },
  now: Date,
): Promise<RenewalChargeOutcome> {
  const { subscription, order, request, reason } = attempt;
  const firstFailedAt = new Date(request.firstFailedAt ?? now.toISOString());
  const retryAt = retryTimeOf(firstFailedAt, request.attempt + 1);
  const outcome = await db.transaction().execute(async (transaction) => {
    const failed = await markOrderFailed(transaction, order.id, { reason, gatewayReference: attempt.gatewayReference }, now);
    if (!failed) return undefined;
    await recordOrderEvent(transaction, { orderId: order.id, type: "declined", actor: "processor", details: { reason } }, now);
    const details = { order: order.reference, attempt: request.attempt, reason, retryAt: retryAt?.toISOString() ?? null };
    await recordOrderEvent(
      transaction,
      { orderId: subscription.order_id, type: "subscription-charge-failed", actor: "processor", details },
      now,
    );
    if (retryAt) {
      const change = { status: "failing" as const, failed_attempts: request.attempt, next_retry_at: retryAt.toISOString() };
      const updated = await updateSubscription(transaction, subscription.id, change, { from: ["active", "failing"] }, now);
      await scheduleRetry(
        transaction,
        { ...request, attempt: request.attempt + 1, firstFailedAt: firstFailedAt.toISOString() },
        retryAt,
        now,
      );
      if (request.attempt === 1 && updated)
        await queueChargeFailedMail(transaction, updated, { nextAttemptAt: retryAt, payUrl: null }, now);
      return "declined" as const;
    }
    const ended = await endSubscription(transaction, subscription.id, "payment-failed", now);
    if (ended) {
      await recordOrderEvent(
        transaction,
        { orderId: subscription.order_id, type: "subscription-ended", actor: "system", details: { reason: "payment-failed" } },
        now,
      );
      await queueSubscriptionEndedMail(transaction, ended, "payment-failed", now);
    }
    return "gave-up" as const;
  });
  wakeMail();
  return outcome ?? (request.attempt >= MAX_ATTEMPTS ? "gave-up" : "declined");
}
