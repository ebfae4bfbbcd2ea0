/**
 * Step 2 of the free trial: the mailed code. Right, the trial is confirmed and, with a provisioning system,
 * its line asked for at once (`trial.started`); without one it waits in the console for the operator.
 */
import type { Database } from "../../server/db/database.ts";
import { confirmTrialWithCode, type TrialCodeCheck } from "../../server/db/trials.ts";
import { scheduleTrialStarted } from "./schedule.server";

export async function confirmTrial(
  db: Database,
  attempt: { email: string; code: string; clientAddress: string },
  now: Date = new Date(),
  /** Whether a provisioning system is configured (FULFILMENT_WEBHOOK_URL); tests say. */
  provisioning?: boolean,
): Promise<TrialCodeCheck> {
  const check = await confirmTrialWithCode(db, attempt, now);
  if (check.result === "confirmed") await scheduleTrialStarted(db, check.trial, now, provisioning);
  return check;
}
