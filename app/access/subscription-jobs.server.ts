/**
 * The jobs of a subscription's period, keyed by the access and its end like the reminders (schedule.server.ts):
 * a renewal that moves the end schedules a new set, and the old set, finding the end moved, does nothing.
 */
import type { Database } from "../../server/db/database.ts";
import type { Access, Subscription } from "../../server/db/schema.ts";
import { enqueueJob, JOB_KINDS } from "../../server/jobs/enqueue.ts";
import { chargeTimeOf, noticeTimeOf, shopCharges } from "./subscription-timing";

/** One charge of a period (its first attempt, or a retry). */
export interface RenewalChargeRequest {
  accessId: number;
  /** The access's end the charge was scheduled for: a renewal that moved it since makes this one moot. */
  endsAt: string;
  /** 1 for the first charge of the period, 2–4 for its retries. */
  attempt: number;
  /** When the period's first charge was refused (the retries count from it). */
  firstFailedAt?: string;
}

/** The notice 7 days before the charge, and (test gateway) the charge itself. */
export async function scheduleSubscriptionJobs(
  db: Database,
  subscription: Pick<Subscription, "processor_subscription_id" | "next_charge_at">,
  access: Pick<Access, "id">,
  endsAt: Date,
  now: Date = new Date(),
): Promise<void> {
  const end = endsAt.toISOString();
  const chargeAt =
    chargeTimeOf({ shopCharges: shopCharges(subscription), accessEndsAt: end }) ??
    (subscription.next_charge_at ? new Date(subscription.next_charge_at) : endsAt);
  await enqueueJob(
    db,
    {
      kind: JOB_KINDS.chargeNotice,
      payload: { accessId: access.id, endsAt: end },
      runAt: noticeTimeOf(chargeAt, now),
      uniqueKey: `charge-notice:access-${access.id}:${end}`,
    },
    now,
  );
  if (!shopCharges(subscription)) return;
  const request: RenewalChargeRequest = { accessId: access.id, endsAt: end, attempt: 1 };
  await enqueueJob(
    db,
    { kind: JOB_KINDS.subscriptionCharge, payload: { ...request }, runAt: chargeAt, uniqueKey: chargeKey(request), maxAttempts: 20 },
    now,
  );
}

/**
 * A refused charge's next attempt. `reason` makes an extra one (another card given): both name the same
 * attempt, whose order is made once, so whichever runs second finds it done.
 */
export async function scheduleRetry(
  db: Database,
  request: RenewalChargeRequest,
  runAt: Date,
  now: Date = new Date(),
  reason?: string,
): Promise<void> {
  const uniqueKey = reason ? `${chargeKey(request)}:${reason}` : chargeKey(request);
  await enqueueJob(db, { kind: JOB_KINDS.subscriptionCharge, payload: { ...request }, runAt, uniqueKey, maxAttempts: 20 }, now);
}

const chargeKey = (request: RenewalChargeRequest) => `charge-${request.attempt}:access-${request.accessId}:${request.endsAt}`;
