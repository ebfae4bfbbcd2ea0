import sharp from "sharp";
import { articlesIn } from "../support/articles.ts";
import { expect, test } from "../support/fixtures.ts";
import { holdPageBeforeItsModule } from "../support/pages.ts";
import { markPage, stillSamePage } from "../support/same-page.ts";
import { type Language, languages, localized, publicUrl, t } from "../support/site.ts";
import { openHydrated } from "../support/store.ts";

const categories = ["guides", "apps", "vpn", "devices"] as const;
const articleLinks = (page: import("@playwright/test").Page) =>
  page.getByRole("main").getByRole("listitem").getByRole("article").getByRole("link");
const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();

test.describe("the blog list", () => {
  for (const language of languages) {
    test(`lists the newest articles first in ${language}, and is accessible`, async ({ page, expectAccessible }) => {
      const articles = articlesIn(language);
      await page.goto(localized(language, "/blog"));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t(language, "blog.heading"));
      await expect(articleLinks(page)).toHaveText(articles.slice(0, 9).map((a) => a.title));
      await expect(page.getByRole("status").filter({ hasText: t(language, "blog.results", { count: articles.length }) })).toBeVisible();
      await expectAccessible();
    });
  }

  test("filters by every category, from the URL and from the filter", async ({ page }) => {
    const articles = articlesIn("en");
    for (const category of categories) {
      await page.goto(`/blog?category=${category}`);
      const expected = articles.filter((a) => a.category === category).map((a) => a.title);
      expect(expected.length).toBeGreaterThanOrEqual(2);
      await expect(articleLinks(page)).toHaveText(expected);
      await expect(page.getByRole("link", { name: t("en", `blog.categories.${category}`) })).toHaveAttribute("aria-current", "page");
    }
    await page
      .getByRole("navigation", { name: t("en", "blog.categoriesLabel") })
      .getByRole("link", { name: t("en", "blog.categories.all") })
      .click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(articleLinks(page)).toHaveCount(Math.min(9, articles.length));
  });

  test("searches from the URL, without JavaScript too", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const articles = articlesIn("en");
    const target = articles[0]!;
    // A word of its title that no other title has, so it must come first.
    const word = target.title
      .split(/[\s:,.?!]+/)
      .find((w) => w.length > 3 && !articles.slice(1).some((other) => fold(other.title).includes(fold(w))))!;
    await page.goto(`/blog?search=${encodeURIComponent(word)}`);
    await expect(articleLinks(page).first()).toHaveText(target.title);
    // The search form is a plain GET form.
    await page.getByRole("searchbox", { name: t("en", "blog.searchLabel") }).fill("kodi");
    await page.getByRole("button", { name: t("en", "blog.searchSubmit") }).click();
    await expect(page).toHaveURL(/\/blog\?search=kodi/);
    await expect(articleLinks(page).first()).toContainText(/kodi/i);
    await context.close();
  });

  test("updates the list and the URL while typing, without reloading", async ({ page }) => {
    await page.goto("/blog");
    await markPage(page);
    await page.getByRole("searchbox", { name: t("en", "blog.searchLabel") }).pressSequentially("buffer", { delay: 40 });
    await expect(page).toHaveURL(/\/blog\?search=buffer$/);
    await expect(articleLinks(page).first()).toContainText(/buffer/i);
    expect(await stillSamePage(page)).toBe(true);
  });

  test("keeps and searches what was typed before the page hydrated", async ({ page }) => {
    // The page's scripts wait until the visitor has typed, as they would on a slow phone.
    let typed = () => {};
    const typedYet = new Promise<void>((resolve) => {
      typed = resolve;
    });
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await typedYet;
      await route.continue();
    });
    await page.goto("/blog", { waitUntil: "commit" });
    await page.getByRole("searchbox", { name: t("en", "blog.searchLabel") }).pressSequentially("buffer");
    typed();
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await expect(page).toHaveURL(/\/blog\?search=buffer$/);
    await expect(articleLinks(page).first()).toContainText(/buffer/i);
  });

  test("wakes and searches what was typed before the page's own script ran", async ({ page }) => {
    // The script that listens for a first interaction ends the page: on a slow phone the visitor may have
    // typed before it arrived. The focus left in the search box says they did.
    const release = await holdPageBeforeItsModule(page, "/blog");
    await page.goto("/blog", { waitUntil: "commit" });
    await page.getByRole("searchbox", { name: t("en", "blog.searchLabel") }).pressSequentially("buffer");
    await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");
    release();
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await expect(page).toHaveURL(/\/blog\?search=buffer$/);
    await expect(articleLinks(page).first()).toContainText(/buffer/i);
  });

  test("ignores accents: a Spanish title is found typed without them", async ({ page }) => {
    const accented = articlesIn("es").find((a) => /[áéíóúñü]/i.test(a.title));
    expect(accented, "an article whose Spanish title has an accent").toBeDefined();
    const word = accented!.title.split(/[\s:,¿?¡!]+/).find((w) => /[áéíóúñü]/i.test(w))!;
    await page.goto(`/es/blog?search=${encodeURIComponent(fold(word))}`);
    await expect(articleLinks(page)).toContainText([accented!.title]);
  });

  test("says when nothing matches and offers to clear the search", async ({ page, expectAccessible }) => {
    await page.goto("/fr/blog?search=zzzyyyxxx");
    await expect(page.getByText(t("fr", "blog.empty", { search: "zzzyyyxxx" }))).toBeVisible();
    await expectAccessible();
    await page.getByRole("link", { name: t("fr", "blog.clearSearch") }).click();
    await expect(page).toHaveURL(/\/fr\/blog$/);
    await expect(articleLinks(page).first()).toBeVisible();
  });

  test("paginates beyond nine articles", async ({ page }) => {
    const articles = articlesIn("en");
    test.skip(articles.length <= 9, "pagination needs more than nine articles");
    await page.goto("/blog");
    const pages = page.getByRole("navigation", { name: t("en", "blog.pagination") });
    await pages.getByRole("link", { name: t("en", "blog.next") }).click();
    await expect(page).toHaveURL(/\/blog\?page=2$/);
    await expect(articleLinks(page)).toHaveText(articles.slice(9, 18).map((a) => a.title));
    await expect(pages.getByRole("link", { name: t("en", "blog.page", { page: 2 }) })).toHaveAttribute("aria-current", "page");
  });
});

test.describe("an article", () => {
  for (const language of languages) {
    test(`renders from Markdown in ${language}, with its facts, related articles and a way back`, async ({ page, expectAccessible }) => {
      const [article] = articlesIn(language);
      const response = await page.goto(localized(language, `/blog/${article!.slug}`));
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(article!.title);
      const main = page.getByRole("main");
      await expect(main.locator(".prose-page h2").first()).toBeVisible();
      await expect(main.locator(".prose-page li").first()).toBeVisible();
      await expect(main.locator(`time[datetime="${article!.publishDate}"]`)).toBeVisible();
      await expect(main.getByText(t(language, `blog.categories.${article!.category}`)).first()).toBeVisible();
      await expect(page.getByRole("heading", { name: t(language, "blog.related") })).toBeVisible();
      await expectAccessible();
      await main.getByRole("link", { name: t(language, "blog.back") }).click();
      await expect(page).toHaveURL(new RegExp(`${localized(language, "/blog")}$`));
    });
  }

  test("a related article opens without a page load, with its own text and related articles", async ({ page, expectAccessible }) => {
    const [article] = articlesIn("es");
    // The article's text is kept from the server's HTML while the page hydrates; its links still navigate in the page.
    await openHydrated(page, localized("es", `/blog/${article!.slug}`));
    await markPage(page);
    const related = page
      .getByRole("region", { name: t("es", "blog.related") })
      .getByRole("link")
      .first();
    const title = (await related.textContent()) ?? "";
    const next = articlesIn("es").find((other) => other.title === title);
    expect(next, "the related card names an article").toBeDefined();
    await related.click();
    await expect(page).toHaveURL(localized("es", `/blog/${next!.slug}`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(next!.title);
    await expect(page.getByRole("main").locator(`time[datetime="${next!.publishDate}"]`).first()).toBeVisible();
    await expect(page.getByRole("region", { name: t("es", "blog.related") }).getByRole("link", { name: next!.title })).toHaveCount(0);
    expect(await stillSamePage(page), "a client navigation, not a page load").toBe(true);
    await expectAccessible();
  });

  test("an unknown slug is the not-found page with status 404", async ({ page, consoleErrors }) => {
    consoleErrors.allow(/status of 404/);
    const response = await page.goto("/es/blog/no-existe");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("es", "notFound.heading"));
  });

  test("carries article metadata only where the value exists", async ({ request }) => {
    const articles = articlesIn("en");
    const withAll = articles.find((a) => a.modifiedDate && a.author);
    const withNone = articles.find((a) => !a.modifiedDate && !a.author);
    expect(withAll && withNone, "one article with modifiedDate and author, one with neither").toBeTruthy();

    const head = async (slug: string) => (await (await request.get(`/blog/${slug}`)).text()).split("</head>")[0]!;
    const full = await head(withAll!.slug);
    expect(full).toContain('<meta property="og:type" content="article"/>');
    expect(full).toContain(`<meta property="article:published_time" content="${withAll!.publishDate}"/>`);
    expect(full).toContain(`<meta property="article:modified_time" content="${withAll!.modifiedDate}"/>`);
    expect(full).toContain(`<meta property="article:author" content="${withAll!.author}"/>`);
    expect(full).toContain(`<meta property="article:section" content="${t("en", `blog.categories.${withAll!.category}`)}"/>`);
    for (const keyword of withAll!.keywords) expect(full).toContain(`<meta property="article:tag" content="${keyword}"/>`);
    expect(full).toContain(`<meta property="og:image" content="${publicUrl(`/images/social/en/blog/${withAll!.slug}.jpg`)}"/>`);
    expect(full).toContain('<meta property="og:image:width" content="1200"/>');
    expect(full).toContain('<meta property="og:image:height" content="630"/>');
    expect(full).toContain('"@type":"BlogPosting"');
    expect(full).toContain('"@type":"BreadcrumbList"');

    const bare = await head(withNone!.slug);
    expect(bare).toContain('<meta property="article:published_time"');
    expect(bare).not.toContain("article:modified_time");
    expect(bare).not.toContain("article:author");

    const list = (await (await request.get("/blog")).text()).split("</head>")[0]!;
    expect(list).toContain('<meta property="og:type" content="website"/>');
    expect(list).not.toContain("article:");
  });
});

test.describe("freshness", () => {
  test("coming back within 60 s asks nothing; after 60 s the data is fetched again", async ({ page }) => {
    await page.clock.install();
    const dataRequests: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes(".data")) dataRequests.push(new URL(request.url()).pathname);
    });
    const [first] = articlesIn("en");
    // Hydrated first: a click before that is a full page load, which asks for no route data at all.
    await openHydrated(page, "/blog");
    await articleLinks(page).filter({ hasText: first!.title }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(first!.title);
    const afterArticle = dataRequests.length;
    expect(afterArticle).toBeGreaterThan(0);

    await page.goBack();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("en", "blog.heading"));
    await page.goForward();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(first!.title);
    expect(dataRequests.length, "no request for pages seen less than a minute ago").toBe(afterArticle);

    await page.clock.fastForward(61_000);
    await page.goBack();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("en", "blog.heading"));
    await expect.poll(() => dataRequests.length).toBeGreaterThan(afterArticle);
  });

  test("the server says the same: blog answers may be kept for 60 s", async ({ request }) => {
    const [first] = articlesIn("en");
    for (const path of ["/blog", `/blog/${first!.slug}`]) {
      expect((await request.get(path)).headers()["cache-control"]).toBe("public, max-age=60");
    }
    // Not `public`: the server's page cache keeps no search results, which would push pages out of it.
    const search = await request.get("/es/blog?search=tv");
    expect(search.headers()["cache-control"]).toBe("max-age=60");
    expect(search.headers()["server-timing"]).toMatch(/^search;dur=[\d.]+;/);
  });
});

test.describe("the landing page's blog teaser", () => {
  for (const language of ["en", "fr"] as Language[]) {
    test(`shows the three newest articles in ${language}`, async ({ page }) => {
      await page.goto(localized(language, "/"));
      const teaser = page.locator('[data-section="blog"]');
      await teaser.scrollIntoViewIfNeeded();
      await expect(teaser).toHaveAttribute("data-loaded", "true");
      await expect(teaser.getByRole("article").getByRole("link")).toHaveText(
        articlesIn(language)
          .slice(0, 3)
          .map((a) => a.title),
      );
      await expect(teaser.getByRole("link", { name: t(language, "blogTeaser.cta") })).toHaveAttribute("href", localized(language, "/blog"));
    });
  }
});

test.describe("an article's social card, drawn on its first request", () => {
  test("the og:image of an article is its JPEG, revalidated by its ETag; an unknown article's is not found", async ({ request }) => {
    const [article] = articlesIn("es");
    const html = await (await request.get(localized("es", `/blog/${article?.slug}`))).text();
    const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1] ?? "";
    expect(image).toBe(publicUrl(`/images/social/es/blog/${article?.slug}.jpg`));
    const card = await request.get(new URL(image).pathname);
    expect(card.status()).toBe(200);
    expect(card.headers()["content-type"]).toBe("image/jpeg");
    expect(await sharp(await card.body()).metadata()).toMatchObject({ width: 1200, height: 630, format: "jpeg" });
    const etag = card.headers().etag ?? "";
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect((await request.get(new URL(image).pathname, { headers: { "If-None-Match": etag } })).status()).toBe(304);
    expect((await request.get("/images/social/es/blog/no-existe.jpg")).status()).toBe(404);
  });
});

test.describe("the blog list's pages, without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the next page is a link with its own canonical address and a way back", async ({ page }) => {
    const articles = articlesIn("en");
    test.skip(articles.length <= 9, "one page of articles only");
    await page.goto("/blog");
    await expect(page.locator('link[rel="next"]')).toHaveAttribute("href", /\/blog\?page=2$/);
    await page
      .getByRole("navigation", { name: t("en", "blog.pagination") })
      .getByRole("link", { name: t("en", "blog.next") })
      .click();
    await expect(page).toHaveURL(/\/blog\?page=2$/);
    await expect(articleLinks(page).first()).toHaveText(articles[9]?.title ?? "");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/blog\?page=2$/);
    await expect(page.locator('link[rel="prev"]')).toHaveAttribute("href", /\/blog$/);
    await expect(page).toHaveTitle(new RegExp(`^${t("en", "blog.pageTitle", { page: 2, title: "" }).trim()}`));
  });

  test("search results are followed but not indexed", async ({ page }) => {
    await page.goto("/blog?search=kodi");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, follow");
  });
});
