/**
 * The mails of automatic renewal (docs/decisions/0025-automatic-renewal.md): the notice before a charge, the
 * failed charge, and the end of renewing. Pure functions returning `{ subject, text, html }` like
 * reminder-mail.ts: their blocks in layout.ts's frame; the words are `subscription` in
 * content/mail/<language>.json. Links are made by the caller; the layout refuses any that is not absolute
 * http(s). They are transactional (they come with the subscription, not
 * with a list), so none has an unsubscribe link; the notice says why it came.
 */
import type { Language } from "../../common/languages.ts";
import type { PlanKey } from "../../content/site.ts";
import type { Block } from "./blocks.ts";
import { composeMail, type RenderedMail } from "./layout.ts";
import { interpolate, longDate, mailTexts } from "./mail-texts.ts";
import { baseValues, cardText, money } from "./subscription-mail-parts.ts";

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
  const say = (text: string) => interpolate(text, values);
  const rows: [string, string][] = [
    [shared.planLabel, values.plan],
    [shared.viewersLabel, String(input.viewers)],
    [shared.amountLabel, values.amount],
    [t.dateLabel, values.chargeDate],
  ];
  if (input.card) rows.push([shared.cardLabel, cardText(language, input.card)]);
  const blocks: Block[] = [
    { paragraph: say(t.intro) },
    { rows },
    { paragraph: say(t.keepWatching) },
    { paragraph: say(t.stopText) },
    { button: { label: t.stopButton, url: input.accountUrl, fallback: shared.linkFallback } },
    { paragraph: say(shared.help) },
  ];
  return composeMail({ language, words: t, values, blocks, footnote: { text: say(t.why) } });
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
  const say = (text: string) => interpolate(text, values);
  const rows: [string, string][] = [
    [shared.planLabel, values.plan],
    [shared.amountLabel, values.amount],
    [t.accessLabel, values.endDate],
  ];
  if (input.nextAttemptAt) rows.push([t.retryLabel, values.retryDate]);
  const invoice = input.payUrlKind === "invoice";
  const blocks: Block[] = [
    { paragraph: say(t.intro) },
    { rows },
    { paragraph: say(`${t.accessContinues} ${input.nextAttemptAt ? t.nextAttempt : t.noNextAttempt}`) },
    { paragraph: say(invoice ? t.invoiceText : t.accountText) },
    { button: { label: invoice ? t.invoiceButton : t.accountButton, url: input.payUrl, fallback: shared.linkFallback } },
    { paragraph: say(shared.help) },
  ];
  return composeMail({ language, words: t, values, blocks });
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
  const shared = mailTexts[language].subscription.shared;
  const say = (text: string) => interpolate(text, values);
  const stillRuns = input.accessEndsAt.getTime() > input.now.getTime();
  const blocks: Block[] = [
    { paragraph: say(input.reason === "payment-failed" ? t.paymentFailedIntro : t.stoppedIntro) },
    { paragraph: say(stillRuns ? t.accessRuns : t.accessEnded) },
    { paragraph: say(t.renewText) },
    { button: { label: t.renewButton, url: input.renewUrl, fallback: shared.linkFallback } },
    { paragraph: say(t.thanks) },
    { paragraph: say(shared.help) },
  ];
  return composeMail({ language, words: t, values, blocks });
}
