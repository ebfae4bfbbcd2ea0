import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures.ts";
import { t } from "../support/site.ts";
import { openHydrated } from "../support/store.ts";

/*
 * A page come back to opens where it was left, before its scripts run: the position comes from the inline
 * script, which a first visit skips (app/components/ScrollRestoration.tsx). Playwright's Chromium keeps no
 * page in the back-forward cache, so going back to a page that was left loads it anew.
 */

const leftAt = 1200;

/** Lets no script of the site load from here on, so only the page's inline script can restore the position. */
async function withoutScripts(page: Page, consoleErrors: { allow(pattern: RegExp): void }) {
  consoleErrors.allow(/Failed to load resource|dynamically imported module/);
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
}

/**
 * Opens another page (a page load), then goes back two entries at once to `path`, with no script of the
 * site loading: only the page's inline script can restore the position.
 */
async function comeBackFromAnotherPage(page: Page, consoleErrors: { allow(pattern: RegExp): void }, path: string): Promise<void> {
  await page.goto("/about");
  await withoutScripts(page, consoleErrors);
  await page.evaluate(() => window.history.go(-2));
  await expect(page).toHaveURL(path);
}

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/** Follows one of the footer's links, by client navigation, and waits for the page to show. */
async function followFooterLink(page: Page, key: "footer.terms" | "footer.privacy", path: string): Promise<void> {
  // Followed from the keyboard, focused without scrolling: a click would first bring the footer into view,
  // moving the position to be saved.
  const link = page.getByRole("contentinfo").getByRole("link", { name: t("en", key), exact: true });
  await link.evaluate((element: HTMLElement) => element.focus({ preventScroll: true }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(path);
  await expect(page.getByRole("main").getByRole("article").getByRole("heading", { level: 1 })).toBeVisible();
}

/*
 * The browser restores by itself the entry that was current when a page was left, and going back one entry
 * at a time stays within the page the router draws. The inline script is for an entry left by a client
 * navigation and come back to straight from another page: two entries back at once (a long press on Back).
 */
test.describe("scroll restoration", () => {
  // The site scrolls smoothly otherwise: a position read mid-scroll would not be the one the visitor left.
  test.use({ reducedMotion: "reduce" });

  test("a page first visited, then left by a client navigation, opens where it was left when come back to", async ({
    page,
    consoleErrors,
  }) => {
    await openHydrated(page, "/terms");
    await page.evaluate((y) => window.scrollTo(0, y), leftAt);
    await followFooterLink(page, "footer.privacy", "/privacy");
    await comeBackFromAnotherPage(page, consoleErrors, "/terms");
    await expect.poll(() => scrollY(page)).toBe(leftAt);
  });

  test("a page opened by a client navigation, and left by another, opens where it was left when come back to", async ({
    page,
    consoleErrors,
  }) => {
    await openHydrated(page, "/");
    await followFooterLink(page, "footer.privacy", "/privacy");
    await page.evaluate((y) => window.scrollTo(0, y), leftAt);
    await followFooterLink(page, "footer.terms", "/terms");
    await comeBackFromAnotherPage(page, consoleErrors, "/privacy");
    await expect.poll(() => scrollY(page)).toBe(leftAt);
  });

  test("a page reloaded stays where it was; a new visit starts at the top", async ({ page, consoleErrors }) => {
    await openHydrated(page, "/terms");
    await page.evaluate((y) => window.scrollTo(0, y), leftAt);
    await withoutScripts(page, consoleErrors);
    await page.reload();
    await expect.poll(() => scrollY(page)).toBe(leftAt);
    await page.goto("/terms");
    expect(await scrollY(page)).toBe(0);
  });
});
