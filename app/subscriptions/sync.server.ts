/**
 * Brings a Stripe subscription's row in line with what Stripe says of it now, and writes a timeline line (and
 * the customer's mail) for each change that happened: renewing → failing → paid again or ended, stopped,
 * resumed. Conditional on the row's state, so two events read at once change it once.
 */
import type { Database } from "../../server/db/database.ts";
import { recordOrderEvent } from "../../server/db/order-events.ts";
import type { Subscription, SubscriptionEndReason } from "../../server/db/schema.ts";
import { endSubscription, updateSubscription } from "../../server/db/subscriptions.ts";
import type { ProcessorSubscription, SubscriptionInvoice } from "../../server/payments/gateway.ts";
import type { SettleServices } from "../checkout/settle-order.server";
import { queueChargeFailedMail, queueSubscriptionEndedMail } from "./mails.server";

const endedStatuses = ["canceled", "incomplete_expired"];
const failingStatuses = ["past_due", "unpaid"];

/** Whether a refusal of this invoice is on the timeline already (its customer was told then). */
async function failureRecorded(db: Database, orderId: number, invoiceId: string): Promise<boolean> {
  const lines = await db
    .selectFrom("order_events")
    .select("details")
    .where("order_id", "=", orderId)
    .where("type", "=", "subscription-charge-failed")
    .execute();
  return lines.some((line) => (JSON.parse(line.details ?? "{}") as { invoice?: string }).invoice === invoiceId);
}

function endReason(before: Subscription): SubscriptionEndReason {
  if (before.status === "stopping") return "stopped";
  return before.status === "failing" ? "payment-failed" : "processor";
}

export async function syncSubscription(
  { db, gateway, wakeMail }: SettleServices,
  before: Subscription,
  event: { failure?: SubscriptionInvoice } = {},
  now: Date = new Date(),
): Promise<Subscription | undefined> {
  if (before.status === "ended" || !before.processor_subscription_id || gateway.kind !== "hosted") return before;
  const current: ProcessorSubscription = await gateway.subscription(before.processor_subscription_id);
  const orderId = before.order_id;
  const result = await db.transaction().execute(async (transaction) => {
    const line = (type: string, details?: Record<string, unknown>) =>
      recordOrderEvent(transaction, { orderId, type, actor: "processor", details }, now);
    if (endedStatuses.includes(current.status)) {
      const ended = await endSubscription(transaction, before.id, endReason(before), now);
      if (ended) {
        await line("subscription-ended", { reason: ended.end_reason });
        if (ended.end_reason === "payment-failed") await queueSubscriptionEndedMail(transaction, ended, "payment-failed", now);
      }
      return ended;
    }
    const ids = { processor_customer_id: current.customerId ?? before.processor_customer_id };
    if (current.cancelAtPeriodEnd) {
      const stopped = await updateSubscription(
        transaction,
        before.id,
        { ...ids, status: "stopping", next_charge_at: null, next_retry_at: null },
        { from: ["active", "failing"] },
        now,
      );
      if (stopped) await line("subscription-stopped");
      return stopped;
    }
    const nextCharge = current.currentPeriodEnd?.toISOString() ?? null;
    if (failingStatuses.includes(current.status)) {
      const failure = event.failure;
      const change = {
        ...ids,
        status: "failing" as const,
        next_charge_at: nextCharge,
        failed_attempts: failure?.attemptCount ?? Math.max(before.failed_attempts, 1),
        next_retry_at: failure ? (failure.nextPaymentAttempt?.toISOString() ?? null) : before.next_retry_at,
        pay_url: failure?.hostedInvoiceUrl ?? before.pay_url,
      };
      const failing = await updateSubscription(transaction, before.id, change, {}, now);
      if (failing && failure) {
        // Once per unpaid invoice: the retries that follow are Stripe's, and it mails about them if asked to.
        const told = await failureRecorded(transaction, orderId, failure.id);
        await line("subscription-charge-failed", { invoice: failure.id, attempt: failure.attemptCount, retryAt: change.next_retry_at });
        const payment = { nextAttemptAt: failure.nextPaymentAttempt, payUrl: failure.hostedInvoiceUrl };
        if (!told) await queueChargeFailedMail(transaction, failing, payment, now);
      }
      return failing;
    }
    const change = {
      ...ids,
      status: "active" as const,
      next_charge_at: nextCharge,
      failed_attempts: 0,
      next_retry_at: null,
      pay_url: null,
    };
    const active = await updateSubscription(transaction, before.id, change, {}, now);
    if (active && before.status === "stopping") await line("subscription-resumed");
    return active;
  });
  wakeMail();
  return result;
}
