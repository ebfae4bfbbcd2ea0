/**
 * The fourth language the test adds: German, with English's texts marked rather than translated, so that
 * every text the site shows in it can be told from English. What "Adding a language" in docs/architecture.md asks of a
 * new language, this gives.
 */
import type { FlagShape, LanguageFacts } from "../../common/languages.ts";

const flag: readonly FlagShape[] = [
  ["rect", { width: 30, height: 20, fill: "#000" }],
  ["rect", { y: 6.67, width: 30, height: 6.67, fill: "#DD0000" }],
  ["rect", { y: 13.33, width: 30, height: 6.67, fill: "#FFCE00" }],
];

/** Its entry in `languageList` (common/languages.ts), checked against the list's type. */
const entry = { code: "de", locale: "de", openGraphLocale: "de_DE", direction: "ltr", countries: "DE AT LI", flag } satisfies LanguageFacts;

export const fourthLanguage = {
  code: entry.code,
  entry,
  /** The language's name in the picker and the console's language setting. */
  name: "Deutsch",
  /** Put before every text of the copied content. */
  marker: "«de»",
  /** A country of its entry, and a colour of its flag, to find in what the copy serves. */
  country: "AT",
  flagColour: "#FFCE00",
} as const;
