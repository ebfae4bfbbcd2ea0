/**
 * The mails of automatic renewal, queued in the caller's transaction (the step and its mail are written
 * together), in the language the customer chose for mails, addressed by the order that started it.
 */

import { findAccessById } from "../../server/db/accesses.ts";
import { orderMailLanguage } from "../../server/db/customer-preferences.ts";
import type { Database } from "../../server/db/database.ts";
import { findOrderById } from "../../server/db/repositories.ts";
import type { Subscription } from "../../server/db/schema.ts";
import { accountUrl } from "../../server/mail/layout.ts";
import { queueMail } from "../../server/mail/mail-job.ts";
import {
  CHARGE_FAILED_MAIL_KIND,
  CHARGE_NOTICE_MAIL_KIND,
  renderChargeFailed,
  renderChargeNotice,
  renderSubscriptionEnded,
  SUBSCRIPTION_ENDED_MAIL_KIND,
} from "../../server/mail/subscription-mail.ts";

async function recipient(db: Database, subscription: Subscription) {
  const order = await findOrderById(db, subscription.order_id);
  if (!order) throw new Error(`Subscription ${subscription.id} has lost its first order`);
  const access = subscription.access_id === null ? undefined : await findAccessById(db, subscription.access_id);
  return { order, access, language: await orderMailLanguage(db, order) };
}

const cardOf = (subscription: Subscription) =>
  subscription.card_brand && subscription.card_last4 ? { brand: subscription.card_brand, last4: subscription.card_last4 } : null;

/** 7 days ahead: the amount, the date, the card, and the account's page to stop it. */
export async function queueChargeNotice(db: Database, subscription: Subscription, chargeDate: Date, now: Date = new Date()): Promise<void> {
  const { order, language } = await recipient(db, subscription);
  const mail = renderChargeNotice(
    {
      firstName: order.first_name,
      planKey: subscription.plan_key,
      viewers: subscription.viewers,
      amountCents: subscription.amount_cents,
      currency: subscription.currency,
      chargeDate,
      card: cardOf(subscription),
      accountUrl: accountUrl(language),
    },
    language,
  );
  await queueMail(db, { kind: CHARGE_NOTICE_MAIL_KIND, to: order.email, ...mail, orderId: order.id }, now);
}

/** A renewal charge was refused: when it is tried again, and where to pay or give another card. */
export async function queueChargeFailedMail(
  db: Database,
  subscription: Subscription,
  failure: { nextAttemptAt: Date | null; payUrl: string | null },
  now: Date = new Date(),
): Promise<void> {
  const { order, access, language } = await recipient(db, subscription);
  const mail = renderChargeFailed(
    {
      firstName: order.first_name,
      planKey: subscription.plan_key,
      amountCents: subscription.amount_cents,
      currency: subscription.currency,
      accessEndsAt: new Date(access?.ends_at ?? now),
      nextAttemptAt: failure.nextAttemptAt,
      payUrl: failure.payUrl ?? accountUrl(language),
      payUrlKind: failure.payUrl ? "invoice" : "account",
    },
    language,
  );
  await queueMail(db, { kind: CHARGE_FAILED_MAIL_KIND, to: order.email, ...mail, orderId: order.id }, now);
}

/** Automatic renewal has ended: the access runs to its end, and can be renewed by hand. */
export async function queueSubscriptionEndedMail(
  db: Database,
  subscription: Subscription,
  reason: "payment-failed" | "stopped",
  now: Date = new Date(),
): Promise<void> {
  const { order, access, language } = await recipient(db, subscription);
  const mail = renderSubscriptionEnded(
    {
      firstName: order.first_name,
      planKey: subscription.plan_key,
      accessEndsAt: new Date(access?.ends_at ?? now),
      reason,
      renewUrl: accountUrl(language),
      now,
    },
    language,
  );
  await queueMail(db, { kind: SUBSCRIPTION_ENDED_MAIL_KIND, to: order.email, ...mail, orderId: order.id }, now);
}
