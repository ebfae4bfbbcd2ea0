import { describe, expect, it } from "vitest";
import { parseArticle } from "../../app/content/blog.server";
import { languages } from "../../common/languages";
import { fixtureArticle, slugify } from "./blog-corpus";

describe("the blog fixture", () => {
  const articles = Array.from({ length: 200 }, (_, index) => fixtureArticle(index));

  it("passes the content checks of real articles, in every language", () => {
    for (const { slug, files } of articles.slice(0, 40)) {
      const versions = languages.map((language) => parseArticle(files[language], `${slug}/${language}.md`, slug, language));
      expect(new Set(versions.map((version) => `${version.category} ${version.publishDate}`)).size).toBe(1);
      for (const version of versions) expect(version.html).not.toContain("{{");
    }
  });

  it("gives every article its own slug, and varies titles, categories and years", () => {
    expect(new Set(articles.map((article) => article.slug)).size).toBe(articles.length);
    for (const { slug } of articles) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    const parsed = articles.map(({ slug, files }) => parseArticle(files.en, "en.md", slug, "en"));
    expect(new Set(parsed.map((article) => article.title)).size).toBeGreaterThan(40);
    expect(new Set(parsed.map((article) => article.category)).size).toBe(4);
    expect(new Set(parsed.map((article) => article.publishDate.slice(0, 4))).size).toBeGreaterThanOrEqual(3);
  });

  it("is the same on every run", () => {
    expect(fixtureArticle(7)).toEqual(fixtureArticle(7));
  });

  it("makes slugs of plain lower-case words", () => {
    expect(slugify("Setting up {{brand}} on a Samsung TV")).toBe("setting-up-on-a-samsung-tv");
    expect(slugify("Qualité d’image: Télé")).toBe("qualite-d-image-tele");
  });
});
