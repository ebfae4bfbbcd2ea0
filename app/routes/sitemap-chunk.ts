import { servedSitemap } from "../content/sitemap.server";
import { readChunkNumber } from "../content/sitemap-chunks";
import type { Route } from "./+types/sitemap-chunk";
import { sitemapHeaders } from "./sitemap";

/** /sitemap/<n>.xml: one file of a sitemap index (a small site's only file is its whole sitemap). */
export function loader({ params }: Route.LoaderArgs) {
  const { chunks } = servedSitemap();
  const number = readChunkNumber(params.file, chunks.length);
  if (number === undefined) return new Response(null, { status: 404, headers: { "Cache-Control": "public, max-age=3600" } });
  return new Response(chunks[number - 1], { headers: sitemapHeaders });
}
