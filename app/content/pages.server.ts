import { z } from "zod";
import { claimVariables } from "../../common/claims.ts";
import { type Language, languages } from "../../common/languages";
import { serverConfig } from "../../server/config.ts";
import { formatDate } from "./dates";
import { fillPlaceholders, markdownToHtml, readFrontMatter } from "./markdown.server";

/** The long pages written as Markdown under content/pages/<page>/<language>.md. */
export const longPages = ["about", "terms", "privacy"] as const;
export type LongPage = (typeof longPages)[number];

export interface RenderedPage {
  title: string;
  description: string;
  updated: string;
  /** The date as a reader reads it, written on the server (no date formatter to build in the browser). */
  updatedText: string;
  html: string;
}

const frontMatter = z.object({
  title: z.string().trim().min(1),
  description: z.string().trim().min(1).max(200),
  updated: z
    .union([z.string(), z.date()])
    .transform((value) => (value instanceof Date ? value.toISOString().slice(0, 10) : value))
    .pipe(z.iso.date()),
});

const sources = import.meta.glob<string>("../../content/pages/*/*.md", { query: "?raw", import: "default", eager: true });

/**
 * Parses, checks and renders one page file. A missing field stops the server with the file and field named.
 */
export function renderPage(source: string, file: string, language: Language): RenderedPage {
  const { data, body } = readFrontMatter(source, file, frontMatter);
  // The privacy page states the retention the server applies (ORDER_RETENTION_YEARS), never a copy of it.
  const values = { ...claimVariables(language), orderRetentionYears: String(serverConfig().ORDER_RETENTION_YEARS) };
  return {
    title: fillPlaceholders(data.title, values, file),
    description: fillPlaceholders(data.description, values, file),
    updated: data.updated,
    updatedText: formatDate(data.updated, language),
    html: markdownToHtml(fillPlaceholders(body, values, file)),
  };
}

function renderAll(): Record<LongPage, Record<Language, RenderedPage>> {
  const pages = {} as Record<LongPage, Record<Language, RenderedPage>>;
  for (const page of longPages) {
    pages[page] = {} as Record<Language, RenderedPage>;
    for (const language of languages) {
      const file = `content/pages/${page}/${language}.md`;
      const source = sources[`../../${file}`];
      if (source === undefined) throw new Error(`${file} is missing: every page needs a file in each language.`);
      pages[page][language] = renderPage(source, file, language);
    }
  }
  return pages;
}

/** Rendered once when the server starts, which is also when a broken file is reported. */
const rendered = renderAll();

export function getLongPage(page: LongPage, language: Language): RenderedPage {
  return rendered[page][language];
}
