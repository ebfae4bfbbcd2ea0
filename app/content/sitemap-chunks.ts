import type { Language } from "../../common/languages";

/** One page of the sitemap: its address in each language it exists in, and when its content last changed. */
export interface SitemapPage {
  paths: Partial<Record<Language, string>>;
  lastModified?: string;
}

/**
 * The most addresses one sitemap file lists before /sitemap.xml becomes an index of several. The protocol
 * allows 50,000 (and 50 MB); each address here carries its alternates, so a file stays far from both limits.
 */
export const sitemapUrlLimit = 10_000;

/** A page is one address per language it exists in. */
export function urlCount(page: SitemapPage): number {
  return Object.values(page.paths).filter(Boolean).length;
}

/** The pages in files of at most `limit` addresses, in order; a page's languages stay in one file. */
export function chunkSitemap(pages: SitemapPage[], limit: number = sitemapUrlLimit): SitemapPage[][] {
  const chunks: SitemapPage[][] = [[]];
  let inLast = 0;
  for (const page of pages) {
    const count = urlCount(page);
    if (inLast > 0 && inLast + count > limit) {
      chunks.push([]);
      inLast = 0;
    }
    chunks.at(-1)?.push(page);
    inLast += count;
  }
  return chunks;
}

/** Where chunk `number` (from 1) is served. */
export function sitemapChunkPath(number: number): string {
  return `/sitemap/${number}.xml`;
}

/** The chunk number a `/sitemap/<n>.xml` address asks for, or undefined if it is not one of `count`. */
export function readChunkNumber(file: string | undefined, count: number): number | undefined {
  const number = Number(/^([1-9]\d{0,5})\.xml$/.exec(file ?? "")?.[1]);
  return number >= 1 && number <= count ? number : undefined;
}

function newest(pages: SitemapPage[]): string | undefined {
  return pages
    .map((page) => page.lastModified)
    .filter((date): date is string => date !== undefined)
    .sort()
    .at(-1);
}

/** The sitemap index protocol's XML: one `<sitemap>` per chunk, with the newest change in it. */
export function sitemapIndexXml(chunks: SitemapPage[][], origin: string): string {
  const entries = chunks.map((pages, at) => {
    const lastModified = newest(pages);
    return [
      "  <sitemap>",
      `    <loc>${new URL(sitemapChunkPath(at + 1), origin).href}</loc>`,
      ...(lastModified ? [`    <lastmod>${lastModified}</lastmod>`] : []),
      "  </sitemap>",
    ].join("\n");
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries,
    "</sitemapindex>",
    "",
  ].join("\n");
}
