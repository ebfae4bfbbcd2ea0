import { expect, test } from "../support/fixtures.ts";
import { wakeApp } from "../support/pages.ts";
import { languages, localized } from "../support/site.ts";

/**
 * Nothing before the first paint but the page (docs/decisions/0007-hydration-after-first-paint.md): the HTML
 * asks for its stylesheet and its hero image, and for no script and no font until it has painted. A public page
 * then loads its app only at the visitor's first interaction (docs/decisions/0034-hydration-on-first-interaction.md).
 */
/** The chunks of the landing sections' code (the blog cards' among them), named after their modules. */
const sectionChunks = ["Plans", "Showcase", "Features", "Testimonials", "BlogTeaser", "Faq", "BlogCard"];

test.describe("first paint", () => {
  for (const language of languages) {
    test(`the landing page in ${language} asks for no script or font before it paints, and for none of its app until used`, async ({
      page,
      request,
    }) => {
      const html = await (await request.get(localized(language, "/"), { headers: { accept: "text/html" } })).text();
      expect(html).not.toMatch(/<link\b[^>]*\brel="modulepreload"/);
      expect(html).not.toMatch(/<link\b[^>]*\bas="font"/);
      // The only script that runs at once imports nothing before a paint: no static import, no src.
      expect(html).not.toMatch(/<script\b[^>]*\bsrc=/);
      expect(html).not.toMatch(/^\s*import \* as/m);
      // Nothing the browser asks for by itself races the paint: the icon is in the page, and the web manifest's
      // link comes once it has painted (docs/decisions/0039-the-manifest-after-the-paint.md).
      expect(html).toMatch(/<link\b[^>]*\brel="icon" href="data:image\/svg\+xml,/);
      expect(html).not.toMatch(/<link\b[^>]*\brel="manifest"/);

      const scripts: string[] = [];
      page.on("request", (asked) => {
        if (asked.url().endsWith(".js")) scripts.push(new URL(asked.url()).pathname);
      });
      await page.goto(localized(language, "/"));
      // Past the page's idle time, when the detection starts, and its requests.
      await page.evaluate(() => new Promise((idle) => requestIdleCallback(idle, { timeout: 3000 })));
      await page.waitForLoadState("networkidle");
      // The paint itself, however long a busy machine takes to record it.
      await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0);
      const { paint, early } = await page.evaluate(() => {
        const firstPaint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN;
        const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
        return {
          paint: firstPaint,
          early: resources.filter((entry) => entry.startTime < firstPaint).map((entry) => `${entry.initiatorType} ${entry.name}`),
        };
      });
      expect(paint).toBeGreaterThan(0);
      expect(
        early.filter((entry) => /\.(js|woff2?)$/.test(entry)),
        "scripts and fonts asked for before the first paint",
      ).toEqual([]);
      // Unused, the page runs only the language detection, and only where it applies: an unprefixed page.
      expect(scripts).toEqual(language === "en" ? [expect.stringMatching(/^\/assets\/language-detection-\w+\.js$/)] : []);
      await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
      await expect(page.locator('head link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");

      // The first interaction wakes the app, which hydrates.
      await wakeApp(page);
      expect(scripts.length).toBeGreaterThan(3);
    });
  }

  test("what hydrates the landing page holds none of the code of its lazy sections, blog cards or not-found page", async ({ request }) => {
    const html = await (await request.get("/", { headers: { accept: "text/html" } })).text();
    // The modules the page imports, then every module they import statically, as the browser would load them.
    const toVisit = [...html.matchAll(/import\("(\/assets\/[^"]+\.js)"\)/g)].map((match) => match[1] ?? "");
    const loaded = new Set<string>();
    while (toVisit.length > 0) {
      const path = toVisit.pop() ?? "";
      if (loaded.has(path)) continue;
      loaded.add(path);
      const code = await (await request.get(path)).text();
      // Static imports only: `import{a}from"./x.js"` and `import"./x.js"`; dynamic `import("./x.js")` loads later.
      for (const match of code.matchAll(/(?:\bfrom|\bimport)\s*"\.\/([^"]+\.js)"/g)) toVisit.push(`/assets/${match[1]}`);
    }
    expect([...loaded].some((path) => path.includes("entry.client"))).toBe(true);
    const lazyChunk = new RegExp(`/(${[...sectionChunks, "NotFoundPage"].join("|")})-`);
    const lazy = [...loaded].filter((path) => lazyChunk.test(path));
    expect(lazy).toEqual([]);
  });

  test("a visitor who does not scroll asks for none of the sections' code; the first scroll asks for all of it", async ({ page }) => {
    const sectionCode = new RegExp(`^/assets/(${sectionChunks.join("|")})-[^/]*\\.js$`);
    const asked = new Set<string>();
    page.on("request", (request) => {
      const name = sectionCode.exec(new URL(request.url()).pathname)?.[1];
      if (name) asked.add(name);
    });
    // A phone, as Lighthouse measures: the hero fills the screen, and no section is near enough to render.
    await page.setViewportSize({ width: 412, height: 823 });
    await page.goto("/");
    // Woken by a key, as the first interaction may be: the app hydrates, and the sections' code waits on.
    await wakeApp(page);
    await page.evaluate(() => new Promise((idle) => requestIdleCallback(idle, { timeout: 3000 })));
    await page.waitForLoadState("networkidle");
    expect([...asked], "section code asked for without a scroll").toEqual([]);

    await page.mouse.wheel(0, 120);
    await expect.poll(() => asked.size).toBe(sectionChunks.length);
  });
});
