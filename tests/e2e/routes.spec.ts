import type { Route } from "@playwright/test";
import { expect, test } from "../support/fixtures.ts";
import { readHtml } from "../support/html.ts";
import { mainNavigation, revealLazySections, wakeApp } from "../support/pages.ts";
import { markPage, stillSamePage } from "../support/same-page.ts";
import { escapeRegExp, type Language, languages, localized, pagePaths, publicUrl, t } from "../support/site.ts";

/** The language a not-found address is written in. */
const notFoundPaths: { path: string; language: Language }[] = [
  { path: "/no-such-page", language: "en" },
  { path: "/es/nada", language: "es" },
  { path: "/fr/rien-ici", language: "fr" },
  { path: "/blog/no-such-article", language: "en" },
  { path: "/es/blog/no-such-article", language: "es" },
];

test.describe("every route in every language", () => {
  // What crawlers and shared links see: the server's HTML. (Every page is also opened in the browser and
  // audited by axe below, in the accessibility matrix and the navigation tests.)
  for (const language of languages) {
    for (const path of pagePaths) {
      const url = localized(language, path);

      test(`${url} answers 200 in ${language} with one h1, a title, canonical and hreflang links`, async ({ request }) => {
        const response = await request.get(url, { headers: { accept: "text/html" } });
        expect(response.status()).toBe(200);
        const page = readHtml(await response.text());
        expect(page.lang).toBe(language);
        expect(page.h1s).toHaveLength(1);
        expect(page.h1s[0]).toMatch(/\S/);
        expect(page.title).toMatch(/\S/);

        const canonical = page.links.filter((link) => link.rel === "canonical");
        expect(canonical.map((link) => link.href)).toEqual([publicUrl(url)]);
        const alternates = Object.fromEntries(
          page.links.filter((link) => link.rel === "alternate").map((link) => [link.hreflang, link.href]),
        );
        expect(alternates).toEqual({
          en: publicUrl(localized("en", path)),
          es: publicUrl(localized("es", path)),
          fr: publicUrl(localized("fr", path)),
          "x-default": publicUrl(path),
        });
      });
    }
  }
});

test.describe("unknown addresses", () => {
  for (const { path, language } of notFoundPaths) {
    test(`${path} answers 404 with the not-found page in ${language}`, async ({ request }) => {
      const response = await request.get(path, { headers: { accept: "text/html" } });
      expect(response.status()).toBe(404);
      const page = readHtml(await response.text());
      expect(page.lang).toBe(language);
      expect(page.h1s).toEqual([t(language, "notFound.heading")]);
    });

    test(`${path} has the not-found page's title and is kept out of search engines`, async ({ request }) => {
      const response = await request.get(path, { headers: { accept: "text/html" } });
      const page = readHtml(await response.text());
      expect(page.title).toBe(t(language, "meta.notFound.title"));
      expect(page.metas.find((meta) => meta.name === "robots")?.content).toMatch(/noindex/);
    });
  }

  test("/en/about redirects to /about", async ({ request }) => {
    const response = await request.get("/en/about", { maxRedirects: 0 });
    expect([301, 308]).toContain(response.status());
    expect(response.headers().location).toBe("/about");
  });
});

test.describe("pages loaded on demand", () => {
  /** The header's links to pages other than the landing page, with the chunk holding each page's code. */
  const lazyPages = [
    { key: "blog", path: "/blog", chunk: /\/assets\/blog-[^/]*\.js$/, language: "en" },
    { key: "contact", path: "/contact", chunk: /\/assets\/contact-[^/]*\.js$/, language: "es" },
    { key: "about", path: "/about", chunk: /\/assets\/long-page-[^/]*\.js$/, language: "fr" },
  ] as const;

  for (const { key, path, chunk, language } of lazyPages) {
    const target = localized(language, path);
    test(`client-side navigation to ${target} shows the spinner while the page loads`, async ({ page, expectAccessible }) => {
      await page.goto(localized(language, "/"));
      await expectAccessible(page);
      // Client navigation needs the page hydrated, which happens at the first interaction; before, a click is
      // an ordinary page load, with no spinner.
      await wakeApp(page);

      // Hold the page's code and data until the spinner has been seen.
      let release: () => void = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      const hold = async (route: Route) => {
        await released;
        await route.continue();
      };
      await page.route(chunk, hold);
      await page.route(/\.data(\?|$)/, hold);

      await mainNavigation(page, language)
        .getByRole("link", { name: t(language, `nav.${key}`) })
        .click();

      const spinner = page.getByTestId("page-spinner");
      const status = page.getByRole("status").filter({ has: spinner });
      await expect(spinner).toBeVisible();
      await expect(status).toContainText(t(language, "common.loading"));
      release();

      await expect(page).toHaveURL(target);
      await expect(spinner).toHaveCount(0);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(t(language, "notFound.heading"));
      await expectAccessible(page);
    });
  }
});

test.describe("client-side navigation", () => {
  /** Every page other than the landing page, reached through the header or the footer of the landing page. */
  const links = [
    { path: "/blog", landmark: "navigation", key: "nav.blog" },
    { path: "/contact", landmark: "navigation", key: "nav.contact" },
    { path: "/about", landmark: "navigation", key: "nav.about" },
    { path: "/terms", landmark: "contentinfo", key: "footer.terms" },
    { path: "/privacy", landmark: "contentinfo", key: "footer.privacy" },
  ] as const;

  for (const language of languages) {
    for (const { path, landmark, key } of links) {
      const target = localized(language, path);
      test(`a link on the landing page opens ${target} with its title`, async ({ page, expectAccessible }) => {
        await page.goto(localized(language, "/"));
        await expectAccessible(page);
        // Hydrated, so the click is a client navigation (the footer's links too, kept from the server's HTML).
        await wakeApp(page);
        await markPage(page);
        const container = landmark === "navigation" ? mainNavigation(page, language) : page.getByRole("contentinfo");
        await container.getByRole("link", { name: t(language, key), exact: true }).click();
        await expect(page).toHaveURL(target);
        expect(await stillSamePage(page), "a client navigation, not a page load").toBe(true);
        await expect(page.locator("html")).toHaveAttribute("lang", language);
        await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
        await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(t(language, "notFound.heading"));
        await expect(page).toHaveTitle(/\S/);
        await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute("href", publicUrl(target));
        // The first page's tags are gone and the new page's are those the server writes for its address.
        const served = await (await page.request.get(target, { headers: { accept: "text/html" } })).text();
        expect(await page.evaluate(pageHeadTags, null)).toEqual(await page.evaluate(pageHeadTags, served));
        await expectAccessible(page);
      });
    }
  }
});

/**
 * The tags that describe one page (title, meta, canonical and alternate links, structured data), each as
 * text, of the live document or of a page's HTML. Runs in the browser, so both are read the same way.
 */
function pageHeadTags(html: string | null): string[] {
  const head = html ? new DOMParser().parseFromString(html, "text/html").head : document.head;
  const tags = head.querySelectorAll(
    'title, meta[name]:not([name="viewport"], [name="theme-color"]), meta[property], link[rel="canonical"], link[rel="alternate"], script[type="application/ld+json"]',
  );
  return [...tags].map((tag) => {
    const attributes = [...tag.attributes].map((attribute) => `${attribute.name}=${attribute.value}`).sort();
    return `${tag.localName} ${attributes.join(" ")} ${tag.textContent}`;
  });
}

test.describe("accessibility matrix", () => {
  const audited = ["/", "/about", "/terms", "/privacy", "/no-such-page"] as const;
  for (const width of [375, 1280]) {
    test.describe(`${width}px wide`, () => {
      test.use({ viewport: { width, height: width < 700 ? 812 : 800 } });
      for (const language of languages) {
        for (const path of audited) {
          const url = localized(language, path);
          test(`axe finds nothing on ${url} at ${width}px`, async ({ page, consoleErrors, expectAccessible }) => {
            // The browser reports the document's own 404 status as a console error.
            if (path === "/no-such-page") consoleErrors.allow(new RegExp(`status of 404\\b.*${escapeRegExp(url)}\\)$`));
            const response = await page.goto(url);
            expect(response?.status()).toBe(path === "/no-such-page" ? 404 : 200);
            await expect(page.locator("html")).toHaveAttribute("lang", language);
            if (path === "/") await revealLazySections(page);
            if (path === "/no-such-page") {
              await expect(page.getByRole("heading", { level: 1 })).toHaveText(t(language, "notFound.heading"));
              const home = page.getByRole("main").getByRole("link", { name: t(language, "notFound.home"), exact: true });
              await expect(home).toHaveAttribute("href", localized(language, "/"));
            }
            await expectAccessible(page);
          });
        }
      }
    });
  }
});
