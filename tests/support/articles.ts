/** The blog's articles as the operator wrote them (content/blog/<slug>/<language>.md), for the tests. */
import { readdirSync, readFileSync } from "node:fs";
import { parse } from "yaml";
import { claimVariables, type Language, normalizeSpaces } from "./site.ts";

export interface ArticleFile {
  slug: string;
  title: string;
  description: string;
  category: string;
  publishDate: string;
  modifiedDate?: string;
  author?: string;
  keywords: string[];
}

const root = new URL("../../content/blog/", import.meta.url);
const asDate = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : (value as string | undefined));

export function articlesIn(language: Language): ArticleFile[] {
  const values = claimVariables(language);
  const fill = (text: unknown) =>
    normalizeSpaces(String(text).replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => values[name] ?? "")).trim();
  return readdirSync(root)
    .map((slug) => {
      const source = readFileSync(new URL(`${slug}/${language}.md`, root), "utf8");
      const data = parse(source.split(/^---$/m)[1] ?? "") as Record<string, unknown>;
      const keywords = data.keywords;
      return {
        slug,
        title: fill(data.title),
        description: fill(data.description),
        category: String(data.category),
        publishDate: asDate(data.publishDate) ?? "",
        modifiedDate: asDate(data.modifiedDate),
        author: data.author ? String(data.author) : undefined,
        keywords: (Array.isArray(keywords) ? keywords : String(keywords).split(",")).map((k) => String(k).trim()),
      };
    })
    .sort((a, b) => b.publishDate.localeCompare(a.publishDate) || a.slug.localeCompare(b.slug));
}
