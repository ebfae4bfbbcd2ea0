import { describe, expect, it } from "vitest";
import { languages } from "../../common/languages";
import { allArticles, listArticles, parseArticle, readBlogQuery, relatedArticles } from "./blog.server";

const article = (frontMatter: string, body = "Read [the guide](/blog/other) or see [plans](/#plans).") =>
  `---\n${frontMatter}\n---\n${body}`;
const complete = `title: A title\ndescription: A description.\nimage: blog-smart-tv\nimageAlt: A TV\npublishDate: 2026-07-01\nkeywords: [tv, setup]\ncategory: devices`;

describe("an article file", () => {
  it("accepts keywords as a list or as a comma-separated text", () => {
    expect(parseArticle(article(complete), "a.md", "a", "en").keywords).toEqual(["tv", "setup"]);
    const asText = complete.replace("keywords: [tv, setup]", 'keywords: "tv, setup , smart tv"');
    expect(parseArticle(article(asText), "a.md", "a", "en").keywords).toEqual(["tv", "setup", "smart tv"]);
  });

  it("writes its dates out in its language on the server", () => {
    const withUpdate = `${complete}\nmodifiedDate: 2026-08-15`;
    expect(parseArticle(article(withUpdate), "a.md", "a", "es")).toMatchObject({
      publishDateText: "1 de julio de 2026",
      modifiedDateText: "15 de agosto de 2026",
    });
    expect(parseArticle(article(complete), "a.md", "a", "en").modifiedDateText).toBeUndefined();
  });

  it("keeps optional fields only when they exist", () => {
    const parsed = parseArticle(article(complete), "a.md", "a", "en");
    expect(parsed).not.toHaveProperty("modifiedDate");
    expect(parsed).not.toHaveProperty("author");
    const withBoth = parseArticle(article(`${complete}\nmodifiedDate: 2026-08-01\nauthor: Lena`), "a.md", "a", "en");
    expect(withBoth.modifiedDate).toBe("2026-08-01");
    expect(withBoth.author).toBe("Lena");
  });

  it("names the file and the field that is wrong", () => {
    expect(() => parseArticle(article(complete.replace("category: devices", "category: news")), "content/blog/a/fr.md", "a", "fr")).toThrow(
      /content\/blog\/a\/fr\.md: "category"/,
    );
    expect(() => parseArticle(article(complete.replace("image: blog-smart-tv", "image: nope")), "x.md", "a", "en")).toThrow(
      /"image" is not an image listed in app\/images\.ts/,
    );
    expect(() => parseArticle(article(complete.replace(/title: .*\n/, "")), "x.md", "a", "en")).toThrow(/"title"/);
  });

  it("points internal links at the article's language", () => {
    const parsed = parseArticle(article(complete), "a.md", "a", "es");
    expect(parsed.html).toContain('href="/es/blog/other"');
    expect(parsed.html).toContain('href="/es#plans"');
  });

  it("estimates the reading time", () => {
    const long = parseArticle(article(complete, "word ".repeat(1100)), "a.md", "a", "en");
    expect(long.readingMinutes).toBe(5);
  });
});

describe("the blog's articles", () => {
  it("exist in every language with the same slugs, newest first", () => {
    const slugs = allArticles("en").map((a) => a.slug);
    expect(slugs.length).toBeGreaterThanOrEqual(9);
    for (const language of languages) expect(allArticles(language).map((a) => a.slug)).toEqual(slugs);
    const dates = allArticles("en").map((a) => a.publishDate);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it("have at least two articles in every category", () => {
    for (const category of ["guides", "apps", "vpn", "devices"] as const) {
      expect(listArticles("en", { search: "", category, page: 1 }).total).toBeGreaterThanOrEqual(2);
    }
  });

  it("paginate by nine", () => {
    const first = listArticles("en", { search: "", category: "all", page: 1 });
    expect(first.articles).toHaveLength(Math.min(9, first.total));
    expect(first.pageCount).toBe(Math.ceil(first.total / 9));
    const beyond = listArticles("en", { search: "", category: "all", page: 99 });
    expect(beyond.page).toBe(beyond.pageCount);
  });

  it("relate articles of the same category first", () => {
    const [first] = allArticles("fr");
    const related = relatedArticles(first!);
    expect(related.length).toBe(3);
    expect(related.map((a) => a.slug)).not.toContain(first!.slug);
    const sameCategory = allArticles("fr").filter((a) => a.category === first!.category && a.slug !== first!.slug).length;
    expect(related.slice(0, Math.min(3, sameCategory)).every((a) => a.category === first!.category)).toBe(true);
  });
});

describe("reading the list's query", () => {
  it("is lenient with what people type in the address bar", () => {
    expect(readBlogQuery(new URLSearchParams("search=vpn&category=apps&page=2"))).toEqual({ search: "vpn", category: "apps", page: 2 });
    expect(readBlogQuery(new URLSearchParams("category=news&page=-3"))).toEqual({ search: "", category: "all", page: 1 });
    expect(readBlogQuery(new URLSearchParams(`search=${"x".repeat(500)}`)).search).toHaveLength(100);
  });
});
