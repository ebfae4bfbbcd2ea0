/**
 * The words of every mail and the values put into them: the texts of `content/mail/<language>.json`, their
 * `{{placeholders}}`, and the checks a value passes before it reaches a mail (one line for a header, an
 * http(s) link). What the words look like is layout.ts's.
 */
import { perLanguage } from "../../common/content-files.ts";
import { type Language, localeTags } from "../../common/languages.ts";
import type en from "../../content/mail/en.json";

/** The shape of one language's mail texts (English is the reference; templates.test.ts holds the others to it). */
export type MailTexts = typeof en;

/** Every language's mail texts, one file each under content/mail/. */
export const mailTexts = perLanguage(
  import.meta.glob<MailTexts>("../../content/mail/*.json", { eager: true, import: "default" }),
  (language) => `../../content/mail/${language}.json`,
);

export type Values = Readonly<Record<string, string | number>>;

/** Replaces each `{{name}}`; a placeholder without a value is a programming error and throws. */
export function interpolate(template: string, values: Values): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`Mail text placeholder {{${name}}} has no value in "${template}"`);
    return String(value);
  });
}

/** A line break in a header would let a value add headers (`Bcc:`), and runs of spaces come from pasted input. */
export function singleLine(value: string): string {
  return value.replace(/\s+/g, " ").trim();
}

/** The URL, checked to be absolute http(s) so no `javascript:` or relative link can reach a mail. */
export function safeUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`Mail link is not an absolute URL: ${JSON.stringify(url)}`);
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") {
    throw new Error(`Mail link must be http(s), got ${JSON.stringify(parsed.protocol)}`);
  }
  return parsed.href;
}

export function pluralKey(language: Language, count: number): "one" | "other" {
  return new Intl.PluralRules(localeTags[language]).select(count) === "one" ? "one" : "other";
}

/** A day in words ("June 1, 2026"), in UTC so the date does not depend on the server's time zone. */
export function longDate(language: Language, date: Date): string {
  return new Intl.DateTimeFormat(localeTags[language], { dateStyle: "long", timeZone: "UTC" }).format(date);
}
