import { z } from "zod";
import { defaultLanguage, type Language, languages } from "../../common/languages";
import { taxRatesProblems } from "../../common/tax-rates";
import { site } from "../../content/site";
import taxRates from "../../content/tax-rates.json";
import type { Messages } from "../i18n/i18n";
import { isSitePath } from "../site-path";
import { sellerShape } from "./seller-shape";
import { trialShape } from "./trial-shape";

type Tree = { [key: string]: unknown };

/** Every leaf of a messages tree as `path → text`, arrays indexed (`faq.items.0.question`). */
export function flattenMessages(tree: unknown, prefix = ""): Map<string, string> {
  const leaves = new Map<string, string>();
  if (typeof tree === "string") {
    leaves.set(prefix, tree);
  } else if (tree && typeof tree === "object") {
    for (const [key, value] of Object.entries(tree as Tree)) {
      for (const [path, text] of flattenMessages(value, prefix ? `${prefix}.${key}` : key)) leaves.set(path, text);
    }
  }
  return leaves;
}

const siteFile = "content/site.ts";

/** A whole number no smaller than `min`; `hint` says what the field is for and gives an example. */
const whole = (min: number, hint: string) => {
  const error = `must be a whole number${min > 0 ? ` from ${min} up` : ""}: ${hint}`;
  return z.number({ error }).int({ error }).min(min, { error });
};
const mailAddress = /^[^\s<>@",;]+@[^\s<>@",;]+\.[^\s<>@",;]+$/;
const isoDate = z.iso.date({ error: 'must be a date written "YYYY-MM-DD", e.g. "2027-12-31"' });

const planShape = z.object({
  key: z.string().regex(/^[a-z][a-z0-9-]*$/, { error: 'must be a short lower-case key used in URLs and orders, e.g. "premium"' }),
  name: z.string().trim().min(1, { error: 'must not be empty: the name shown on the plan card, e.g. "Gold"' }),
  months: whole(1, "the months the plan lasts, e.g. 3"),
  price: whole(1, "the price in cents, e.g. 1300 for 13.00"),
  viewerPrices: z.record(z.string(), whole(1, "the price in cents for that many viewers, e.g. 1900")),
  badge: z.string().nullable(),
  catchUp: z.boolean({ error: "must be true or false" }),
});

/** The shape and limits of content/site.ts beyond what its TypeScript type can say. */
const siteShape = z
  .object({
    brand: z.object({
      name: z.string().trim().min(1, { error: 'must not be empty: the brand name, e.g. "NovaStream"' }),
      origin: z
        .string()
        .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol) && new URL(value).origin === value, {
          error: "must be the public origin, scheme and host without a path or a trailing slash, e.g. https://www.example.com",
        }),
      supportEmail: z.string().regex(mailAddress, { error: "must be a mail address, e.g. support@example.com" }),
      themeColor: z.string().regex(/^#[0-9a-f]{6}$/i, { error: 'must be a colour written "#rrggbb", e.g. "#0b0b12"' }),
    }),
    claims: z.object({
      channels: whole(1, "the number of live channels, e.g. 24000"),
      onDemandTitles: whole(1, "the number of on-demand titles, e.g. 87000"),
      customers: whole(1, "the number of customers, e.g. 50000"),
      servers: whole(1, "the number of servers, e.g. 2000"),
      countries: whole(1, "the number of countries, e.g. 198"),
      catchUpDays: whole(1, "the days of catch-up TV, e.g. 30"),
      rating: z
        .number({ error: "must be a number from 0 to 5, e.g. 5" })
        .min(0, { error: "must be from 0 to 5" })
        .max(5, { error: "must be from 0 to 5" }),
    }),
    currency: z.string().refine((value) => /^[A-Z]{3}$/.test(value) && Intl.supportedValuesOf("currency").includes(value), {
      error: 'must be an ISO 4217 currency code in capitals, e.g. "EUR" or "USD"',
    }),
    seller: sellerShape,
    trial: trialShape,
    plans: z.array(planShape).min(1, { error: "must list at least one plan" }),
    automaticRenewal: z.object({
      offered: z.boolean({ error: "must be true or false: whether the checkout offers automatic renewal" }),
      checkedByDefault: z.boolean({ error: "must be true or false: whether the box starts ticked" }),
    }),
    defaultPlan: z.string(),
    viewerChoices: z
      .array(whole(1, "a number of simultaneous viewers, e.g. 2"))
      .min(1, { error: "must list at least one viewer count, e.g. [1, 2, 3]" })
      // The plans section's CSS shows the checked count's prices for up to six choices (app.css).
      .max(6, { error: "must list at most six viewer counts, e.g. [1, 2, 3]" }),
    offerValidity: z.object({ from: isoDate, until: isoDate }),
    behaviour: z.object({
      headerScrollThresholdPx: whole(0, "pixels scrolled before the header changes, e.g. 50"),
      scrollAfterNavigationMs: whole(0, "milliseconds, e.g. 100"),
      lazySectionMarginsPx: z.array(whole(0, "pixels, e.g. 200")).length(2, { error: "must be two margins in pixels, e.g. [200, 300]" }),
      lazySectionThreshold: z
        .number({ error: "must be a number from 0 to 1, e.g. 0.01" })
        .min(0, { error: "must be from 0 to 1, e.g. 0.01" })
        .max(1, { error: "must be from 0 to 1, e.g. 0.01" }),
      queryStaleTimeMs: whole(0, "milliseconds, e.g. 60000"),
    }),
    geolocation: z.object({
      endpoint: z.string().refine((value) => isSitePath(value) || (URL.canParse(value) && new URL(value).protocol === "https:"), {
        error:
          "must be a path of this site (its own /api/country) or the https:// URL of an IP-geolocation JSON service, e.g. https://ipapi.co/json/",
      }),
      timeoutMs: whole(1, "milliseconds before the browser gives up, e.g. 5000"),
    }),
  })
  .superRefine((value, context) => {
    const keys = value.plans.map((plan) => plan.key);
    keys.forEach((key, index) => {
      if (keys.indexOf(key) !== index)
        context.addIssue({
          code: "custom",
          path: ["plans", index, "key"],
          message: `is "${key}", like another plan's: each plan needs its own key`,
        });
    });
    if (!keys.includes(value.defaultPlan)) {
      context.addIssue({
        code: "custom",
        path: ["defaultPlan"],
        message: `must be the key of one of the plans: ${keys.map((key) => `"${key}"`).join(", ")}`,
      });
    }
    value.plans.forEach((plan, index) => {
      for (const count of Object.keys(plan.viewerPrices)) {
        if (!value.viewerChoices.includes(Number(count))) {
          context.addIssue({
            code: "custom",
            path: ["plans", index, "viewerPrices", count],
            message: `sets a price for ${count} viewers, which is not in viewerChoices (${value.viewerChoices.join(", ")})`,
          });
        }
      }
    });
    if (!value.viewerChoices.includes(value.trial.viewers)) {
      context.addIssue({
        code: "custom",
        path: ["trial", "viewers"],
        message: `is ${value.trial.viewers}, which is not in viewerChoices (${value.viewerChoices.join(", ")})`,
      });
    }
    if (value.offerValidity.from > value.offerValidity.until) {
      context.addIssue({ code: "custom", path: ["offerValidity", "until"], message: 'must not be before "offerValidity.from"' });
    }
  });

/**
 * What is wrong with content/site.ts, as sentences naming the file and field (`plans.1.price` is the price
 * of the second plan): values its TypeScript type accepts but the site cannot use.
 */
export function siteProblems(config: unknown = site): string[] {
  const parsed = siteShape.safeParse(config);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => `${siteFile}: "${issue.path.join(".")}" ${issue.message}.`);
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)[^}]*\}\}|<(\w+)>/g)].map((match) => match[1] ?? match[2]).sort();

/**
 * What is wrong with the locale files, as sentences naming the file and key: a key missing or extra in a
 * language, an empty text, a placeholder or tag one translation lost, a plan without its 8 feature lines.
 */
export function localeProblems(messages: Record<Language, Messages>): string[] {
  const problems: string[] = [];
  const named: Partial<Record<string, string>> = messages[defaultLanguage].common.languageNames;
  for (const language of languages) {
    if (named[language] === undefined)
      problems.push(`content/locales/${defaultLanguage}.json: "common.languageNames.${language}" is missing.`);
  }
  const reference = flattenMessages(messages[defaultLanguage]);
  for (const language of languages) {
    const file = `content/locales/${language}.json`;
    const leaves = flattenMessages(messages[language]);
    for (const [path, text] of reference) {
      const translated = leaves.get(path);
      if (translated === undefined) problems.push(`${file}: "${path}" is missing.`);
      else if (translated.trim() === "") problems.push(`${file}: "${path}" is empty.`);
      else if (placeholders(translated).join() !== placeholders(text).join()) {
        problems.push(`${file}: "${path}" must use the placeholders ${placeholders(text).join(", ") || "none"} like en.json.`);
      }
    }
    for (const path of leaves.keys()) if (!reference.has(path)) problems.push(`${file}: "${path}" is not in en.json.`);
    for (const plan of site.plans) {
      const features = messages[language].plans.items[plan.key]?.features;
      if (!Array.isArray(features) || features.length !== 8) {
        problems.push(`${file}: "plans.items.${plan.key}.features" must have 8 lines.`);
      }
      const badges: Partial<Record<string, string>> = messages[language].plans.badges;
      if (plan.badge !== null && badges[plan.badge] === undefined) {
        problems.push(`${file}: "plans.badges.${plan.badge}" is missing (content/site.ts gives the plan "${plan.key}" that badge).`);
      }
    }
  }
  return problems;
}

/**
 * Checks content/site.ts, content/tax-rates.json and the locale files (the server calls this at start, from entry.server.tsx).
 * Throws one error listing every problem, so the operator fixes them all in one go.
 */
export function assertValidLocales(messages: Record<Language, Messages>): void {
  const problems = [...siteProblems(), ...taxRatesProblems(taxRates), ...localeProblems(messages)];
  if (problems.length > 0) {
    throw new Error(`The content files have problems; fix them and build again (npm run build):\n  ${problems.join("\n  ")}`);
  }
}
