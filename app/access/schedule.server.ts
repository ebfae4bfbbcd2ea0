/**
 * What each step of an order and of its access sets in motion. Called inside the transaction that takes the
 * step, so the work is scheduled if and only if the step happened.
 */
import { serverConfig } from "../../server/config.ts";
import type { Database } from "../../server/db/database.ts";
import type { Access, Order, Trial } from "../../server/db/schema.ts";
import { liveSubscriptionOfAccess } from "../../server/db/subscriptions.ts";
import type { AccessEventType } from "../../server/fulfilment/access-payload.ts";
import { enqueueJob, JOB_KINDS } from "../../server/jobs/enqueue.ts";
import { scheduleSubscriptionJobs } from "./subscription-jobs.server";

const dayMs = 24 * 60 * 60_000;
/** Reminders before access ends, in days. */
export const REMINDER_DAYS = [7, 1] as const;

/**
 * Paid: the provisioning system is asked at once (when there is one): to create the line for a first order,
 * to extend it for a renewal already applied to its access. An alert waits for a late delivery either way.
 */
export async function schedulePaidOrderJobs(
  db: Database,
  order: Pick<Order, "id" | "access_id" | "renews_access_id">,
  now: Date = new Date(),
): Promise<void> {
  const config = serverConfig();
  const renewal = order.renews_access_id !== null && order.access_id !== null;
  if (config.FULFILMENT_WEBHOOK_URL && renewal) {
    await scheduleAccessEvent(db, { type: "access.extended", orderId: order.id, accessId: order.access_id ?? 0 }, now);
  } else if (config.FULFILMENT_WEBHOOK_URL) {
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

/**
 * One event about an access for the provisioning system: one job per renewal order (`access.extended`), one
 * per access (`access.revoked`: it is revoked once), so a step taken twice never sends twice. Only with a
 * provisioning system; without one, the console tells the operator what to do by hand.
 */
export async function scheduleAccessEvent(
  db: Database,
  event: { type: AccessEventType; orderId: number; accessId: number },
  now: Date = new Date(),
): Promise<boolean> {
  if (!serverConfig().FULFILMENT_WEBHOOK_URL) return false;
  const uniqueKey = event.type === "access.extended" ? `access-extended:${event.orderId}` : `access-revoked:${event.accessId}`;
  await enqueueJob(db, { kind: JOB_KINDS.accessEvent, payload: event, runAt: now, uniqueKey, maxAttempts: 1000 }, now);
  return true;
}

/**
 * The reminders before an access ends, and its expiry when it does. Keyed by the access and the end, so a
 * renewal that moves the end schedules a new set, and the old set, finding the end moved, does nothing.
 */
export async function scheduleAccessJobs(db: Database, access: Pick<Access, "id">, endsAt: Date, now: Date = new Date()): Promise<void> {
  const end = endsAt.toISOString();
  // An access that renews by itself gets the notice of its charge (and the test gateway's charge) instead of
  // the reminders to renew, which then skip themselves.
  const subscription = await liveSubscriptionOfAccess(db, access.id);
  if (subscription) await scheduleSubscriptionJobs(db, subscription, access, endsAt, now);
  for (const days of REMINDER_DAYS) {
    const runAt = new Date(Math.max(now.getTime(), endsAt.getTime() - days * dayMs));
    await enqueueJob(
      db,
      {
        kind: JOB_KINDS.renewalReminder,
        payload: { accessId: access.id, endsAt: end, days },
        runAt,
        uniqueKey: `reminder-${days}:access-${access.id}:${end}`,
      },
      now,
    );
  }
  await scheduleAccessExpiry(db, access, endsAt, now);
}

/** The key of an access's expiry job: one per access and end, a paid line's and a free trial's alike. */
export const accessExpiryKey = (accessId: number, endsAt: string) => `expire:access-${accessId}:${endsAt}`;

/** The access expires by itself at its end, unless a renewal moved the end meanwhile (the job then does nothing). */
export async function scheduleAccessExpiry(db: Database, access: Pick<Access, "id">, endsAt: Date, now: Date = new Date()): Promise<void> {
  const end = endsAt.toISOString();
  await enqueueJob(
    db,
    {
      kind: JOB_KINDS.accessExpiry,
      payload: { accessId: access.id, endsAt: end },
      runAt: endsAt,
      uniqueKey: accessExpiryKey(access.id, end),
    },
    now,
  );
}

/** The plans are offered this long before a free trial's line ends (or at once, for a trial shorter than this). */
export const TRIAL_ENDING_MAIL_HOURS = 3;

/**
 * A free trial delivered: its line expires by itself like every access, and instead of the paid reminders (7
 * and 1 days) one mail in its last hours offers the plans.
 */
export async function scheduleTrialEndJobs(
  db: Database,
  trial: Pick<Trial, "id">,
  access: Pick<Access, "id">,
  endsAt: Date,
  now: Date = new Date(),
): Promise<void> {
  await scheduleAccessExpiry(db, access, endsAt, now);
  const mailAt = new Date(Math.max(now.getTime(), endsAt.getTime() - TRIAL_ENDING_MAIL_HOURS * 60 * 60_000));
  await enqueueJob(
    db,
    {
      kind: JOB_KINDS.trialEnding,
      payload: { trialId: trial.id, endsAt: endsAt.toISOString() },
      runAt: mailAt,
      uniqueKey: `trial-ending:${trial.id}`,
    },
    now,
  );
}
