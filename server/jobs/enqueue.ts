/** Adding background work: a row in `jobs`, due at `runAt` (see server/jobs/runner.ts for who runs it). */
import type { Database } from "../db/database.ts";
import type { Job } from "../db/schema.ts";

export interface NewJob {
  kind: string;
  payload: Record<string, unknown>;
  runAt: Date;
  /** Work that must happen once (a reminder, an alert): a second job with the same key is not added. */
  uniqueKey?: string;
  maxAttempts?: number;
}

/** Adds the job; undefined when one with the same `uniqueKey` exists already (its first scheduling stands). */
export async function enqueueJob(db: Database, job: NewJob, now: Date = new Date()): Promise<Job | undefined> {
  const at = now.toISOString();
  return db
    .insertInto("jobs")
    .values({
      kind: job.kind,
      payload: JSON.stringify(job.payload),
      unique_key: job.uniqueKey ?? null,
      run_at: job.runAt.toISOString(),
      max_attempts: job.maxAttempts ?? 10,
      last_error: null,
      locked_by: null,
      locked_until: null,
      done_at: null,
      failed_at: null,
      created_at: at,
      updated_at: at,
    })
    .onConflict((conflict) => conflict.doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** The kinds of job this shop runs, one name each, so scheduling and running never disagree on a spelling. */
export const JOB_KINDS = {
  fulfilmentWebhook: "fulfilment-webhook",
  deliveryAlert: "delivery-alert",
  /** Tells the provisioning system an access was extended or revoked (app/fulfilment/access-event-job.server.ts). */
  accessEvent: "access-event",
  renewalReminder: "renewal-reminder",
  accessExpiry: "access-expiry",
  reconcileSweep: "reconcile-sweep",
  pruneRateLimits: "prune-rate-limits",
  /** Deletes the account's expired sign-ins and long-ended sessions (server/db/account-housekeeping.ts). */
  pruneAccountRecords: "prune-account-records",
  /** Anonymises the orders past ORDER_RETENTION_YEARS (server/db/retention-sweep.ts). */
  retentionSweep: "retention-sweep",
  /** Decides whether an account sign-in is mailed (app/account/sign-in/mail-job.server.ts). */
  accountSignInMail: "account-sign-in-mail",
  /** Asks the provisioning system for a free trial's line, `trial.started` (app/trial/started-job.server.ts). */
  trialStarted: "trial-started",
  /** The mail in a free trial's last hours that offers the plans (app/trial/ending-job.server.ts). */
  trialEnding: "trial-ending",
  /** Charges a test-gateway subscription's kept card for its next period, or retries it (app/subscriptions/charge.server.ts). */
  subscriptionCharge: "subscription-charge",
  /** Tells the customer of an automatic charge 7 days ahead (app/subscriptions/notice.server.ts). */
  chargeNotice: "subscription-charge-notice",
  /**
   * Tells Stripe to stop a subscription the shop ended (a refund, a dispute, an erasure: server/db/subscription-erasure.ts),
   * payload `{ processor, processorSubscriptionId }`: queued in the transaction that ended it, run after its commit.
   */
  subscriptionCancel: "subscription-cancel",
  /** One mail to send (server/mail/mail-job.ts). */
  mail: "mail",
  /** Every few minutes: starts the day's backup when due, queues alerts (server/backup/jobs.ts). */
  backupCheck: "backup-check",
  /** The day's backup, started in a process of its own; its key is the day's slot, so one server starts it. */
  backupStart: "backup-start",
  /** One mail to the operator about the backups: a failed run, or none for 26 hours. */
  backupAlert: "backup-alert",
} as const;

/**
 * Queues the processor's cancel of a subscription the shop ended, in the transaction that ended it. One key per
 * processor subscription: a refund and an erasure that both end it ask the processor once.
 */
export function enqueueSubscriptionCancel(
  db: Database,
  ended: { processor: string; processor_subscription_id: string },
  now: Date,
): Promise<Job | undefined> {
  const payload = { processor: ended.processor, processorSubscriptionId: ended.processor_subscription_id };
  const uniqueKey = `cancel:${ended.processor_subscription_id}`;
  return enqueueJob(db, { kind: JOB_KINDS.subscriptionCancel, payload, runAt: now, uniqueKey, maxAttempts: 50 }, now);
}
