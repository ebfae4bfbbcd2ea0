/**
 * What a free trial's confirmation sets in motion, called inside the transaction that confirms it. What its
 * line's delivery sets in motion is an access's (`scheduleTrialEndJobs`, app/access/schedule.server.ts).
 */
import { serverConfig } from "../../server/config.ts";
import type { Database } from "../../server/db/database.ts";
import type { Trial } from "../../server/db/schema.ts";
import { enqueueJob, JOB_KINDS } from "../../server/jobs/enqueue.ts";

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
