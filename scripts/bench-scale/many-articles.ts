/**
 * The blog at scale's articles (issue 22): a thousand articles in each language, written into a copy of the
 * project's `content/blog`. Each is one of the real articles (its text, in the same language, so search and
 * pages meet real words and real lengths) under a slug and title of its own and a date spread over three
 * years, so the list, the search, the feeds and the sitemap have a shop's worth of writing to handle.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type Language, languages } from "../../common/languages.ts";

/** Words that make each copy's title its own, in each language. */
const titleSuffix: Record<Language, (n: number) => string> = {
  en: (n) => `, reader question ${n}`,
  es: (n) => `, pregunta de lector ${n}`,
  fr: (n) => `, question de lecteur ${n}`,
};

const maxTitle = 110;
const dayMs = 24 * 60 * 60_000;

export interface FixtureArticle {
  slug: string;
  files: Record<Language, string>;
}

/** Front matter value `name: "…"` of a Markdown source, changed by `change`. */
function withField(source: string, name: string, change: (value: string) => string): string {
  return source.replace(new RegExp(`^${name}: (.*)$`, "m"), (_, value: string) => {
    const text = value.startsWith('"') ? (JSON.parse(value) as string) : value;
    return `${name}: ${JSON.stringify(change(text))}`;
  });
}

/** The `n`th article of the fixture (from 0), made from `bases` (real articles, each in every language). */
export function copiedArticle(n: number, bases: { slug: string; files: Record<Language, string> }[], newest: Date): FixtureArticle {
  const base = bases[n % bases.length];
  if (!base) throw new Error("the fixture needs at least one real article to copy");
  // Three years back from the newest, a day or so apart, so every page of the list has its own dates.
  const published = new Date(newest.getTime() - Math.floor((n * 3 * 365 * dayMs) / 1000)).toISOString().slice(0, 10);
  const files = Object.fromEntries(
    languages.map((language) => {
      const suffix = titleSuffix[language](n + 1);
      let source = withField(base.files[language], "title", (title) => `${title.slice(0, maxTitle - suffix.length).trimEnd()}${suffix}`);
      source = source.replace(/^publishDate: .*$/m, `publishDate: ${published}`).replace(/^modifiedDate: .*\n/m, "");
      return [language, source];
    }),
  ) as Record<Language, string>;
  return { slug: `${base.slug}-${n + 1}`, files };
}

/** The real articles of a `content/blog` folder. */
export function readArticles(folder: string): { slug: string; files: Record<Language, string> }[] {
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => ({
      slug: entry.name,
      files: Object.fromEntries(
        languages.map((language) => [language, readFileSync(join(folder, entry.name, `${language}.md`), "utf8")]),
      ) as Record<Language, string>,
    }));
}

/** Adds `count` fixture articles per language to `folder` (a copy's `content/blog`), next to the real ones. */
export function writeManyArticles(folder: string, count: number, newest = new Date()): number {
  const bases = readArticles(folder);
  for (let n = 0; n < count; n++) {
    const article = copiedArticle(n, bases, newest);
    mkdirSync(join(folder, article.slug), { recursive: true });
    for (const language of languages) writeFileSync(join(folder, article.slug, `${language}.md`), article.files[language]);
  }
  return bases.length + count;
}
