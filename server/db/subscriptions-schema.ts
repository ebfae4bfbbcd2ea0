/**
 * Automatic renewal (docs/decisions/0025-automatic-renewal.md): the subscription a checkout with "renew
 * automatically" starts, and the test gateway's kept cards. Conventions in schema.ts.
 */
import type { ColumnType, Generated, Selectable } from "kysely";
import type { PlanKey } from "../../content/site.ts";
import type { Immutable, Timestamp, ViewerCount } from "./columns.ts";

/**
 * active (renews) → failing (a charge was refused; retried) → active (paid later) | ended (given up);
 * active | failing → stopping (the customer or the operator stopped it: it renews no more and the access runs
 * to its end) → ended. An ended subscription never starts again: a new checkout makes a new one.
 */
export type SubscriptionStatus = "active" | "failing" | "stopping" | "ended";

/** Why a subscription ended. */
export type SubscriptionEndReason = "stopped" | "payment-failed" | "refund" | "dispute" | "processor";

export interface SubscriptionsTable {
  id: Generated<number>;
  /** The order that started it: a checkout with automatic renewal, paid. Unique. */
  order_id: Immutable<number>;
  /** The access it renews: set once that order is delivered (a first purchase) or at once (a renewal). */
  access_id: number | null;
  /** The owner's address, trimmed and lower-cased; an erasure replaces it with its placeholder. */
  email: string;
  plan_key: PlanKey;
  viewers: ViewerCount;
  /** What each renewal charges: the price when it was bought. */
  amount_cents: number;
  currency: string;
  /** PAYMENT_GATEWAY when it was bought: `test` charges by our job, `stripe` by Stripe Billing. */
  processor: Immutable<string>;
  /** Stripe's `sub_…`; null for the test gateway. Unique. */
  processor_subscription_id: string | null;
  /** Stripe's `cus_…`, for its hosted card-update page. */
  processor_customer_id: string | null;
  /** The test gateway's kept card. Never a card number. */
  payment_method: string | null;
  card_brand: string | null;
  card_last4: string | null;
  status: SubscriptionStatus;
  /** When it next charges the card (null once it stopped or ended). */
  next_charge_at: Timestamp | null;
  /** Refused charges of the current period; back to 0 once one is paid. */
  failed_attempts: ColumnType<number, number | undefined, number>;
  /** When a refused charge is tried again (the test gateway's job, or Stripe's own retry). */
  next_retry_at: Timestamp | null;
  /** Stripe's hosted page of the unpaid invoice, where the customer pays it or gives another card. */
  pay_url: string | null;
  ended_at: Timestamp | null;
  end_reason: SubscriptionEndReason | null;
  created_at: Immutable<Timestamp>;
  updated_at: Timestamp;
}

/** A card the test gateway keeps (`tcard_<uuid>`), and how it answers later charges. */
export interface TestGatewayCardsTable {
  id: Immutable<string>;
  brand: Immutable<string>;
  last4: Immutable<string>;
  /** `approved`, or the decline reason of every later charge (Stripe's 4000 0000 0000 0341 attaches, then declines). */
  outcome: Immutable<string>;
  created_at: Immutable<Timestamp>;
  updated_at: Timestamp;
}

export type Subscription = Selectable<SubscriptionsTable>;
export type TestGatewayCard = Selectable<TestGatewayCardsTable>;
