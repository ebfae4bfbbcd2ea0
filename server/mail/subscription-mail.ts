/**
 * The mails of automatic renewal (docs/decisions/0025-automatic-renewal.md): the notice before a charge, the
 * failed charge, and the end of renewing. Pure functions returning `{ subject, text, html }` like
 * reminder-mail.ts, built from layout.ts's pieces through subscription-mail-parts.ts; the words are
 * `subscription` in content/mail/<language>.json. Links are made by the caller and checked here to be absolute
 * http(s); every value in the HTML is escaped. They are transactional (they come with the subscription, not
 * with a list), so none has an unsubscribe link; the notice says why it came.
 */
import type { Language } from "../../common/languages.ts";
import type { PlanKey } from "../../content/site.ts";
import { longDate, mailTexts, type RenderedMail, safeUrl } from "./layout.ts";
import { baseValues, cardText, composeMail, type MailPart, money } from "./subscription-mail-parts.ts";

export const CHARGE_NOTICE_MAIL_KIND = "subscription-charge-notice";
export const CHARGE_FAILED_MAIL_KIND = "subscription-charge-failed";
export const SUBSCRIPTION_ENDED_MAIL_KIND = "subscription-ended";

export interface ChargeNoticeInput {
  firstName: string;
  planKey: PlanKey;
  viewers: number;
  amountCents: number;
  currency: string;
  chargeDate: Date;
  /** The kept card, as the mail may show it; null when the processor did not say. */
  card: { brand: string; last4: string } | null;
  /** Absolute http(s) URL of the account, where renewal is stopped or the card changed. */
  accountUrl: string;
}

/** Sent before an automatic charge (card networks require a notice before each recurring charge). */
export function renderChargeNotice(input: ChargeNoticeInput, language: Language): RenderedMail {
  const t = mailTexts[language].subscription.chargeNotice;
  const shared = mailTexts[language].subscription.shared;
  const values = {
    ...baseValues(input.firstName, input.planKey, "renderChargeNotice"),
    amount: money(language, input.amountCents, input.currency),
    chargeDate: longDate(language, input.chargeDate),
  };
  const url = safeUrl(input.accountUrl);
  const rows: [string, string][] = [
    [shared.planLabel, values.plan],
    [shared.viewersLabel, String(input.viewers)],
    [shared.amountLabel, values.amount],
    [t.dateLabel, values.chargeDate],
  ];
  if (input.card) rows.push([shared.cardLabel, cardText(language, input.card)]);
  const parts: MailPart[] = [
    { paragraph: t.greeting },
    { paragraph: t.intro },
    { rows },
    { paragraph: t.keepWatching },
    { paragraph: t.stopText },
    { button: { url, label: t.stopButton } },
  ];
  return composeMail(language, t, parts, values);
}

export interface ChargeFailedInput {
  firstName: string;
  planKey: PlanKey;
  amountCents: number;
  currency: string;
  /** Until when the access works whatever happens next. */
  accessEndsAt: Date;
  /** When the charge is tried again; null when it will not be. */
  nextAttemptAt: Date | null;
  /** Absolute http(s): Stripe's hosted invoice page (`invoice`), or the account to change the card (`account`). */
  payUrl: string;
  payUrlKind: "invoice" | "account";
}

/** Sent when a renewal charge was refused. */
export function renderChargeFailed(input: ChargeFailedInput, language: Language): RenderedMail {
  const t = mailTexts[language].subscription.chargeFailed;
  const shared = mailTexts[language].subscription.shared;
  const values = {
    ...baseValues(input.firstName, input.planKey, "renderChargeFailed"),
    amount: money(language, input.amountCents, input.currency),
    endDate: longDate(language, input.accessEndsAt),
    retryDate: input.nextAttemptAt ? longDate(language, input.nextAttemptAt) : "",
  };
  const url = safeUrl(input.payUrl);
  const rows: [string, string][] = [
    [shared.planLabel, values.plan],
    [shared.amountLabel, values.amount],
    [t.accessLabel, values.endDate],
  ];
  if (input.nextAttemptAt) rows.push([t.retryLabel, values.retryDate]);
  const invoice = input.payUrlKind === "invoice";
  const parts: MailPart[] = [
    { paragraph: t.greeting },
    { paragraph: t.intro },
    { rows },
    { paragraph: `${t.accessContinues} ${input.nextAttemptAt ? t.nextAttempt : t.noNextAttempt}` },
    { paragraph: invoice ? t.invoiceText : t.accountText },
    { button: { url, label: invoice ? t.invoiceButton : t.accountButton } },
  ];
  return composeMail(language, t, parts, values);
}

export interface SubscriptionEndedInput {
  firstName: string;
  planKey: PlanKey;
  accessEndsAt: Date;
  /** `payment-failed`: the last retry was refused; `stopped`: the customer or the operator stopped it. */
  reason: "payment-failed" | "stopped";
  /** Absolute http(s) URL where the customer renews by hand. */
  renewUrl: string;
  /** The time of sending: says whether the access still runs or has ended. */
  now: Date;
}

/** Sent when automatic renewal has ended for good. */
export function renderSubscriptionEnded(input: SubscriptionEndedInput, language: Language): RenderedMail {
  const t = mailTexts[language].subscription.ended;
  const values = {
    ...baseValues(input.firstName, input.planKey, "renderSubscriptionEnded"),
    endDate: longDate(language, input.accessEndsAt),
  };
  const url = safeUrl(input.renewUrl);
  const stillRuns = input.accessEndsAt.getTime() > input.now.getTime();
  const parts: MailPart[] = [
    { paragraph: t.greeting },
    { paragraph: input.reason === "payment-failed" ? t.paymentFailedIntro : t.stoppedIntro },
    { paragraph: stillRuns ? t.accessRuns : t.accessEnded },
    { paragraph: t.renewText },
    { button: { url, label: t.renewButton } },
    { paragraph: t.thanks },
  ];
  return composeMail(language, t, parts, values);
}
