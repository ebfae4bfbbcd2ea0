/**
 * Money for display, one rule for the site and the mails: `€13` in English, `13 €` in Spanish and French, cents
 * only when there are some. Pure; app/content/plans.ts's `formatPrice` adds the prices the server already wrote.
 */
import { type Language, localeTags } from "./languages.ts";

/** One formatter per language, currency and number of decimals: building one loads locale data. */
const formatters = new Map<string, Intl.NumberFormat>();

export function formatMoney(cents: number, language: Language, currency: string): string {
  const decimals = cents % 100 === 0 ? 0 : 2;
  const key = `${language} ${currency} ${decimals}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(localeTags[language], { style: "currency", currency, minimumFractionDigits: decimals });
    formatters.set(key, format);
  }
  return format.format(cents / 100);
}
