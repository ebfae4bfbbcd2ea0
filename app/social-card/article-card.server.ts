/**
 * The answer to `/images/social/<language>/blog/<slug>.jpg`: the article's social card, drawn on its first
 * request and kept (decision 0030). An address that names no article is 404; a card that cannot be drawn is
 * told to the log and answered with the blog's own card, so a shared link still shows a picture.
 */
import { isLanguage } from "../../common/languages";
import { site } from "../../content/site";
import { findArticle } from "../content/blog.server";
import { socialImagePath } from "../social-images";
import { type CardContent, cardStamp } from "./card-drawing.server";
import type { CardStore } from "./card-store.server";

/** What the card of the article at this address shows, if the address names one. */
export function articleCardContent(language: string | undefined, file: string | undefined): CardContent | undefined {
  const slug = file?.endsWith(".jpg") ? file.slice(0, -".jpg".length) : undefined;
  if (!isLanguage(language) || !slug) return undefined;
  const article = findArticle(language, slug);
  return article ? { title: article.title, background: article.image, brand: site.brand.name } : undefined;
}

/** As the build's files are kept (server/static-files.ts): an article's title may change, its address does not. */
const cardCache = "public, max-age=3600, stale-while-revalidate=86400";

export interface CardRequest {
  request: Request;
  language: string | undefined;
  file: string | undefined;
  store: CardStore;
  /** Told why a card could not be drawn; the address says which card, nothing about a visitor. */
  onFailure: (error: Error, path: string) => void;
}

export async function answerArticleCard({ request, language, file, store, onFailure }: CardRequest): Promise<Response> {
  const content = articleCardContent(language, file);
  if (!content || !isLanguage(language)) {
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-cache" },
    });
  }
  // The stamp is known without drawing: a revalidation costs a hash, no drawing and no disk.
  const headers = { "Content-Type": "image/jpeg", "Cache-Control": cardCache, ETag: `"${cardStamp(content)}"` };
  if ((request.headers.get("if-none-match") ?? "").includes(headers.ETag)) return new Response(null, { status: 304, headers });
  try {
    const { body } = await store.card(content);
    return new Response(new Uint8Array(body), { headers: { ...headers, "Content-Length": String(body.byteLength) } });
  } catch (error) {
    onFailure(error as Error, new URL(request.url).pathname);
    // Not kept anywhere: the next request tries to draw it again.
    return new Response(null, { status: 307, headers: { Location: socialImagePath(language, "blog"), "Cache-Control": "no-store" } });
  }
}
