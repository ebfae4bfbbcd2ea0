/**
 * What a customer's access is to them, from its row and the time: its state in a word, whether "Renew" is
 * offered, and when the reminders will come. Pure, so the dashboard and its tests agree on every boundary.
 */
import { renewalRefusal } from "../../../common/access-period";
import type { Access } from "../../../server/db/schema.ts";

const dayMs = 24 * 60 * 60_000;
/** "Ending in N days" from this close to the end. */
export const ENDING_SOON_DAYS = 7;

export type AccessState = { kind: "active" } | { kind: "ending"; days: number } | { kind: "expired" } | { kind: "revoked" };

/** Whole days left, rounded up: an access ending in 2 hours ends "in 1 day", never "in 0 days". */
const daysLeft = (endsAt: Date, now: Date) => Math.ceil((endsAt.getTime() - now.getTime()) / dayMs);

export function accessState(access: Pick<Access, "status" | "ends_at">, now: Date): AccessState {
  if (access.status === "revoked") return { kind: "revoked" };
  const endsAt = new Date(access.ends_at);
  // The expiry job may not have run yet: the end date, not the stored status, says whether it has ended.
  if (access.status === "expired" || endsAt.getTime() <= now.getTime()) return { kind: "expired" };
  const days = daysLeft(endsAt, now);
  return days <= ENDING_SOON_DAYS ? { kind: "ending", days } : { kind: "active" };
}

/**
 * "Renew" is offered when the checkout would take the renewal: on an access that is running, or ended within
 * the grace period (common/access-period.ts); never on a revoked one.
 */
export function isRenewable(access: Pick<Access, "status" | "ends_at">, now: Date): boolean {
  return renewalRefusal({ status: access.status, endsAt: access.ends_at }, now) === undefined;
}

/**
 * The reminder mails still to come, `days` before the end for each of `reminderDays` (app/access/schedule.server.ts),
 * earliest first. None for an access that has ended or was revoked, or when the customer opted out.
 */
export function upcomingReminders(
  access: Pick<Access, "status" | "ends_at">,
  reminderDays: readonly number[],
  optedOut: boolean,
  now: Date,
): Date[] {
  const state = accessState(access, now).kind;
  if (optedOut || state === "expired" || state === "revoked") return [];
  const endsAt = new Date(access.ends_at).getTime();
  return reminderDays
    .map((days) => new Date(endsAt - days * dayMs))
    .filter((at) => at.getTime() > now.getTime())
    .sort((a, b) => a.getTime() - b.getTime());
}
