import { defaultLanguage, type Language, languageList } from "../../common/languages";

/** Country code → language, from the countries each language lists (common/languages.ts). */
const countryLanguages = new Map<string, Language>(
  languageList.flatMap((facts) =>
    facts.countries
      .split(" ")
      .filter(Boolean)
      .map((country) => [country, facts.code] as const),
  ),
);

/** The site language for an ISO 3166-1 alpha-2 country code: the language that lists it, else the default. */
export function languageForCountry(countryCode: string | null | undefined): Language {
  return countryLanguages.get((countryCode ?? "").trim().toUpperCase()) ?? defaultLanguage;
}

/** Reads the country code from the answer of a typical IP-geolocation JSON service. */
export function countryCodeFromGeolocation(answer: unknown): string | null {
  if (typeof answer !== "object" || answer === null) return null;
  const fields = ["country_code", "countryCode", "country_code2", "country"] as const;
  for (const field of fields) {
    const value = (answer as Record<string, unknown>)[field];
    if (typeof value === "string" && /^[A-Za-z]{2}$/.test(value.trim())) return value.trim().toUpperCase();
  }
  return null;
}
