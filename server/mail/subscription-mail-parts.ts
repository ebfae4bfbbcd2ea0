/**
 * What the three mails of automatic renewal (subscription-mail.ts) share: their values and the card as a mail
 * may show it. The words are `subscription` in content/mail/<language>.json.
 */
import type { Language } from "../../common/languages.ts";
import { formatMoney } from "../../common/money.ts";
import { type PlanKey, site } from "../../content/site.ts";
import { interpolate, mailTexts, singleLine } from "./mail-texts.ts";
import { cardBrandName, lastFour } from "./templates.ts";

export type SubscriptionTexts = (typeof mailTexts)[Language]["subscription"];

/** The plan's name; an unknown key is a programming error, as in the reminder. */
export function planName(planKey: PlanKey, mail: string): string {
  const plan = site.plans.find((candidate) => candidate.key === planKey);
  if (!plan) throw new Error(`${mail}: unknown plan ${JSON.stringify(planKey)}`);
  return plan.name;
}

/** The values every subscription mail's texts may use. */
export function baseValues(
  firstName: string,
  planKey: PlanKey,
  mail: string,
): { brand: string; supportEmail: string; firstName: string; plan: string } {
  return {
    brand: site.brand.name,
    supportEmail: site.brand.supportEmail,
    firstName: singleLine(firstName),
    plan: planName(planKey, mail),
  };
}

/** The amount as every other mail writes money; the currency is the subscription's own. */
export function money(language: Language, cents: number, currency: string): string {
  return formatMoney(cents, language, singleLine(currency).toUpperCase());
}

/** "Visa ending in 4242": never more than the brand and the last four digits. */
export function cardText(language: Language, card: { brand: string; last4: string }): string {
  const t = mailTexts[language].subscription.shared;
  const last4 = lastFour(card.last4);
  return last4 === "" ? cardBrandName(card.brand) : interpolate(t.cardEnding, { cardBrand: cardBrandName(card.brand), last4 });
}
