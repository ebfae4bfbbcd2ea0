import { expect, test } from "../support/fixtures.ts";
import { expectPageIn, settle, storedPreference } from "../support/language.ts";
import { expectExpanded, languagePickerButton, waitForHydration } from "../support/pages.ts";
import { languages, t } from "../support/site.ts";

test.describe("language picker", () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  // Each test loads pages in two languages and audits two to four states of them with axe (3 to 7 s an audit
  // with one core kept busy): near 20 s.
  test.slow();

  test("choosing Español with the mouse switches to the same page in Spanish and remembers it", async ({ page, expectAccessible }) => {
    await page.goto("/contact");
    await waitForHydration(page);
    await expectAccessible(page);

    const picker = await languagePickerButton(page);
    await picker.click();
    await expectExpanded(picker, true);
    const choices = page.getByRole("list", { name: t("en", "common.chooseLanguage") });
    await expect(choices.getByRole("link")).toHaveText(languages.map((l) => t("en", `common.languageNames.${l}`)));
    await expectAccessible(page);
    await choices.getByRole("link", { name: t("en", "common.languageNames.es"), exact: true }).click();

    await expect(page).toHaveURL("/es/contact");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("es", "contact.heading"));
    await expectPageIn(page, "es");
    expect(await storedPreference(page)).toEqual({ local: "es", cookie: "es" });
    await expectAccessible(page);

    await page.reload();
    await expect(page).toHaveURL("/es/contact");
    await expectPageIn(page, "es");

    // The server answers an unprefixed page at once in the chosen language.
    const response = await page.request.get("/about", { maxRedirects: 0, headers: { accept: "text/html" } });
    expect(response.status()).toBe(307);
    expect(response.headers().location).toBe("/es/about");
    expect(response.headers().vary ?? "").toMatch(/\bcookie\b/i);

    const landing = await page.goto("/");
    expect(landing?.request().redirectedFrom()?.url()).toMatch(/\/$/);
    await expect(page).toHaveURL("/es");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("es", "hero.title"));
    await expectAccessible(page);
  });

  test("choosing Français from the keyboard on a Spanish page switches to French", async ({ page, expectAccessible }) => {
    await page.goto("/es");
    await waitForHydration(page);
    const picker = await languagePickerButton(page);
    await picker.focus();
    await page.keyboard.press("Enter");
    await expectExpanded(picker, true);

    const french = page.getByRole("list", { name: t("es", "common.chooseLanguage") }).getByRole("link", {
      name: t("es", "common.languageNames.fr"),
      exact: true,
    });
    let presses = 0;
    while (!(await french.evaluate((element) => element === document.activeElement))) {
      expect(presses++, "Tab presses to reach Français").toBeLessThan(5);
      await page.keyboard.press("Tab");
    }
    await expectAccessible(page);
    await page.keyboard.press("Enter");

    await expect(page).toHaveURL("/fr");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("fr", "hero.title"));
    await expectPageIn(page, "fr");
    expect(await storedPreference(page)).toEqual({ local: "fr", cookie: "fr" });
    await expectAccessible(page);

    await page.reload();
    await expect(page).toHaveURL("/fr");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("fr", "hero.title"));

    const response = await page.request.get("/checkout?plan=vip", { maxRedirects: 0, headers: { accept: "text/html" } });
    expect(response.status()).toBe(307);
    expect(response.headers().location).toBe("/fr/checkout?plan=vip");
    expect(response.headers().vary ?? "").toMatch(/\bcookie\b/i);
  });

  test("choosing English on a French page goes to the unprefixed page and stays there", async ({ page, expectAccessible }) => {
    await page.goto("/fr/blog");
    await waitForHydration(page);
    await expectAccessible(page);
    await (await languagePickerButton(page)).click();
    await page
      .getByRole("list", { name: t("fr", "common.chooseLanguage") })
      .getByRole("link", { name: t("fr", "common.languageNames.en"), exact: true })
      .click();

    await expect(page).toHaveURL("/blog");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("en", "blog.heading"));
    await expectPageIn(page, "en");
    expect(await storedPreference(page)).toEqual({ local: "en", cookie: "en" });
    await expectAccessible(page);

    const response = await page.request.get("/blog", { maxRedirects: 0, headers: { accept: "text/html" } });
    expect(response.status()).toBe(200);

    await page.reload();
    await settle(page);
    await expect(page).toHaveURL("/blog");
    await expectPageIn(page, "en");
  });
});
