import type { Language } from "../../common/languages";

/** Spain and the Spanish-speaking countries of the Americas (plus Equatorial Guinea). */
const spanishCountries = new Set([
  "ES",
  "MX",
  "GT",
  "HN",
  "SV",
  "NI",
  "CR",
  "PA",
  "CU",
  "DO",
  "PR",
  "CO",
  "VE",
  "EC",
  "PE",
  "BO",
  "CL",
  "AR",
  "PY",
  "UY",
  "GQ",
]);

/**
 * France and its overseas departments and territories, the other French-speaking countries of Europe and
 * the Americas, and the French-speaking countries of Africa and the Indian Ocean.
 */
const frenchCountries = new Set([
  // Europe and North America
  "FR",
  "BE",
  "CH",
  "CA",
  "MC",
  "LU",
  // French overseas departments, collectivities and territories
  "GP",
  "MQ",
  "GF",
  "RE",
  "YT",
  "PM",
  "BL",
  "MF",
  "WF",
  "PF",
  "NC",
  "TF",
  // Africa and the Indian Ocean
  "SN",
  "CI",
  "ML",
  "BF",
  "NE",
  "TG",
  "BJ",
  "GN",
  "CM",
  "GA",
  "CG",
  "CD",
  "CF",
  "TD",
  "DJ",
  "KM",
  "MG",
  "BI",
  "RW",
  "SC",
  "MU",
  "MA",
  "DZ",
  "TN",
  "MR",
  // The Caribbean and the Pacific
  "HT",
  "VU",
]);

/** The site language for an ISO 3166-1 alpha-2 country code: Spanish, French, or English for any other. */
export function languageForCountry(countryCode: string | null | undefined): Language {
  const code = (countryCode ?? "").trim().toUpperCase();
  if (spanishCountries.has(code)) return "es";
  if (frenchCountries.has(code)) return "fr";
  return "en";
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
