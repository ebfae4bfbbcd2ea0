/**
 * The arithmetic of an access's period, pure: how long a plan runs, where a renewal starts, and whether an
 * access may still be renewed. Every instant is UTC; only the date shown to a customer depends on their
 * time zone (`accessEndDate`).
 */

/**
 * How long after its end an expired access may still be renewed as the same line. A month: the reminder's
 * Renew link is valid for 30 days too, and an operator's panel typically keeps a disabled line about that
 * long before deleting it; past it, a new purchase gets a new line.
 */
export const RENEWAL_GRACE_DAYS = 30;
const dayMs = 24 * 60 * 60_000;

/**
 * The same instant `months` calendar months later, kept within the target month: 31 January plus one
 * month is the last day of February, not 3 March.
 */
export function addCalendarMonths(start: Date, months: number): Date {
  const target = new Date(start.getTime());
  const day = target.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}

/** What a renewal needs to know of the access it extends. */
export interface RenewableAccess {
  status: "active" | "expired" | "revoked";
  /** ISO-8601 UTC, or a Date. */
  endsAt: string | Date;
}

const instant = (value: string | Date) => (typeof value === "string" ? new Date(value) : value);

/** Where a renewal's period starts: the access's end while it runs, so no day is lost; now once it has ended. */
export function renewalBase(endsAt: string | Date, now: Date): Date {
  const end = instant(endsAt);
  return end.getTime() > now.getTime() ? end : now;
}

/** The period a paid renewal adds: from {@link renewalBase}, for the plan's calendar months. */
export function renewalPeriod(endsAt: string | Date, months: number, now: Date): { startsAt: Date; endsAt: Date } {
  const startsAt = renewalBase(endsAt, now);
  return { startsAt, endsAt: addCalendarMonths(startsAt, months) };
}

/** `revoked`: refunded or disputed, never renewed; `too-late`: ended more than {@link RENEWAL_GRACE_DAYS} ago. */
export type RenewalRefusal = "revoked" | "too-late";

/** Why an access may not be renewed now, or undefined when it may. */
export function renewalRefusal(access: RenewableAccess, now: Date): RenewalRefusal | undefined {
  if (access.status === "revoked") return "revoked";
  if (instant(access.endsAt).getTime() + RENEWAL_GRACE_DAYS * dayMs < now.getTime()) return "too-late";
  return undefined;
}

/**
 * The calendar date an instant falls on for the customer, e.g. "28 February 2027" (the locale's own order):
 * an access ending at 23:30 UTC ends the next day in Paris, and the customer reads Paris's date.
 */
export function accessEndDate(at: string | Date, locale: string, timeZone = "UTC"): string {
  return new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", year: "numeric", timeZone }).format(instant(at));
}
