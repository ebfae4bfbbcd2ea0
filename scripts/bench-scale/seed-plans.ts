/**
 * The shapes the generator plans a shop in, before they become rows: times are epoch milliseconds, links
 * are objects (ids are given once everything is planned, in the order things happened).
 */
import type { PlanKey } from "../../content/site.ts";
import type { OrderStatus, SubscriptionEndReason, SubscriptionStatus, ViewerCount } from "../../server/db/schema.ts";

export interface LinePlan {
  id: number;
  /** The customer's index; -1 for a trial's line, whose owner is `email`. */
  customer: number;
  email?: string;
  /** The reference of the order that created it (or the trial's). */
  reference: string;
  kind: "paid" | "trial";
  planKey: PlanKey;
  viewers: ViewerCount;
  createdAt: number;
  startsAt: number;
  endsAt: number;
  /** Every end the line had, in order: each one had its reminders and expiry scheduled. */
  ends: number[];
  revokedAt: number | null;
  updatedAt: number;
}

export interface SubscriptionPlan {
  id: number;
  order: OrderPlan;
  line: LinePlan | null;
  status: SubscriptionStatus;
  nextChargeAt: number | null;
  failedAttempts: number;
  nextRetryAt: number | null;
  endedAt: number | null;
  endReason: SubscriptionEndReason | null;
  createdAt: number;
  updatedAt: number;
}

export interface OrderPlan {
  id: number;
  customer: number;
  createdAt: number;
  updatedAt: number;
  planKey: PlanKey;
  viewers: ViewerCount;
  amountCents: number;
  status: OrderStatus;
  failureReason: string | null;
  paidAt: number | null;
  deliveredAt: number | null;
  refundedAt: number | null;
  /** The access it paid for (`access_id`) and the period it paid. */
  line: LinePlan | null;
  startsAt: number | null;
  endsAt: number | null;
  /** The access it renews (`renews_access_id`). */
  renews: LinePlan | null;
  renewsAutomatically: boolean;
  /** The subscription whose automatic charge made it (`subscription_id`). */
  chargedBy: SubscriptionPlan | null;
  /** The subscription it started. */
  started: SubscriptionPlan | null;
}
