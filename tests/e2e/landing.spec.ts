import type { Locator, Page } from "@playwright/test";
import { claimWords, figuresBefore } from "../support/claims.ts";
import { expect, test } from "../support/fixtures.ts";
import { escapeHtml, readHtml } from "../support/html.ts";
import { lazySection, revealLazySections, waitForHydration } from "../support/pages.ts";
import {
  claimFormats,
  formatPrice,
  googlebotUserAgent,
  landingSections,
  languages,
  lazySections,
  list,
  localized,
  planPrice,
  sectionHeadings,
  site,
  t,
} from "../support/site.ts";

/** The largest of the configured lazy-loading margins: a section further than this below the fold must wait. */
const farMarginPx = Math.max(...site.behaviour.lazySectionMarginsPx);

/** The ids of the lazy sections whose top is further below the viewport than any loading margin. */
async function sectionsFarBelow(page: Page): Promise<string[]> {
  return page
    .locator("[data-section]")
    .evaluateAll(
      (sections, margin) =>
        sections.filter((section) => section.getBoundingClientRect().top > window.innerHeight + margin).map((section) => section.id),
      farMarginPx + 50,
    );
}

async function expectNotRendered(page: Page, ids: string[]): Promise<void> {
  for (const id of ids) {
    const section = lazySection(page, id);
    await expect(section, `${id} is far below the viewport`).toHaveAttribute("data-loaded", "false");
    await expect(section.getByRole("heading")).toHaveCount(0);
  }
}

async function showPlans(page: Page): Promise<Locator> {
  const section = lazySection(page, "plans");
  await section.scrollIntoViewIfNeeded();
  await expect(section).toHaveAttribute("data-loaded", "true");
  return section;
}

test.describe("landing page structure", () => {
  test("sections come in the spec's order with their ids, then the footer", async ({ request }) => {
    const html = await (await request.get("/", { headers: { accept: "text/html" } })).text();
    const body = html.slice(html.indexOf("<body"));
    const ids = [...body.matchAll(/<(?:section|div)\b[^>]*\bid="([^"]+)"[^>]*>/g)]
      .map(([, id]) => id)
      .filter((id): id is string => (landingSections as readonly string[]).includes(id ?? ""));
    expect(ids).toEqual([...landingSections]);
    for (const id of lazySections) expect(body).toMatch(new RegExp(`<div\\b[^>]*\\bid="${id}"[^>]*\\bdata-section="${id}"`));
    const faq = body.indexOf('id="faq"');
    const footer = body.indexOf("<footer");
    expect(footer).toBeGreaterThan(faq);
    expect(body.slice(footer)).not.toMatch(/\bdata-section=/);
  });

  test("lazy sections render only when scrolled near, and stay rendered", async ({ page, expectAccessible }) => {
    await page.goto("/");
    await waitForHydration(page);

    const far = await sectionsFarBelow(page);
    expect(far.length, "sections far below the fold on arrival").toBeGreaterThanOrEqual(3);
    expect(far).toContain("faq");
    await expectNotRendered(page, far);

    for (const id of lazySections) {
      const section = lazySection(page, id);
      await section.scrollIntoViewIfNeeded();
      await expect(section).toHaveAttribute("data-loaded", "true");
      await expect(section.getByRole("heading", { level: 2, name: t("en", sectionHeadings[id]) })).toBeVisible();
      await expectNotRendered(page, await sectionsFarBelow(page));
    }

    await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
    await expect(page.locator("#home").getByRole("heading", { level: 1 })).toBeInViewport();
    for (const id of lazySections) {
      await expect(lazySection(page, id)).toHaveAttribute("data-loaded", "true");
      await expect(lazySection(page, id).getByRole("heading", { level: 2, name: t("en", sectionHeadings[id]) })).toBeAttached();
    }
    await expectAccessible(page);
  });

  test("the hero image is preloaded from the head and fetched with high priority", async ({ page, request, expectAccessible }) => {
    const html = await (await request.get("/")).text();
    const preload = readHtml(html).links.find((link) => link.rel === "preload" && link.as === "image");
    expect(preload, "a <link rel=preload as=image> in the head").toBeDefined();
    expect(preload?.imagesrcset).toMatch(/\S/);

    await page.goto("/");
    const hero = page.locator("#home").getByRole("img", { name: t("en", "hero.imageAlt") });
    await expect(hero).toHaveAttribute("fetchpriority", "high");
    await expect(hero).not.toHaveAttribute("loading", "lazy");

    // The preload announces exactly the candidates and sizes of the hero picture's source of that type.
    const headPreload = page.locator('head link[rel="preload"][as="image"]');
    const type = await headPreload.getAttribute("type");
    const source = hero
      .locator("xpath=..")
      .locator(type ? `source[type="${type}"]` : "source")
      .first();
    await expect(headPreload).toHaveAttribute("imagesrcset", (await source.getAttribute("srcset")) ?? "<missing srcset>");
    await expect(headPreload).toHaveAttribute("imagesizes", (await source.getAttribute("sizes")) ?? "<missing sizes>");
    await expectAccessible(page);
  });
});

test.describe("crawlers", () => {
  test.use({ userAgent: googlebotUserAgent });

  test("get every section in the first HTML", async ({ request }) => {
    const response = await request.get("/", { headers: { "user-agent": googlebotUserAgent } });
    expect(response.status()).toBe(200);
    const html = await response.text();
    for (const id of lazySections) {
      const tag = html.match(new RegExp(`<div\\b[^>]*\\bdata-section="${id}"[^>]*>`))?.[0];
      expect(tag, `the ${id} section`).toBeDefined();
      expect(tag).toContain('data-loaded="true"');
      // In place, inside the section's element: not sent apart, hidden, for a script to move in.
      const section = html.slice(html.indexOf(tag ?? ""), html.indexOf("</main>"));
      expect(section).toContain(escapeHtml(t("en", sectionHeadings[id])));
    }
    expect(html).not.toContain('data-loaded="false"');
    expect(html).not.toMatch(/<div hidden id="S:|\$RC\(/);
  });

  test("see every section rendered in the page without scrolling", async ({ page, expectAccessible }) => {
    await page.goto("/");
    for (const id of lazySections) {
      await expect(lazySection(page, id)).toHaveAttribute("data-loaded", "true");
      await expect(lazySection(page, id).getByRole("heading", { level: 2, name: t("en", sectionHeadings[id]) })).toBeAttached();
    }
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expectAccessible(page);
  });
});

test.describe("plans", () => {
  // The landing page (every section, some 2,000 elements) loaded and audited by axe, in up to three states or on two
  // pages: up to 18 s with one of two cores kept busy.
  test.describe.configure({ timeout: 60_000 });
  for (const language of languages) {
    test(`four plans in order with names, prices, 8 features, badges and the viewers choice (${language})`, async ({
      page,
      expectAccessible,
    }) => {
      await page.goto(localized(language, "/"));
      const section = await showPlans(page);
      const cards = section.locator("[data-plan]");
      expect(await cards.evaluateAll((all) => all.map((card) => card.getAttribute("data-plan")))).toEqual([
        "standard",
        "advanced",
        "premium",
        "vip",
      ]);
      await expect(cards.getByRole("heading", { level: 3 })).toHaveText(["Silver", "Gold", "Platinum", "Diamond"]);

      for (const plan of site.plans) {
        const card = section.locator(`[data-plan="${plan.key}"]`);
        await expect(card.locator("[data-price]:visible")).toHaveText(formatPrice(plan.price, language));
        const features = card.getByRole("list", { name: t(language, "plans.featuresLabel", { plan: plan.name }) }).getByRole("listitem");
        await expect(features).toHaveCount(8);
        await expect(features).toHaveText(
          list<string>(language, `plans.items.${plan.key}.features`).map((_, i) => t(language, `plans.items.${plan.key}.features.${i}`)),
        );
      }

      const mostPopular = t(language, "plans.badges.mostPopular");
      const families = t(language, "plans.badges.bestForFamilies");
      for (const plan of site.plans) {
        const card = section.locator(`[data-plan="${plan.key}"]`);
        if (plan.name === "Gold") await expect(card).toContainText(mostPopular);
        else await expect(card).not.toContainText(mostPopular);
        if (plan.name === "Platinum") await expect(card).toContainText(families);
        else await expect(card).not.toContainText(families);
      }
      await expectAccessible(page);

      // The viewers choice updates every price and every plan's checkout link.
      const viewers = section.getByRole("group", { name: t(language, "plans.viewersLegend") });
      await expect(viewers.getByRole("radio")).toHaveCount(site.viewerChoices.length);
      await expect(viewers.getByRole("radio", { name: t(language, "plans.viewers", { count: 1 }), exact: true })).toBeChecked();

      for (const count of [2, 3, 1]) {
        const label = t(language, "plans.viewers", { count });
        const radio = viewers.getByRole("radio", { name: label, exact: true });
        // The radio itself is visually hidden inside its label: choose it the way a visitor does.
        await viewers.getByText(label, { exact: true }).click();
        await expect(radio).toBeChecked();
        for (const plan of site.plans) {
          const card = section.locator(`[data-plan="${plan.key}"]`);
          await expect(card.locator("[data-price]:visible")).toHaveText(formatPrice(planPrice(plan, count), language));
          await expect(card.getByRole("link")).toHaveAttribute("href", localized(language, `/checkout?plan=${plan.key}&viewers=${count}`));
        }
      }
      await expectAccessible(page);
    });
  }
});

test.describe("FAQ", () => {
  // The landing page (every section, some 2,000 elements) loaded and audited by axe, in up to three states or on two
  // pages: up to 18 s with one of two cores kept busy.
  test.describe.configure({ timeout: 60_000 });
  test("8 questions, each opened and closed from the keyboard", async ({ page, expectAccessible }) => {
    await page.goto("/");
    await waitForHydration(page);
    const faqSection = lazySection(page, "faq");
    await faqSection.scrollIntoViewIfNeeded();
    const faq = page.getByRole("region", { name: t("en", "faq.heading") });
    const items = faq.getByRole("group");
    const questions = list<{ question: string; answer: string }>("en", "faq.items");
    expect(questions).toHaveLength(8);
    await expect(items).toHaveCount(8);

    for (const [index, { question }] of questions.entries()) {
      const item = items.nth(index);
      const summary = item.locator("summary");
      await expect(summary).toHaveText(question);
      const answer = item.getByText(t("en", `faq.items.${index}.answer`));
      await expect(answer).toBeHidden();

      const key = index % 2 === 0 ? "Enter" : "Space";
      await summary.focus();
      await page.keyboard.press(key);
      await expect(item).toHaveJSProperty("open", true);
      await expect(answer).toBeVisible();
      if (index === 0) await expectAccessible(page);

      await page.keyboard.press(key === "Enter" ? "Space" : "Enter");
      await expect(item).toHaveJSProperty("open", false);
      await expect(answer).toBeHidden();
    }
  });
});

test.describe("claims", () => {
  // The landing page (every section, some 2,000 elements) loaded and audited by axe, in up to three states or on two
  // pages: up to 18 s with one of two cores kept busy.
  test.describe.configure({ timeout: 60_000 });
  for (const language of languages) {
    test(`every channel and customer figure on the landing and about pages in ${language} is the configured one`, async ({
      page,
      expectAccessible,
    }) => {
      for (const path of ["/", "/about"]) {
        await page.goto(localized(language, path));
        if (path === "/") await revealLazySections(page);
        // The rendered text, with line breaks between blocks (a figure and a word in two blocks are not one phrase).
        const text = `${await page.title()}\n${await page.locator("body").innerText()}`.replace(/[\u00a0\u202f\t ]+/g, " ");

        for (const claim of ["channels", "customers"] as const) {
          const { full, compact } = claimFormats(language, site.claims[claim]);
          const found = figuresBefore(text, claimWords(language, claim), language);
          if (path === "/") expect(found.length, `${claim} figures on the landing page`).toBeGreaterThan(0);
          for (const figure of found) expect([full, compact], `"${figure}" before the word for ${claim} on ${path}`).toContain(figure);
        }

        for (const element of await page.locator("[data-claim]").all()) {
          const claim = (await element.getAttribute("data-claim")) as keyof typeof site.claims;
          expect(Object.keys(site.claims)).toContain(claim);
          const { full, compact } = claimFormats(language, site.claims[claim]);
          expect([full, compact]).toContain((await element.innerText()).replace(/[\u00a0\u202f\s]+/g, " ").trim());
        }
        await expectAccessible(page);
      }
    });
  }
});
