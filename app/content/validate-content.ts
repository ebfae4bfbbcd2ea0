import { site } from "../../content/site";
import type { Messages } from "../i18n/i18n";
import { defaultLanguage, type Language, languages } from "../i18n/languages";

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

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)[^}]*\}\}|<(\w+)>/g)].map((match) => match[1] ?? match[2]).sort();

/**
 * What is wrong with the locale files, as sentences naming the file and key: a key missing or extra in a
 * language, an empty text, a placeholder or tag one translation lost, a plan without its 8 feature lines.
 */
export function localeProblems(messages: Record<Language, Messages>): string[] {
  const problems: string[] = [];
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
    }
  }
  return problems;
}

/** Throws one error listing every problem, so the operator fixes them all in one go. */
export function assertValidLocales(messages: Record<Language, Messages>): void {
  const problems = localeProblems(messages);
  if (problems.length > 0) throw new Error(`The locale files have problems:\n  ${problems.join("\n  ")}`);
}
