/**
 * What the account says of an access's automatic renewal, from its latest subscription: renews on a
 * date for an amount, the last payment failed (with the next try and a way to pay), stopped (the access runs to
 * its end), or ended after failed payments. Pure; dates are written by the caller's format, in the
 * customer's time zone.
 */

import { type Language, localizePath } from "../../../common/languages";
import type { Access, Subscription } from "../../../server/db/schema.ts";
import { shopCharges } from "../../access/subscription-timing";
import type { AccountFormat } from "./format";

/** How the customer gives another card: Stripe's hosted page (a POST that sends them there), or our own page. */
export type CardUpdate = "portal" | "page" | null;

export interface KeptCard {
  brand: string;
  last4: string;
}

export type RenewalLine =
  | {
      kind: "active";
      nextCharge: string | null;
      amount: string;
      card: KeptCard | null;
      stopHref: string;
      cardHref: string;
      cardUpdate: CardUpdate;
    }
  | {
      kind: "failing";
      retryAt: string | null;
      /** Stripe's hosted page of the unpaid invoice. */
      payUrl: string | null;
      card: KeptCard | null;
      stopHref: string;
      cardHref: string;
      cardUpdate: CardUpdate;
    }
  | { kind: "stopping"; endsAt: string }
  | { kind: "ended-failed" };

/**
 * How the customer gives another card: on the processor's hosted page when the processor runs the
 * subscription (Stripe's customer portal), on the account's card page when the shop charges it.
 */
export function cardUpdateOf(subscription: Pick<Subscription, "processor_customer_id" | "processor_subscription_id">): CardUpdate {
  if (shopCharges(subscription)) return "page";
  return subscription.processor_customer_id ? "portal" : null;
}

export const stopRenewingPath = (id: number, language: Language) => localizePath(`/account/stop-renewing/${id}`, language);
export const cardPath = (id: number, language: Language) => localizePath(`/account/card/${id}`, language);

export function renewalLine(
  subscription: Subscription | undefined,
  access: Pick<Access, "ends_at">,
  format: AccountFormat,
  language: Language,
): RenewalLine | null {
  if (!subscription) return null;
  const card =
    subscription.card_brand && subscription.card_last4
      ? { brand: format.cardBrand(subscription.card_brand), last4: subscription.card_last4 }
      : null;
  const links = {
    stopHref: stopRenewingPath(subscription.id, language),
    cardHref: cardPath(subscription.id, language),
    cardUpdate: cardUpdateOf(subscription),
  };
  switch (subscription.status) {
    case "active":
      return {
        kind: "active",
        nextCharge: subscription.next_charge_at ? format.date(subscription.next_charge_at) : null,
        amount: format.money(subscription.amount_cents, subscription.currency),
        card,
        ...links,
      };
    case "failing":
      return {
        kind: "failing",
        retryAt: subscription.next_retry_at ? format.date(subscription.next_retry_at) : null,
        payUrl: subscription.pay_url,
        card,
        ...links,
      };
    case "stopping":
      return { kind: "stopping", endsAt: format.date(access.ends_at) };
    case "ended":
      return subscription.end_reason === "payment-failed" ? { kind: "ended-failed" } : null;
  }
}

/** The latest subscription of each access, from all the address's subscriptions (newest first). */
export function latestByAccess(subscriptions: readonly Subscription[]): Map<number, Subscription> {
  const latest = new Map<number, Subscription>();
  for (const subscription of subscriptions) {
    if (subscription.access_id !== null && !latest.has(subscription.access_id)) latest.set(subscription.access_id, subscription);
  }
  return latest;
}
