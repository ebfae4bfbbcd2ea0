/** The dashboard's subscriptions: one line per access of the address, written for the customer. */
import { type Language, localizePath } from "../../../common/languages";
import { site } from "../../../content/site";
import { accessesOf, ordersOfAccess } from "../../../server/db/accesses.ts";
import type { Database } from "../../../server/db/database.ts";
import type { Access } from "../../../server/db/schema.ts";
import { subscriptionsOfEmail } from "../../../server/db/subscriptions.ts";
import { REMINDER_DAYS } from "../../access/schedule.server";
import { renewalToken } from "../../renewals/links.server";
import { type AccessState, accessState, isRenewable, upcomingReminders } from "./access-state";
import type { AccountFormat } from "./format";
import { latestByAccess, type RenewalLine, renewalLine } from "./renewal-line";

export interface AccessLine {
  reference: string;
  plan: string;
  viewers: number;
  state: AccessState;
  endsAt: string;
  /** The reminder mails still to come, written out; empty when none will (ended, all sent, or opted out). */
  reminders: string[];
  /** The customer turned reminders off (so "none to come" is their choice, and the page says so). */
  remindersOff: boolean;
  /** The checkout, marked as a renewal of this access; null when it cannot be renewed from here. */
  renewHref: string | null;
  /** The page that reveals its details and re-sends them. */
  detailsHref: string;
  /** A free trial's line: the whole hours it has left (rounded up, 0 once ended); null for a paid access. */
  trialHoursLeft: number | null;
  /** Its automatic renewal, when it has (or had) one. */
  renewal: RenewalLine | null;
}

const hourMs = 60 * 60_000;

/** The order whose renewal renews the access: the last one that paid for it (and was not refunded). */
async function latestPaidOrderId(db: Database, access: Access): Promise<number | undefined> {
  const orders = await ordersOfAccess(db, access.id);
  const paid = orders.filter((order) => order.paid_at !== null && order.status !== "refunded" && order.status !== "failed");
  return paid.at(-1)?.id;
}

async function renewHref(db: Database, access: Access, language: Language, now: Date, key: Buffer | undefined): Promise<string | null> {
  if (!key || !isRenewable(access, now)) return null;
  const orderId = await latestPaidOrderId(db, access);
  if (orderId === undefined) return null;
  return `${localizePath("/checkout", language)}?renew=${encodeURIComponent(renewalToken(orderId, now, key))}`;
}

export async function loadSubscriptions(
  db: Database,
  email: string,
  {
    language,
    format,
    optedOut,
    now,
    linkKey,
  }: { language: Language; format: AccountFormat; optedOut: boolean; now: Date; linkKey: Buffer | undefined },
): Promise<AccessLine[]> {
  const [accesses, subscriptions] = await Promise.all([accessesOf(db, email), subscriptionsOfEmail(db, email)]);
  const latest = latestByAccess(subscriptions);
  return Promise.all(
    accesses.map(async (access) => ({
      reference: access.reference,
      plan: site.plans.find((plan) => plan.key === access.plan_key)?.name ?? access.plan_key,
      viewers: access.viewers,
      state: accessState(access, now),
      endsAt: format.dateTime(access.ends_at),
      // A trial gets no renewal reminders (its last-hours mail offers the plans instead).
      reminders: access.kind === "trial" ? [] : upcomingReminders(access, REMINDER_DAYS, optedOut, now).map((at) => format.date(at)),
      remindersOff: optedOut,
      renewHref: await renewHref(db, access, language, now, linkKey),
      detailsHref: localizePath(`/account/access/${encodeURIComponent(access.reference)}`, language),
      trialHoursLeft: access.kind === "trial" ? Math.max(0, Math.ceil((Date.parse(access.ends_at) - now.getTime()) / hourMs)) : null,
      renewal: renewalLine(latest.get(access.id), access, format, language),
    })),
  );
}
