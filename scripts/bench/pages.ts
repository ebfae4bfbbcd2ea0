/** The pages `npm run bench` measures with Lighthouse, and what `--only` selects among them. */
import type { Language } from "./report.ts";

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

const prefixes: Record<Language, string> = { en: "", es: "/es", fr: "/fr" };

export interface PageToMeasure {
  language: Language;
  /** The page's path without its language prefix. */
  path: string;
  /** What a visitor types: "/", "/es", "/fr/blog". */
  url: string;
}

/**
 * Every page in every language, or those `--only` names: `/about` is the about page in the three
 * languages, `/es/about` only the Spanish one. Undefined when `only` names no page the bench knows.
 */
export function pagesToMeasure(only?: string): PageToMeasure[] | undefined {
  const all = (Object.entries(prefixes) as [Language, string][]).flatMap(([language, prefix]) =>
    pagePaths.map((path) => ({ language, path, url: path === "/" && prefix ? prefix : `${prefix}${path}` })),
  );
  if (!only) return all;
  const normalised = only.length > 1 ? only.replace(/\/$/, "") : only;
  const chosen = all.filter((page) => page.path === normalised || page.url === normalised);
  return chosen.length > 0 ? chosen : undefined;
}
