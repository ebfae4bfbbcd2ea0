import { defaultLanguage, languages, localizePath } from "../../common/languages";
import { site } from "../../content/site";
import { allArticles } from "./blog.server";
import { getLongPage, longPages } from "./pages.server";
import { chunkSitemap, type SitemapPage, sitemapIndexXml, sitemapUrlLimit } from "./sitemap-chunks";

export type { SitemapPage };

/** The pages a search engine should index, in every language (the newsletter's token pages are not). */
export function sitemapPages(): SitemapPage[] {
  const everywhere = (path: string, lastModified?: string): SitemapPage => ({
    paths: Object.fromEntries(languages.map((language) => [language, localizePath(path, language)])),
    lastModified,
  });
  const newestArticle = allArticles(defaultLanguage)
    .map((article) => article.modifiedDate ?? article.publishDate)
    .sort()
    .at(-1);
  // Grouped once: looking each slug up in every language's list was quadratic at thousands of articles.
  const versionsBySlug = new Map<string, ReturnType<typeof allArticles>>();
  for (const article of languages.flatMap((language) => allArticles(language))) {
    versionsBySlug.set(article.slug, [...(versionsBySlug.get(article.slug) ?? []), article]);
  }
  const articles = [...versionsBySlug].map(([slug, versions]): SitemapPage => {
    return {
      paths: Object.fromEntries(versions.map((article) => [article.language, localizePath(`/blog/${slug}`, article.language)])),
      lastModified: versions
        .map((article) => article.modifiedDate ?? article.publishDate)
        .sort()
        .at(-1),
    };
  });
  return [
    everywhere("/", newestArticle),
    everywhere("/blog", newestArticle),
    ...articles,
    ...longPages.map((page) => everywhere(`/${page}`, getLongPage(page, defaultLanguage).updated)),
    everywhere("/checkout"),
    everywhere("/contact"),
    everywhere("/newsletter"),
    ...(site.trial.enabled ? [everywhere("/trial")] : []),
  ];
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/**
 * The sitemap protocol's XML: one `<url>` per page and language, each listing every language version of
 * the page (itself included) and `x-default`, as search engines ask for `hreflang` in sitemaps.
 */
export function sitemapXml(pages: SitemapPage[], origin: string = site.brand.origin): string {
  const absolute = (path: string) => escapeXml(new URL(path, origin).href);
  const urls = pages.flatMap(({ paths, lastModified }) => {
    const versions = languages.flatMap((language) => (paths[language] ? [[language, paths[language]] as const] : []));
    const fallback = paths[defaultLanguage] ?? versions[0]?.[1];
    const alternates = [
      ...versions.map(([language, path]) => `    <xhtml:link rel="alternate" hreflang="${language}" href="${absolute(path)}"/>`),
      ...(fallback ? [`    <xhtml:link rel="alternate" hreflang="x-default" href="${absolute(fallback)}"/>`] : []),
    ];
    return versions.map(([, path]) =>
      [
        "  <url>",
        `    <loc>${absolute(path)}</loc>`,
        ...(lastModified ? [`    <lastmod>${lastModified}</lastmod>`] : []),
        ...alternates,
        "  </url>",
      ].join("\n"),
    );
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

/**
 * What /sitemap.xml and /sitemap/<n>.xml serve: up to `limit` addresses, /sitemap.xml is the sitemap itself
 * (`chunks` then holds that one file too); beyond, it is an index of the chunks.
 */
export function sitemapDocuments(pages: SitemapPage[], origin: string = site.brand.origin, limit: number = sitemapUrlLimit) {
  const chunks = chunkSitemap(pages, limit);
  const files = chunks.map((chunk) => sitemapXml(chunk, origin));
  return { main: chunks.length > 1 ? sitemapIndexXml(chunks, origin) : (files[0] ?? ""), chunks: files };
}

let served: ReturnType<typeof sitemapDocuments> | undefined;

/** Built once per process, since the content only changes with a new deployment. */
export function servedSitemap(): ReturnType<typeof sitemapDocuments> {
  served ??= sitemapDocuments(sitemapPages());
  return served;
}

/** Pages for one visitor (one-time links, a payment's steps) that no search engine should fetch. */
const privatePages = [
  "/newsletter/confirm",
  "/newsletter/unsubscribe",
  "/reminders/unsubscribe",
  "/checkout/return",
  "/checkout/authenticate",
  "/trial/confirmed",
];

/** robots.txt: everything may be crawled except the private pages, the console and the webhooks; the sitemap is named. */
export function robotsTxt(origin: string = site.brand.origin): string {
  const disallowed = [...languages.flatMap((language) => privatePages.map((path) => localizePath(path, language))), "/admin", "/webhooks/"];
  const sitemap = `Sitemap: ${new URL("/sitemap.xml", origin).href}`;
  return ["User-agent: *", "Allow: /", ...disallowed.map((path) => `Disallow: ${path}`), "", sitemap, ""].join("\n");
}
