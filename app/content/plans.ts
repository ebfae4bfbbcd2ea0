import type { Language } from "../../common/languages";
import { formatMoney } from "../../common/money";
import { type Plan, type PlanKey, site } from "../../content/site";

export type ViewerCount = (typeof site.viewerChoices)[number];

export function findPlan(key: string | null | undefined): Plan | undefined {
  return site.plans.find((plan) => plan.key === key);
}

export function isViewerCount(value: number): value is ViewerCount {
  return (site.viewerChoices as readonly number[]).includes(value);
}

/** A plan's price in cents for a number of simultaneous viewers; a count with no price set costs the plan's price. */
export function planPrice(plan: Plan, viewers: ViewerCount): number {
  const prices: Partial<Record<number, number>> = plan.viewerPrices;
  return prices[viewers] ?? plan.price;
}

/** Money for display: `€13` in English, `13 €` in Spanish and French; cents only when there are some. */
export function formatPrice(cents: number, language: Language, currency: string = site.currency): string {
  return writtenPrices.get(`${language} ${currency} ${cents}`) ?? formatMoney(cents, language, currency);
}

/** Every price a plan can show (each plan for each viewer count), as the server writes it, by cents. */
export function planPriceTexts(language: Language): Record<number, string> {
  const texts: Record<number, string> = {};
  for (const plan of site.plans) {
    for (const viewers of site.viewerChoices) texts[planPrice(plan, viewers)] = formatPrice(planPrice(plan, viewers), language);
  }
  return texts;
}

/**
 * The plans' prices as the server wrote them for this page (sent with the root's data): the browser shows
 * them without building a currency formatter, whose locale data cost a phone 40 ms while the page hydrated.
 */
export function rememberPlanPriceTexts(language: Language, texts: Record<number, string>): void {
  for (const [cents, text] of Object.entries(texts)) writtenPrices.set(`${language} ${site.currency} ${cents}`, text);
}

const writtenPrices = new Map<string, string>();

/** The checkout address for a plan and viewer count (localized by the caller). */
export function checkoutPath(key: PlanKey, viewers: ViewerCount): string {
  return `/checkout?plan=${key}&viewers=${viewers}`;
}
