/** What the language specs share: the preference a page stored, and the page's language as a visitor sees it. */
import { expect, type Page } from "@playwright/test";
import { mainNavigation, waitForHydration } from "./pages.ts";
import { type Language, preferenceKey, t } from "./site.ts";

const navOrder = ["home", "plans", "features", "blog", "about", "contact", "faq"] as const;

export async function storedPreference(page: Page): Promise<{ local: string | null; cookie: string | undefined }> {
  const local = await page.evaluate((key) => localStorage.getItem(key), preferenceKey);
  const cookie = (await page.context().cookies()).find((c) => c.name === preferenceKey)?.value;
  return { local, cookie };
}

/** The values this tab keeps for the session (the detection result is one of them). */
export async function sessionValues(page: Page): Promise<string[]> {
  return page.evaluate(() => Object.keys(sessionStorage).map((key) => sessionStorage.getItem(key) ?? ""));
}

export async function expectPageIn(page: Page, language: Language): Promise<void> {
  await expect(page.locator("html")).toHaveAttribute("lang", language);
  await expect(mainNavigation(page, language).getByRole("link")).toHaveText(navOrder.map((key) => t(language, `nav.${key}`)));
}

/** Waits until a detection that may move the page has had every chance to: nothing more on the network. */
export async function settle(page: Page): Promise<void> {
  await waitForHydration(page);
  await page.waitForLoadState("networkidle");
}
