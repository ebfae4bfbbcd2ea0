/**
 * The content files each language has, as "Adding a language" in docs/architecture.md lists them: `<language>` is the
 * language's code, `*` every page, article or console area. The check that each language has them all
 * (app/i18n/content-files.test.ts) and the test that adds a fourth language (tests/fourth-language/) read
 * this list, so the three cannot drift apart.
 */
import { globSync } from "node:fs";
import { join, relative } from "node:path";

export const languageContent = [
  "content/locales/<language>.json",
  "content/locales/admin/<language>/*.json",
  "content/locales/account/<language>/*.json",
  "content/mail/<language>.json",
  "content/pages/*/<language>.md",
  "content/blog/*/<language>.md",
] as const;

/** A language's content files under `root`, relative to it, for one pattern of `languageContent`. */
export function contentFiles(root: string, pattern: string, language: string): string[] {
  return globSync(pattern.replaceAll("<language>", language), { cwd: root })
    .map((file) => relative(root, join(root, file)))
    .sort();
}

/** The path of `file` (one of English's, say) in another language. */
export function inLanguage(pattern: string, file: string, from: string, to: string): string {
  const at = pattern.split("/").indexOf(pattern.split("/").find((part) => part.includes("<language>")) ?? "");
  const parts = file.split("/");
  parts[at] = (parts[at] ?? "").replace(from, to);
  return parts.join("/");
}
