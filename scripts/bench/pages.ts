/** The pages `npm run bench` measures with Lighthouse, and what `--only` selects among them. */
import { type Language, languages, localizePath } from "../../common/languages.ts";

export const pagePaths = [
  "/",
  "/about",
  "/terms",
  "/privacy",
  "/blog",
  "/blog/smart-tv-setup-guide",
  "/checkout",
  "/contact",
  "/no-such-page",
];

export interface PageToMeasure {
  language: Language;
  /** The page's path without its language prefix. */
  path: string;
  /** What a visitor types: "/", "/es", "/fr/blog". */
  url: string;
}

/**
 * Every page in every language, or those `--only` names: `/about` is the about page in every
 * language, `/es/about` only the Spanish one. Undefined when `only` names no page the bench knows.
 */
export function pagesToMeasure(only?: string): PageToMeasure[] | undefined {
  const all = languages.flatMap((language) => pagePaths.map((path) => ({ language, path, url: localizePath(path, language) })));
  if (!only) return all;
  const normalised = only.length > 1 ? only.replace(/\/$/, "") : only;
  const chosen = all.filter((page) => page.path === normalised || page.url === normalised);
  return chosen.length > 0 ? chosen : undefined;
}
