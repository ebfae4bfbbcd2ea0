import { describe, expect, it } from "vitest";
import { allArticles } from "../content/blog.server";
import { answerArticleCard, articleCardContent } from "./article-card.server";
import { type CardContent, cardStamp } from "./card-drawing.server";
import type { CardStore } from "./card-store.server";

const [article] = allArticles("fr");
if (!article) throw new Error("The blog has no article to test with.");
const address = `http://localhost/images/social/fr/blog/${article.slug}.jpg`;
const jpegStore: CardStore = { card: async () => ({ body: Buffer.from([0xff, 0xd8, 0xff]), stamp: "abc" }) };
const etag = () => `"${cardStamp(articleCardContent("fr", `${article?.slug}.jpg`) as CardContent)}"`;

function ask(options: { file?: string; language?: string; headers?: HeadersInit; store?: CardStore } = {}) {
  const failures: string[] = [];
  const answer = answerArticleCard({
    request: new Request(address, { headers: options.headers }),
    language: options.language ?? "fr",
    file: options.file ?? `${article?.slug}.jpg`,
    store: options.store ?? jpegStore,
    onFailure: (error, path) => failures.push(`${path}: ${error.message}`),
  });
  return { answer, failures };
}

describe("an article's social card", () => {
  it("shows the article's title in its language over its artwork", () => {
    expect(articleCardContent("fr", `${article.slug}.jpg`)).toEqual({
      title: article.title,
      background: article.image,
      brand: expect.any(String),
    });
  });

  it("is a JPEG that caches may keep and revalidate by its stamp", async () => {
    const response = await ask().answer;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/jpeg");
    expect(response.headers.get("ETag")).toBe(etag());
    expect(response.headers.get("Cache-Control")).toMatch(/^public, /);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(new Uint8Array([0xff, 0xd8, 0xff]));
  });

  it("is revalidated by its stamp without being drawn or read", async () => {
    const untouched: CardStore = { card: () => Promise.reject(new Error("the store was asked")) };
    const again = await ask({ headers: { "If-None-Match": etag() }, store: untouched }).answer;
    expect(again.status).toBe(304);
    expect(again.headers.get("ETag")).toBe(etag());
    expect((await ask({ headers: { "If-None-Match": '"another"' } }).answer).status).toBe(200);
  });

  it("is not found for an unknown slug, language or file type", async () => {
    for (const wrong of [{ file: "no-such-article.jpg" }, { language: "de" }, { file: `${article.slug}.png` }, { file: article.slug }]) {
      expect((await ask(wrong).answer).status, JSON.stringify(wrong)).toBe(404);
    }
  });

  it("falls back to the blog's card when it cannot be drawn, and tells the log which card", async () => {
    const { answer, failures } = ask({ store: { card: () => Promise.reject(new Error("out of memory")) } });
    const response = await answer;
    expect(response.status).toBe(307);
    expect(response.headers.get("Location")).toBe("/images/social/fr/blog.jpg");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(failures).toEqual([`/images/social/fr/blog/${article.slug}.jpg: out of memory`]);
  });
});
