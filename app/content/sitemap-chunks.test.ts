import { describe, expect, it } from "vitest";
import { chunkSitemap, readChunkNumber, type SitemapPage, sitemapIndexXml, urlCount } from "./sitemap-chunks";

const page = (name: string, languages = ["en", "es", "fr"], lastModified?: string): SitemapPage => ({
  paths: Object.fromEntries(languages.map((language) => [language, `/${language}/${name}`])),
  lastModified,
});

describe("chunking the sitemap", () => {
  it("counts a page once per language it exists in", () => {
    expect(urlCount(page("a"))).toBe(3);
    expect(urlCount(page("a", ["en"]))).toBe(1);
  });

  it("keeps every page, in order, in files of at most the limit, never splitting a page's languages", () => {
    const pages = Array.from({ length: 10 }, (_, at) => page(`p${at}`, at === 4 ? ["en"] : ["en", "es", "fr"]));
    const chunks = chunkSitemap(pages, 7);
    expect(chunks.flat()).toEqual(pages);
    for (const chunk of chunks) expect(chunk.reduce((sum, one) => sum + urlCount(one), 0)).toBeLessThanOrEqual(7);
    expect(chunks.map((chunk) => chunk.length)).toEqual([2, 3, 2, 2, 1]);
  });

  it("is one file while the pages fit", () => {
    expect(chunkSitemap([page("a"), page("b")], 6)).toHaveLength(1);
    expect(chunkSitemap([], 6)).toEqual([[]]);
  });

  it("reads only the numbers of existing chunks", () => {
    expect(readChunkNumber("1.xml", 3)).toBe(1);
    expect(readChunkNumber("3.xml", 3)).toBe(3);
    for (const file of ["4.xml", "0.xml", "01.xml", "1", "1.xml.gz", "a.xml", undefined]) expect(readChunkNumber(file, 3)).toBeUndefined();
  });

  it("writes an index naming each chunk with its newest change", () => {
    const xml = sitemapIndexXml(
      [[page("a", ["en"], "2026-01-02"), page("b", ["en"], "2026-03-04")], [page("c", ["en"])]],
      "https://example.com",
    );
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => loc)).toEqual([
      "https://example.com/sitemap/1.xml",
      "https://example.com/sitemap/2.xml",
    ]);
    expect(xml.match(/<lastmod>/g)).toHaveLength(1);
    expect(xml).toContain("<lastmod>2026-03-04</lastmod>");
  });
});
