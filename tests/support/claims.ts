/** Finding the marketing figures a page writes, to check each against content/site.ts. */
import { escapeRegExp, type Language, normalizeSpaces, t } from "./site.ts";

/**
 * Finds every number written directly before one of `words` (at most two words between, as in
 * "24,000+ live channels"), with the compact notation of the language (24K+, 24 mil+, 24 k+).
 */
export function figuresBefore(text: string, words: string[], language: Language): string[] {
  const compactUnits = new Set(
    [1e3, 1e6].flatMap((value) =>
      new Intl.NumberFormat(language, { notation: "compact" })
        .formatToParts(value)
        .filter((part) => part.type === "compact")
        .map((part) => part.value),
    ),
  );
  const units = [...compactUnits].map(escapeRegExp).join("|");
  const figure = String.raw`(?<![\p{L}\p{N}])(?:\d{1,3}(?:[.,\u00a0\u202f ]\d{3})+|\d+)(?:[\u00a0\u202f ]?(?:${units})(?![\p{L}]))?\+?`;
  const space = "[\\u00a0\\u202f ]";
  const pattern = new RegExp(
    `(${figure})(?:${space}[\\p{L}’'-]+){0,2}?${space}(?:${words.map(escapeRegExp).join("|")})(?![\\p{L}])`,
    "giu",
  );
  return [...text.matchAll(pattern)].map((match) => normalizeSpaces(match[1] ?? ""));
}

/**
 * The words that name a claim in a language: for channels the label of the hero's figure ("Channels"), for
 * customers the longer words that follow the figure in the hero's badge ("happy customers", "clientes
 * satisfechos"), so the check follows the operator's wording.
 */
export function claimWords(language: Language, claim: "channels" | "customers"): string[] {
  if (claim === "channels") return [t(language, "hero.stats.channels").toLowerCase()];
  const badge = t(language, "hero.badges.customers", { customers: "\u0000" });
  return (badge.split("\u0000")[1] ?? "")
    .split(/\s+/)
    .map((word) => word.toLowerCase())
    .filter((word) => word.length >= 5);
}
