/**
 * What the end-to-end tests know about the site, read from the operator's files (never hard-coded copy):
 * the strings of content/locales, the figures and plans of content/site.ts, and the site's languages and URL
 * scheme (common/languages.ts: the default language unprefixed, the others under their code).
 */
import { readFileSync } from "node:fs";
import { defaultLanguage, type Language, languages } from "../../common/languages.ts";
import type en from "../../content/locales/en.json";
import { type Plan, site } from "../../content/site.ts";

export type { Language, Plan };
export { defaultLanguage, languages, site };

/** The languages with a URL prefix: every one but the default. */
export const otherLanguages = languages.filter((language) => language !== defaultLanguage);

const localeFile = (language: Language) => new URL(`../../content/locales/${language}.json`, import.meta.url);
export const messages = Object.fromEntries(
  languages.map((language) => [language, JSON.parse(readFileSync(localeFile(language), "utf8")) as typeof en]),
) as Record<Language, typeof en>;

/** The spec's routes, unprefixed. */
export const pagePaths = ["/", "/blog", "/checkout", "/about", "/contact", "/terms", "/privacy"] as const;

/** The spec's storage key for the visitor's explicit language choice (localStorage and cookie). */
export const preferenceKey = "user-language-preference";

/** Section ids of the landing page below the hero, in the spec's order; the hero is `home`. */
export const lazySections = ["plans", "showcase", "features", "testimonials", "blog", "faq"] as const;
export const landingSections = ["home", ...lazySections] as const;

/** The heading of each lazy section, by id (the locale key of its title). */
export const sectionHeadings: Record<(typeof lazySections)[number], string> = {
  plans: "plans.heading",
  showcase: "showcase.heading",
  features: "features.heading",
  testimonials: "testimonials.heading",
  blog: "blogTeaser.heading",
  faq: "faq.heading",
};

/** Googlebot's smartphone user agent, as Google publishes it. */
export const googlebotUserAgent =
  "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.139 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** `/about` in a language: `/about`, `/es/about`, `/fr/about`; the home page is `/`, `/es`, `/fr`. */
export function localized(language: Language, path: string): string {
  const [pathname = "/", rest = ""] = path.split(/(?=[?#])/);
  if (language === defaultLanguage) return pathname + rest;
  return (pathname === "/" ? `/${language}` : `/${language}${pathname}`) + rest;
}

/** The absolute public URL of a path, as canonical and hreflang links carry it (the configured origin). */
export function publicUrl(path: string): string {
  return new URL(path, site.brand.origin).href;
}

/** Spaces of any width as one plain space, so browser and Node formatting compare equal. */
export function normalizeSpaces(text: string): string {
  return text.replace(/[\s\u00a0\u202f]+/g, " ").trim();
}

/** A figure as the site shows it in full (`24,000+`) and compact (`24K+`), for a language. */
export function claimFormats(language: Language, value: number, plus = true): { full: string; compact: string } {
  const suffix = plus ? "+" : "";
  return {
    full: normalizeSpaces(new Intl.NumberFormat(language).format(value) + suffix),
    compact: normalizeSpaces(new Intl.NumberFormat(language, { notation: "compact", maximumFractionDigits: 0 }).format(value) + suffix),
  };
}

/** The placeholders every text may use, filled from content/site.ts for a language. */
export function claimVariables(language: Language): Record<string, string> {
  const number = new Intl.NumberFormat(language);
  const { claims } = site;
  return {
    brand: site.brand.name,
    supportEmail: site.brand.supportEmail,
    channels: claimFormats(language, claims.channels).full,
    channelsShort: claimFormats(language, claims.channels).compact,
    titles: number.format(claims.onDemandTitles),
    customers: claimFormats(language, claims.customers).full,
    customersShort: claimFormats(language, claims.customers).compact,
    servers: `${number.format(claims.servers)}+`,
    countries: number.format(claims.countries),
    days: number.format(claims.catchUpDays),
    rating: number.format(claims.rating),
  };
}

function lookup(language: Language, key: string): unknown {
  let node: unknown = messages[language];
  for (const part of key.split(".")) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

function interpolate(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/**
 * A message of the locale files with its placeholders filled (claims, brand and `vars`), like the site's
 * translator does; `count` picks the plural form (`_one`, `_other`). Spaces are normalized.
 */
export function t(language: Language, key: string, vars: Record<string, string | number> = {}): string {
  let value = lookup(language, key);
  if (value === undefined && typeof vars.count === "number") {
    value = lookup(language, `${key}_${new Intl.PluralRules(language).select(vars.count)}`) ?? lookup(language, `${key}_other`);
  }
  if (typeof value !== "string") throw new Error(`No string "${key}" in content/locales/${language}.json`);
  return normalizeSpaces(interpolate(value, { ...claimVariables(language), ...vars }));
}

/** A list of objects in the locale files (FAQ items, showcase items, …). */
export function list<T>(language: Language, key: string): T[] {
  const value = lookup(language, key);
  if (!Array.isArray(value)) throw new Error(`"${key}" in content/locales/${language}.json is not a list`);
  return value as T[];
}

/** A plan's price in cents for a viewer count: the configured viewer price, else the plan's price. */
export function planPrice(plan: Plan, viewers: number): number {
  const prices: Partial<Record<number, number>> = plan.viewerPrices;
  return prices[viewers] ?? plan.price;
}

/** Money as a visitor reads it in a language (`€13`, `13 €`), cents only when there are some. */
export function formatPrice(cents: number, language: Language): string {
  return normalizeSpaces(
    new Intl.NumberFormat(language, {
      style: "currency",
      currency: site.currency,
      minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
    }).format(cents / 100),
  );
}

/** Escapes text for use inside a regular expression. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
