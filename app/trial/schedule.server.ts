/**
 * What each step of a free trial sets in motion, called inside the transaction that takes the step (like
 * app/access/schedule.server.ts for orders). A trial's line gets the access expiry job every access gets, and
 * instead of the paid reminders (7 and 1 days) one mail in its last hours offering the plans.
 */
import { serverConfig } from "../../server/config.ts";
import type { Database } from "../../server/db/database.ts";
import type { Access, Trial } from "../../server/db/schema.ts";
import { enqueueJob, JOB_KINDS } from "../../server/jobs/enqueue.ts";
import { scheduleAccessExpiry } from "../access/schedule.server";

/** The plans are offered this long before a trial's line ends (or at once, for a trial shorter than this). */
export const TRIAL_ENDING_MAIL_HOURS = 3;

/** Confirmed: the provisioning system is asked for the line at once, when there is one; else the operator delivers. */
export async function scheduleTrialStarted(
  db: Database,
  trial: Pick<Trial, "id">,
  now: Date = new Date(),
  provisioning: boolean = Boolean(serverConfig().FULFILMENT_WEBHOOK_URL),
): Promise<boolean> {
  if (!provisioning) return false;
  await enqueueJob(
    db,
    { kind: JOB_KINDS.trialStarted, payload: { trialId: trial.id }, runAt: now, uniqueKey: `trial-started:${trial.id}`, maxAttempts: 1000 },
    now,
  );
  return true;
}

/** Delivered: the line expires by itself (the access expiry job, keyed as every access's), and the plans are offered before. */
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
