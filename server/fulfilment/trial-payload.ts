/**
 * What the provisioning system is told when a free trial's address is confirmed: `trial.started`, signed and
 * sent like `order.paid`, answered the same way (a 2xx whose body carries `access` delivers the trial). A
 * public contract documented in docs/operating.md ("Free trials"): add fields, never rename or remove one.
 */
import type { Trial } from "../db/schema.ts";

export const TRIAL_STARTED_EVENT_TYPE = "trial.started";

export interface TrialStartedEvent {
  /** The trial's reference (`TR-…`): the same for every attempt, so the receiver can drop a repeat. */
  id: string;
  type: typeof TRIAL_STARTED_EVENT_TYPE;
  /** Unix seconds. */
  created: number;
  trial: {
    /** The line's id for the provisioning system, as `order.paid`'s order reference is. */
    reference: string;
    hours: number;
    viewers: number;
    customer: { email: string; name: string; country: string; language: string };
    /** ISO-8601 UTC: the period the shop records when the answer carries the details. */
    access: { startsAt: string; endsAt: string };
  };
}

/** From now, for the trial's hours. */
export function trialPeriod(trial: Pick<Trial, "hours">, startsAt: Date): { startsAt: Date; endsAt: Date } {
  return { startsAt, endsAt: new Date(startsAt.getTime() + trial.hours * 60 * 60_000) };
}

export function trialStartedEvent(trial: Trial, now: Date): TrialStartedEvent {
  const period = trialPeriod(trial, now);
  return {
    id: trial.reference,
    type: TRIAL_STARTED_EVENT_TYPE,
    created: Math.floor(now.getTime() / 1000),
    trial: {
      reference: trial.reference,
      hours: trial.hours,
      viewers: trial.viewers,
      customer: { email: trial.email, name: trial.name, country: trial.country, language: trial.language },
      access: { startsAt: period.startsAt.toISOString(), endsAt: period.endsAt.toISOString() },
    },
  };
}
