/**
 * The first interaction on each page type (decision 0034): a public page loads its app only when the visitor
 * first uses it, so that first tap, focus or scroll is answered by the browser alone, and the app that wakes
 * behind it takes over what the visitor started without undoing it.
 */
import { field } from "../support/checkout.ts";
import { expect, test } from "../support/fixtures.ts";
import { expectExpanded, header, holdAppScripts, lazySection, mainNavigation } from "../support/pages.ts";
import { escapeRegExp, formatPrice, type Language, languages, localized, pagePaths, planPrice, site, t } from "../support/site.ts";

test.use({ viewport: { width: 375, height: 812 } });

const hydrated = (page: import("@playwright/test").Page) => page.locator("html[data-hydrated=true]");

test.describe("the first interaction", () => {
  pagePaths.forEach((path, index) => {
    const language: Language = languages[index % languages.length] ?? "en";
    const url = localized(language, path);
    test(`on ${url}, the first tap opens the menu at once, and the app that wakes keeps it open and takes it over`, async ({
      page,
      expectAccessible,
    }) => {
      await page.goto(url);
      await expect(hydrated(page)).toHaveCount(0);
      // Found by its place: its name changes when the app takes it over.
      const toggle = header(page).locator("details[data-menu] > summary");
      await expect(toggle).toHaveAccessibleName(t(language, "common.openMenu"));
      await toggle.click();
      await expectExpanded(toggle, true);
      await expect(mainNavigation(page, language)).toBeVisible();

      // The app has woken and hydrated with the menu open: React names the toggle for it and closes it on Escape.
      await expect(hydrated(page)).toHaveCount(1);
      await expect(toggle).toHaveAccessibleName(t(language, "common.closeMenu"));
      await expectExpanded(toggle, true);
      await expectAccessible(page);
      await page.keyboard.press("Escape");
      await expectExpanded(toggle, false);
      await expect(mainNavigation(page, language)).toBeHidden();
      await expect(toggle).toBeFocused();
    });
  });

  test("before the app has woken, a section link chosen in the menu scrolls to the section and closes the menu", async ({ page }) => {
    // The tap wakes the app (decision 0034): its scripts are held, as on a slow link, so the page answers alone.
    const release = await holdAppScripts(page);
    await page.goto(localized("es", "/"));
    const toggle = header(page).locator("details[data-menu] > summary");
    await toggle.click();
    await expectExpanded(toggle, true);
    await mainNavigation(page, "es")
      .getByRole("link", { name: t("es", "nav.plans"), exact: true })
      .click();
    await expectExpanded(toggle, false);
    await expect(mainNavigation(page, "es")).toBeHidden();
    await expect(page).toHaveURL(/#plans$/);
    await expect(lazySection(page, "plans")).toBeInViewport();
    await expect(hydrated(page)).toHaveCount(0);

    release();
    await expect(hydrated(page)).toHaveCount(1);
    await toggle.click();
    await expectExpanded(toggle, true);
    await expect(toggle).toHaveAccessibleName(t("es", "common.closeMenu"));
  });

  test("on the checkout, the field tapped first keeps the focus while the app wakes, then is checked as before", async ({
    page,
    expectAccessible,
  }) => {
    await page.goto(localized("es", "/checkout"));
    const email = field(page, "es", "email");
    await email.click();
    await expect(hydrated(page)).toHaveCount(1);
    await expect(email).toBeFocused();
    await email.pressSequentially("ana@");
    await page.keyboard.press("Tab");
    await expect(email).toHaveAccessibleDescription(new RegExp(escapeRegExp(t("es", "checkout.errors.email"))));
    await expectAccessible(page);
  });

  test("on the landing page, the first scroll wakes the app, the plans render, and a viewer count prices them", async ({
    page,
    expectAccessible,
  }) => {
    await page.goto(localized("fr", "/"));
    await expect(hydrated(page)).toHaveCount(0);
    await lazySection(page, "plans").scrollIntoViewIfNeeded();
    await expect(lazySection(page, "plans")).toHaveAttribute("data-loaded", "true");
    const count = site.viewerChoices[1] ?? 2;
    const label = t("fr", "plans.viewers", { count });
    const section = lazySection(page, "plans");
    await section.getByText(label, { exact: true }).click();
    await expect(section.getByRole("radio", { name: label, exact: true })).toBeChecked();
    for (const plan of site.plans) {
      await expect(section.locator(`[data-plan="${plan.key}"] [data-price]:visible`)).toHaveText(formatPrice(planPrice(plan, count), "fr"));
    }
    await expectAccessible(page);
  });
});
