/**
 * What each step of an order sets in motion. Called inside the transaction that takes the step, so the work
 * is scheduled if and only if the step happened.
 */
import { serverConfig } from "../../server/config.ts";
import type { Database } from "../../server/db/database.ts";
import type { Order } from "../../server/db/schema.ts";
import { enqueueJob, JOB_KINDS } from "../../server/jobs/enqueue.ts";

const dayMs = 24 * 60 * 60_000;
/** Reminders before access ends, in days. */
export const REMINDER_DAYS = [7, 1] as const;

/** Paid: the provisioning system is asked at once (when there is one), and an alert waits for a late delivery. */
export async function schedulePaidOrderJobs(db: Database, order: Pick<Order, "id">, now: Date = new Date()): Promise<void> {
  const config = serverConfig();
  if (config.FULFILMENT_WEBHOOK_URL) {
    await enqueueJob(
      db,
      { kind: JOB_KINDS.fulfilmentWebhook, payload: { orderId: order.id }, runAt: now, uniqueKey: `fulfil:${order.id}`, maxAttempts: 1000 },
      now,
    );
  }
  const alertAt = new Date(now.getTime() + config.FULFILMENT_ALERT_MINUTES * 60_000);
  await enqueueJob(
    db,
    { kind: JOB_KINDS.deliveryAlert, payload: { orderId: order.id }, runAt: alertAt, uniqueKey: `alert:${order.id}` },
    now,
  );
}

/** Delivered: the reminders before the access ends, and the expiry when it does. */
export async function scheduleAccessJobs(db: Database, order: Pick<Order, "id">, endsAt: Date, now: Date = new Date()): Promise<void> {
  for (const days of REMINDER_DAYS) {
    const runAt = new Date(Math.max(now.getTime(), endsAt.getTime() - days * dayMs));
    await enqueueJob(
      db,
      { kind: JOB_KINDS.renewalReminder, payload: { orderId: order.id, days }, runAt, uniqueKey: `reminder-${days}:${order.id}` },
      now,
    );
  }
  await enqueueJob(
    db,
    { kind: JOB_KINDS.accessExpiry, payload: { orderId: order.id }, runAt: endsAt, uniqueKey: `expire:${order.id}` },
    now,
  );
}
