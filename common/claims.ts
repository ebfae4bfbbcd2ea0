import { site } from "../content/site.ts";
import { type Language, localeTags } from "./languages.ts";

/**
 * Every marketing figure, formatted for one language. These are the default values of every text's
 * variables, so a text can only show a claim through `{{channels}}` and never hard-codes a number.
 */
export function claimVariables(language: Language): ClaimVariables {
  let values = known.get(language);
  if (!values) {
    values = formatClaims(language);
    known.set(language, values);
  }
  return values;
}

const known = new Map<Language, ClaimVariables>();

/**
 * The figures as the server formatted them for this page (sent with the root's data): hydrating then
 * builds none of the Intl formatters, whose locale data cost a phone tens of milliseconds the first time.
 */
export function rememberClaimVariables(language: Language, values: ClaimVariables): void {
  if (!known.has(language)) known.set(language, values);
}

function formatClaims(language: Language) {
  const number = new Intl.NumberFormat(localeTags[language]);
  const compact = new Intl.NumberFormat(localeTags[language], { notation: "compact", maximumFractionDigits: 0 });
  const { claims } = site;
  return {
    brand: site.brand.name,
    supportEmail: site.brand.supportEmail,
    channels: `${number.format(claims.channels)}+`,
    channelsShort: `${compact.format(claims.channels)}+`,
    titles: number.format(claims.onDemandTitles),
    customers: `${number.format(claims.customers)}+`,
    customersShort: `${compact.format(claims.customers)}+`,
    servers: `${number.format(claims.servers)}+`,
    countries: number.format(claims.countries),
    days: number.format(claims.catchUpDays),
    rating: number.format(claims.rating),
    /** The names of the plans that include catch-up TV, as a list in the language ("Platinum and Diamond"). */
    catchUpPlans: new Intl.ListFormat(localeTags[language], { type: "conjunction" }).format(
      site.plans.filter((plan) => plan.catchUp).map((plan) => plan.name),
    ),
  };
}

export type ClaimVariables = ReturnType<typeof formatClaims>;
