/** When automatic renewals happen: pure, so the rules are read and tested in one place (docs/decisions/0025). */

const dayMs = 24 * 60 * 60_000;

/** The test gateway charges a kept card this long before the access ends, so a refusal leaves a day to fix it. */
export const CHARGE_LEAD_MS = dayMs;

/** The customer hears of an automatic charge this long before it (card networks ask for notice of recurring charges). */
export const CHARGE_NOTICE_LEAD_MS = 7 * dayMs;

/** A refused renewal is tried again this many days after the first refusal; after the last, it is given up. */
export const RETRY_DAYS = [1, 3, 5] as const;

/** Attempts in all for one period: the first charge and its retries. */
export const MAX_ATTEMPTS = RETRY_DAYS.length + 1;

/**
 * When the next charge happens: the processor's period end when it charges by itself (Stripe
 * Billing), a day before the access ends when the shop charges a kept card (the test gateway). Null while the access does not exist yet (a first purchase not delivered).
 */
export function chargeTimeOf(input: {
  /** The shop charges a card the gateway kept (a card gateway); otherwise the processor charges by itself. */
  shopCharges: boolean;
  processorPeriodEnd?: Date | null;
  accessEndsAt?: string | null;
}): Date | null {
  if (input.processorPeriodEnd) return input.processorPeriodEnd;
  if (!input.shopCharges || !input.accessEndsAt) return null;
  return new Date(new Date(input.accessEndsAt).getTime() - CHARGE_LEAD_MS);
}

/**
 * Whether the shop charges the renewals itself (a card gateway's kept card, by our job) rather than the
 * processor (Stripe Billing runs its own subscriptions): a subscription with no processor's id is ours.
 */
export function shopCharges(subscription: { processor_subscription_id: string | null }): boolean {
  return subscription.processor_subscription_id === null;
}

/** When attempt `attempt` (2, 3, 4) of a period is made, counted from the first refusal; null past the last. */
export function retryTimeOf(firstFailedAt: Date, attempt: number): Date | null {
  const days = RETRY_DAYS[attempt - 2];
  return days === undefined ? null : new Date(firstFailedAt.getTime() + days * dayMs);
}

/** When the notice before a charge at `chargeAt` goes out: 7 days before it, or now when that has passed. */
export function noticeTimeOf(chargeAt: Date, now: Date): Date {
  return new Date(Math.max(now.getTime(), chargeAt.getTime() - CHARGE_NOTICE_LEAD_MS));
}
