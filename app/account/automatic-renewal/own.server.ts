/**
 * A subscription of the signed-in customer, by the number in the address (`/account/stop-renewing/12`), with
 * the access it renews and how the account writes it. Someone else's is not found, exactly like a number that
 * does not exist, so the page never tells whether another address's subscription is real.
 */
import { type Language, localizePath } from "../../../common/languages";
import { site } from "../../../content/site";
import { findAccessById } from "../../../server/db/accesses.ts";
import type { Database } from "../../../server/db/database.ts";
import { normalizeEmail } from "../../../server/db/newsletter.ts";
import type { Access, CustomerSession, Subscription } from "../../../server/db/schema.ts";
import { findSubscriptionById, LIVE_STATUSES } from "../../../server/db/subscriptions.ts";
import { accountFormat } from "../dashboard/format";

export async function ownSubscription(
  db: Database,
  session: Pick<CustomerSession, "email">,
  id: string | undefined,
): Promise<{ subscription: Subscription; access: Access | undefined } | undefined> {
  if (!id || !/^\d{1,12}$/.test(id)) return undefined;
  const subscription = await findSubscriptionById(db, Number(id));
  if (!subscription || subscription.email !== normalizeEmail(session.email)) return undefined;
  const access = subscription.access_id === null ? undefined : await findAccessById(db, subscription.access_id);
  return { subscription, access };
}

export const isLive = (subscription: Pick<Subscription, "status">) => LIVE_STATUSES.includes(subscription.status);

/** What both pages show of it: the plan, the access's reference and end, the kept card, in the customer's zone. */
export function subscriptionView(
  { subscription, access }: { subscription: Subscription; access: Access | undefined },
  language: Language,
  timeZone: string | null,
) {
  const format = accountFormat(language, timeZone);
  const endsAt = access?.ends_at ?? subscription.next_charge_at;
  return {
    id: subscription.id,
    plan: site.plans.find((plan) => plan.key === subscription.plan_key)?.name ?? subscription.plan_key,
    reference: access?.reference ?? "",
    endsAt: endsAt ? format.date(endsAt) : "",
    card:
      subscription.card_brand && subscription.card_last4
        ? { brand: format.cardBrand(subscription.card_brand), last4: subscription.card_last4 }
        : null,
    accountHref: localizePath("/account", language),
  };
}

export type SubscriptionView = ReturnType<typeof subscriptionView>;
