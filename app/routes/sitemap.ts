import { sitemapPages, sitemapXml } from "../content/sitemap.server";

/** /sitemap.xml: built once per process, since the content only changes with a new deployment. */
let body: string | undefined;

export function loader() {
  body ??= sitemapXml(sitemapPages());
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
