/**
 * Every control of the public pages works in a browser that runs no script: the menu and the language
 * picker are disclosures, the landing sections come whole from `<noscript>`, and the viewer count prices
 * the plans through CSS. The same holds in the seconds before a script has run.
 */
import type { Page } from "@playwright/test";
import { expect, type Fixtures, test } from "../support/fixtures.ts";
import { expectExpanded, header, languagePickerButton, mainNavigation } from "../support/pages.ts";
import { formatPrice, lazySections, localized, planPrice, sectionHeadings, site, t } from "../support/site.ts";

test.use({ javaScriptEnabled: false });

/**
 * Audits what a browser without scripts shows. axe needs a script of its own, and a page with scripting
 * off runs none; so the page's DOM as it stands (checked radios and open disclosures included) is served
 * at the same address to a page with scripting on, without its scripts and with each `<noscript>` as the
 * `<div>` it renders as.
 */
async function expectAccessibleAsShown(page: Page, expectAccessible: Fixtures["expectAccessible"]): Promise<void> {
  await page.evaluate(() => {
    for (const input of document.querySelectorAll("input")) input.toggleAttribute("checked", input.checked);
  });
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/g, "").replace(/<(\/?)noscript>/g, "<$1div>");
  const context = await page.context().browser()!.newContext({ javaScriptEnabled: true, viewport: page.viewportSize() });
  const shown = await context.newPage();
  await shown.route(page.url(), (route) => route.fulfill({ contentType: "text/html; charset=utf-8", body: html }));
  await shown.goto(page.url());
  await expectAccessible(shown);
  await context.close();
}

function menuToggle(page: Page) {
  return header(page).getByLabel(t("fr", "common.openMenu"), { exact: true });
}

test.describe("on a phone, without JavaScript", () => {
  // Each audit opens the page again in a second browser context (axe needs a script; these pages run none): with
  // a page load before it, up to 30 s with one of two cores kept busy.
  test.describe.configure({ timeout: 60_000 });
  test.use({ viewport: { width: 375, height: 812 } });

  test("the menu opens, shows every link and follows one", async ({ page, expectAccessible }) => {
    await page.goto("/fr/about");
    const toggle = menuToggle(page);
    const menu = mainNavigation(page, "fr");
    await expect(menu).toBeHidden();
    await toggle.click();
    await expectExpanded(toggle, true);
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("list").getByRole("link")).toHaveCount(7);
    await expectAccessibleAsShown(page, expectAccessible);

    await toggle.click();
    await expect(menu).toBeHidden();
    await toggle.click();
    await menu.getByRole("link", { name: t("fr", "nav.contact"), exact: true }).click();
    await expect(page).toHaveURL("/fr/contact");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("fr", "contact.heading"));
    await expect(mainNavigation(page, "fr")).toBeHidden();
  });

  test("the menu opens from the keyboard", async ({ page }) => {
    await page.goto("/fr");
    const toggle = menuToggle(page);
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(mainNavigation(page, "fr")).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(mainNavigation(page, "fr").getByRole("link", { name: t("fr", "nav.home"), exact: true })).toBeFocused();
  });
});

test.describe("on a desktop, without JavaScript", () => {
  // Each audit opens the page again in a second browser context (axe needs a script; these pages run none): with
  // a page load before it, up to 30 s with one of two cores kept busy.
  test.describe.configure({ timeout: 60_000 });
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the language picker opens and takes the visitor to the same page in another language", async ({ page, expectAccessible }) => {
    await page.goto("/es/contact");
    const picker = await languagePickerButton(page);
    const choices = page.getByRole("list", { name: t("es", "common.chooseLanguage") });
    await expect(choices).toBeHidden();
    await picker.click();
    await expectExpanded(picker, true);
    await expect(choices.getByRole("link")).toHaveCount(3);
    await expectAccessibleAsShown(page, expectAccessible);
    await choices.getByRole("link", { name: t("es", "common.languageNames.fr"), exact: true }).click();
    await expect(page).toHaveURL("/fr/contact");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("fr", "contact.heading"));
  });

  test("the landing page shows every section, without placeholders", async ({ page, expectAccessible }) => {
    await page.goto("/es");
    for (const id of lazySections) {
      const heading = page.locator(`#${id}`).getByRole("heading", { level: 2, name: t("es", sectionHeadings[id]), exact: true });
      await expect(heading).toBeVisible();
    }
    const placeholders = page.locator("[data-section] > div[aria-hidden=true]");
    expect(await placeholders.evaluateAll((all) => all.map((element) => element.getBoundingClientRect().height))).toEqual(
      lazySections.map(() => 0),
    );
    await expectAccessibleAsShown(page, expectAccessible);
  });

  test("the viewer count prices every plan and its checkout link", async ({ page, expectAccessible }) => {
    await page.goto("/fr");
    const section = page.locator("#plans");
    const viewers = section.getByRole("group", { name: t("fr", "plans.viewersLegend") });
    const first = site.viewerChoices[0] as number;
    await expect(viewers.getByRole("radio", { name: t("fr", "plans.viewers", { count: first }), exact: true })).toBeChecked();

    for (const count of [...site.viewerChoices.slice(1), first]) {
      const label = t("fr", "plans.viewers", { count });
      await viewers.getByText(label, { exact: true }).click();
      await expect(viewers.getByRole("radio", { name: label, exact: true })).toBeChecked();
      // Every card read in one pass: what CSS shows follows the checked radio at once, with no script to wait for.
      const cards = await section.locator("[data-plan]").evaluateAll((all) =>
        all.map((card) => {
          const shown = (selector: string) => [...card.querySelectorAll(selector)].filter((element) => element.checkVisibility());
          return {
            plan: card.getAttribute("data-plan"),
            // Any space as a plain one, as toHaveText compares: a price's space is a no-break one.
            prices: shown("[data-price]").map((price) => price.textContent?.replace(/\s/g, " ")),
            links: shown("a[href]").map((link) => link.getAttribute("href")),
          };
        }),
      );
      expect(cards).toEqual(
        site.plans.map((plan) => ({
          plan: plan.key,
          prices: [formatPrice(planPrice(plan, count), "fr").replace(/\s/g, " ")],
          links: [localized("fr", `/checkout?plan=${plan.key}&viewers=${count}`)],
        })),
      );
    }
    await expectAccessibleAsShown(page, expectAccessible);

    const last = site.viewerChoices.at(-1) as number;
    await viewers.getByText(t("fr", "plans.viewers", { count: last }), { exact: true }).click();
    const plan = site.plans[1]!;
    await section.locator(`[data-plan="${plan.key}"]`).getByRole("link").click();
    await expect(page).toHaveURL(localized("fr", `/checkout?plan=${plan.key}&viewers=${last}`));
    await expect(page.getByRole("radio", { name: t("fr", "plans.viewers", { count: last }) })).toBeChecked();
  });

  test("a question of the FAQ opens and closes", async ({ page }) => {
    await page.goto("/");
    const faq = page.getByRole("region", { name: t("en", "faq.heading") });
    const first = faq.locator("details").first();
    const answer = first.locator("p");
    await expect(answer).toBeHidden();
    await first.locator("summary").click();
    await expect(answer).toBeVisible();
    await first.locator("summary").click();
    await expect(answer).toBeHidden();
  });
});
