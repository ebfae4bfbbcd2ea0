/**
 * The checkout's automatic-renewal offer, on the server: whether the box is there and ticked, and the date
 * each plan's next charge would fall on. A new purchase starts today; a renewal starts where the access ends
 * (renewalBase), as applyPaidRenewal extends it. Dates are said in UTC: the visitor's zone is not known yet,
 * and the terms say "around".
 */
import { addCalendarMonths, renewalBase } from "../../common/access-period.ts";
import { type Language, localeTags } from "../../common/languages";
import { site } from "../../content/site";
import { findAccessByReference } from "../../server/db/accesses.ts";
import type { Database } from "../../server/db/database.ts";
import { liveSubscriptionOfAccess } from "../../server/db/subscriptions.ts";
import { memoByKey } from "../i18n/memo";
import type { RenewalOffer } from "./renewal-terms";

/** `?automatic=off`: the free trial's mail links here, and must never renew anything by surprise. */
export const AUTOMATIC_OFF_PARAMETER = "automatic";

/** Made once per language: making one costs about as much as the rest of the checkout's loader. */
const longDate = memoByKey((language: Language) => new Intl.DateTimeFormat(localeTags[language], { dateStyle: "long", timeZone: "UTC" }));

export function nextChargeDates(from: Date, language: Language, months: readonly number[] = site.plans.map((plan) => plan.months)) {
  const format = longDate(language);
  return Object.fromEntries(months.map((count) => [count, format.format(addCalendarMonths(from, count))]));
}

/** Whether an access renews automatically already (a live subscription): a checkout then offers no second one. */
export async function accessRenewsAutomatically(db: Database, accessId: number): Promise<boolean> {
  return (await liveSubscriptionOfAccess(db, accessId)) !== undefined;
}

export interface OfferInput {
  language: Language;
  params: URLSearchParams;
  /** The access a renewal checkout renews. */
  renews?: { reference: string; endsAt: string };
  now?: Date;
  config?: { offered: boolean; checkedByDefault: boolean };
}

export async function renewalOffer(openDb: () => Promise<Database>, input: OfferInput): Promise<RenewalOffer> {
  const { language, params, renews, now = new Date(), config = site.automaticRenewal } = input;
  if (!config.offered) return { kind: "none" };
  if (renews) {
    try {
      const db = await openDb();
      const access = await findAccessByReference(db, renews.reference);
      if (access && (await accessRenewsAutomatically(db, access.id))) return { kind: "already-renews" };
    } catch {
      // The box is offered anyway: the checkout's action checks again before an order renews anything.
    }
  }
  const from = renews ? renewalBase(renews.endsAt, now) : now;
  const checked = config.checkedByDefault && params.get(AUTOMATIC_OFF_PARAMETER) !== "off";
  return { kind: "offered", checked, nextCharge: nextChargeDates(from, language) };
}
