import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures.ts";
import { expectExpanded, header, holdAppScripts, mainNavigation, scrollTo, waitForHydration } from "../support/pages.ts";
import { escapeRegExp, site, t } from "../support/site.ts";

const threshold = site.behaviour.headerScrollThresholdPx;
const sectionLinks = ["home", "plans", "features", "faq"] as const;
const pageLinks = [
  { key: "blog", path: "/blog", heading: "blog.heading" },
  { key: "about", path: "/about", heading: null },
  { key: "contact", path: "/contact", heading: "contact.heading" },
] as const;
/** The header's links in the spec's order. */
const navOrder = ["home", "plans", "features", "blog", "about", "contact", "faq"] as const;

/** The alpha channel of a computed CSS colour (`rgba(…, a)`, `rgb(…)`, `transparent`). */
function alpha(color: string): number {
  if (color === "transparent") return 0;
  const parts = color.match(/[\d.]+/g)?.map(Number) ?? [];
  return parts.length >= 4 ? (parts[3] ?? 1) : 1;
}

async function headerBackground(page: Page): Promise<{ alpha: number; shadow: string }> {
  const { color, shadow } = await header(page).evaluate((element) => {
    const style = getComputedStyle(element);
    return { color: style.backgroundColor, shadow: style.boxShadow };
  });
  return { alpha: alpha(color), shadow };
}

/** The section has been scrolled to: its top is in the upper half of the viewport. */
async function expectScrolledTo(page: Page, id: string): Promise<void> {
  const section = page.locator(`#${id}`);
  await expect(section).toBeInViewport();
  await expect
    .poll(
      () =>
        section.evaluate((element) => {
          const top = element.getBoundingClientRect().top;
          return top >= -10 && top < window.innerHeight / 2;
        }),
      { message: `#${id} is scrolled to the top of the viewport` },
    )
    .toBe(true);
}

test.describe("header on a wide screen", () => {
  // Each test loads the landing page (every section, some 2,000 elements) and has axe audit it, twice: 6 to 15 s
  // on a quiet machine's share, up to 27 s with one of two cores kept busy.
  test.describe.configure({ timeout: 60_000 });
  test.use({ viewport: { width: 1280, height: 800 } });

  test(`lists the spec's links; is transparent at the top and solid after scrolling past ${threshold}px`, async ({
    page,
    expectAccessible,
  }) => {
    await page.goto("/");
    await waitForHydration(page);
    const banner = header(page);
    // The spec's links, in order, and the Subscribe Now button.
    await expect(mainNavigation(page, "en").getByRole("link")).toHaveText(navOrder.map((key) => t("en", `nav.${key}`)));
    await expect(banner.getByRole("link", { name: t("en", "nav.subscribe"), exact: true })).toBeVisible();

    await expect(banner).toHaveAttribute("data-scrolled", "false");
    await expect.poll(async () => (await headerBackground(page)).alpha).toBe(0);
    await expectAccessible(page);

    await scrollTo(page, threshold + 10);
    await expect(banner).toHaveAttribute("data-scrolled", "true");
    await expect.poll(async () => (await headerBackground(page)).alpha).toBeGreaterThanOrEqual(0.8);
    expect((await headerBackground(page)).shadow).not.toBe("none");

    await scrollTo(page, threshold - 10);
    await expect(banner).toHaveAttribute("data-scrolled", "false");
    await expect.poll(async () => (await headerBackground(page)).alpha).toBe(0);
  });

  test(`before the app has woken, the bar is solid past ${threshold}px too, by CSS alone`, async ({ page }) => {
    // The scroll wakes the app (decision 0034): its scripts are held, as on a slow link, so the CSS answers.
    const release = await holdAppScripts(page);
    await page.goto("/about");
    await expect.poll(async () => (await headerBackground(page)).alpha).toBe(0);
    await scrollTo(page, threshold + 10);
    await expect.poll(async () => (await headerBackground(page)).alpha).toBeGreaterThanOrEqual(0.8);
    expect((await headerBackground(page)).shadow).not.toBe("none");
    await scrollTo(page, threshold - 10);
    await expect.poll(async () => (await headerBackground(page)).alpha).toBe(0);
    await expect(page.locator("html[data-hydrated]")).toHaveCount(0);

    release();
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    await scrollTo(page, threshold + 10);
    await expect(header(page)).toHaveAttribute("data-scrolled", "true");
    await expect.poll(async () => (await headerBackground(page)).alpha).toBeGreaterThanOrEqual(0.8);
  });

  for (const id of sectionLinks) {
    test(`${id} scrolls to its section on the landing page`, async ({ page, expectAccessible }) => {
      await page.goto("/");
      await waitForHydration(page);
      await expectAccessible(page);
      // Start away from the target: the home section is the top of the page.
      if (id === "home") await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: "instant" }));
      await mainNavigation(page, "en")
        .getByRole("link", { name: t("en", `nav.${id}`), exact: true })
        .click();
      await expectScrolledTo(page, id);
      await expect(page).toHaveURL(new RegExp(`/#${id}$`));
      await expectAccessible(page);
    });
  }

  test("Subscribe Now scrolls to the plans", async ({ page, expectAccessible }) => {
    await page.goto("/");
    await waitForHydration(page);
    await expectAccessible(page);
    await header(page)
      .getByRole("link", { name: t("en", "nav.subscribe"), exact: true })
      .click();
    await expectScrolledTo(page, "plans");
    await expect(page).toHaveURL(/\/#plans$/);
    await expectAccessible(page);
  });

  for (const id of sectionLinks) {
    test(`${id} from /about goes to the landing page and scrolls to its section`, async ({ page, expectAccessible }) => {
      await page.goto("/about");
      await waitForHydration(page);
      await expectAccessible(page);
      await mainNavigation(page, "en")
        .getByRole("link", { name: t("en", `nav.${id}`), exact: true })
        .click();
      await expect(page).toHaveURL(new RegExp(`^[^#]*://[^/]+/#${id}$`));
      await expect(page.locator("#home").getByRole("heading", { level: 1 })).toHaveText(t("en", "hero.title"));
      await expectScrolledTo(page, id);
      await expectAccessible(page);
    });
  }

  for (const { key, path, heading } of pageLinks) {
    test(`${key} opens ${path}`, async ({ page, expectAccessible }) => {
      await page.goto("/");
      await waitForHydration(page);
      await expectAccessible(page);
      await mainNavigation(page, "en")
        .getByRole("link", { name: t("en", `nav.${key}`), exact: true })
        .click();
      await expect(page).toHaveURL(path);
      const h1 = page.getByRole("heading", { level: 1 });
      if (heading) await expect(h1).toHaveText(t("en", heading));
      else await expect(h1).toBeVisible();
      await expect(h1).not.toHaveText(t("en", "notFound.heading"));
      await expectAccessible(page);
    });
  }

  test("the logo goes to the landing page", async ({ page, expectAccessible }) => {
    await page.goto("/contact");
    await waitForHydration(page);
    await expectAccessible(page);
    await header(page)
      .getByRole("link", { name: t("en", "common.homeLink"), exact: true })
      .click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("en", "hero.title"));
    await expectAccessible(page);
  });
});

test.describe("header on a small screen", () => {
  // Each test loads the landing page (every section, some 2,000 elements) and has axe audit it, twice: 6 to 15 s
  // on a quiet machine's share, up to 27 s with one of two cores kept busy.
  test.describe.configure({ timeout: 60_000 });
  test.use({ viewport: { width: 375, height: 812 } });

  const toggleName = new RegExp(`^(${escapeRegExp(t("en", "common.openMenu"))}|${escapeRegExp(t("en", "common.closeMenu"))})$`);

  test("the menu toggle opens the menu, and choosing a link closes it", async ({ page, expectAccessible }) => {
    await page.goto("/");
    await waitForHydration(page);
    const toggle = header(page).getByLabel(toggleName);
    const menu = mainNavigation(page, "en");
    await expectExpanded(toggle, false);
    await expect(toggle).toHaveAccessibleName(t("en", "common.openMenu"));
    await expect(menu).toBeHidden();
    await expectAccessible(page);

    await toggle.click();
    await expectExpanded(toggle, true);
    await expect(toggle).toHaveAccessibleName(t("en", "common.closeMenu"));
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("listitem")).toHaveCount(navOrder.length);
    await expect(menu.getByRole("list").getByRole("link")).toHaveText(navOrder.map((key) => t("en", `nav.${key}`)));
    await expect(menu.getByRole("link", { name: t("en", "nav.subscribe"), exact: true })).toBeVisible();
    await expectAccessible(page);

    await menu.getByRole("link", { name: t("en", "nav.features"), exact: true }).click();
    await expectExpanded(toggle, false);
    await expect(menu).toBeHidden();
    await expectScrolledTo(page, "features");
    await expectAccessible(page);
  });

  test("a page link in the menu navigates and closes the menu", async ({ page, expectAccessible }) => {
    await page.goto("/");
    await waitForHydration(page);
    await expectAccessible(page);
    const toggle = header(page).getByLabel(toggleName);
    await toggle.click();
    await mainNavigation(page, "en")
      .getByRole("link", { name: t("en", "nav.contact"), exact: true })
      .click();
    await expect(page).toHaveURL("/contact");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("en", "contact.heading"));
    await expectExpanded(toggle, false);
    await expect(mainNavigation(page, "en")).toBeHidden();
    await expectAccessible(page);
  });

  test("the menu works from the keyboard: Tab, Enter, Escape returns focus to the toggle", async ({ page, expectAccessible }) => {
    await page.goto("/");
    await waitForHydration(page);
    const toggle = header(page).getByLabel(toggleName);

    let presses = 0;
    while (!(await toggle.evaluate((element) => element === document.activeElement))) {
      expect(presses++, "Tab presses to reach the menu toggle").toBeLessThan(10);
      await page.keyboard.press("Tab");
    }
    await page.keyboard.press("Enter");
    await expectExpanded(toggle, true);
    const menu = mainNavigation(page, "en");
    await expect(menu).toBeVisible();

    await page.keyboard.press("Tab");
    await expect(menu.getByRole("link", { name: t("en", "nav.home"), exact: true })).toBeFocused();
    await expectAccessible(page);

    await page.keyboard.press("Escape");
    await expectExpanded(toggle, false);
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();
  });
});
