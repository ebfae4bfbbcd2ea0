import { servedSitemap } from "../content/sitemap.server";

export const sitemapHeaders = { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" };

/** /sitemap.xml: the sitemap, or past sitemapUrlLimit addresses an index of /sitemap/<n>.xml. */
export function loader() {
  return new Response(servedSitemap().main, { headers: sitemapHeaders });
}
