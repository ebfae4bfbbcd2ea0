import { describe, expect, it } from "vitest";
import { languages } from "../../common/languages";
import { allArticles } from "./blog.server";
import { robotsTxt, sitemapDocuments, sitemapPages, sitemapXml } from "./sitemap.server";

const origin = "https://example.com";

describe("the sitemap", () => {
  const xml = sitemapXml(sitemapPages(), origin);
  const urls = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, body = ""]) => ({
    loc: body.match(/<loc>([^<]+)<\/loc>/)?.[1],
    alternates: Object.fromEntries([...body.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map(([, lang, href]) => [lang, href])),
  }));

  it("lists every page and every article in every language", () => {
    const locs = urls.map((url) => url.loc);
    for (const path of ["/", "/es", "/fr", "/blog", "/fr/about", "/es/terms", "/privacy", "/es/checkout", "/fr/contact", "/newsletter"]) {
      expect(locs).toContain(new URL(path, origin).href);
    }
    for (const language of languages) {
      for (const article of allArticles(language)) {
        expect(locs).toContain(new URL(`${language === "en" ? "" : `/${language}`}/blog/${article.slug}`, origin).href);
      }
    }
    expect(new Set(locs).size).toBe(locs.length);
    expect(locs.some((loc) => loc?.includes("/newsletter/confirm"))).toBe(false);
    expect(locs.some((loc) => loc?.includes("/reminders/"))).toBe(false);
  });

  it("gives each address its alternates, itself included, and an English x-default", () => {
    for (const url of urls) {
      expect(Object.values(url.alternates)).toContain(url.loc);
      expect(Object.keys(url.alternates).sort()).toEqual(["en", "es", "fr", "x-default"]);
      expect(url.alternates["x-default"]).toBe(url.alternates.en);
    }
  });

  it("is well-formed XML in the sitemap and xhtml namespaces", () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
    expect(xml).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
    expect(xml.match(/<url>/g)?.length).toBe(xml.match(/<\/url>/g)?.length);
  });
});

describe("the sitemap at scale", () => {
  it("stays one file under the limit", () => {
    const { main, chunks } = sitemapDocuments(sitemapPages(), origin);
    expect(main).toContain("<urlset");
    expect(chunks).toEqual([main]);
  });

  it("becomes an index of files that together list every address once the limit is passed", () => {
    const single = sitemapXml(sitemapPages(), origin);
    const { main, chunks } = sitemapDocuments(sitemapPages(), origin, 12);
    expect(main).toContain("<sitemapindex");
    expect(main).not.toContain("<url>");
    expect(chunks.length).toBeGreaterThan(1);
    expect(main.match(/<sitemap>/g)).toHaveLength(chunks.length);
    const locs = (xml: string) => [...xml.matchAll(/<url>\s*<loc>([^<]+)<\/loc>/g)].map(([, loc]) => loc);
    for (const chunk of chunks) expect(locs(chunk).length).toBeLessThanOrEqual(12);
    expect(chunks.flatMap(locs)).toEqual(locs(single));
  });
});

describe("robots.txt", () => {
  it("allows crawling, keeps the one-time newsletter links out and names the sitemap", () => {
    const robots = robotsTxt(origin);
    expect(robots).toContain("User-agent: *\nAllow: /");
    expect(robots).toContain("Disallow: /es/newsletter/confirm");
    expect(robots).toContain("Disallow: /fr/checkout/return");
    expect(robots).toContain("Disallow: /checkout/authenticate");
    for (const path of ["/reminders/unsubscribe", "/es/reminders/unsubscribe", "/fr/reminders/unsubscribe"]) {
      expect(robots).toContain(`Disallow: ${path}\n`);
    }
    expect(robots).toContain("Disallow: /webhooks/");
    expect(robots).toContain("Disallow: /admin\n");
    expect(robots).toContain("Sitemap: https://example.com/sitemap.xml");
  });
});
