/** Page-level helpers shared by the specs: no fixed waits, only conditions the page itself shows. */
import { expect, type Locator, type Page } from "@playwright/test";
import { type Language, lazySections, site, t } from "./site.ts";

/** The site header: the page's one `banner` landmark. */
export function header(page: Page): Locator {
  return page.getByRole("banner");
}

/** The main navigation shown at the current width (the desktop bar or the opened mobile menu). */
export function mainNavigation(page: Page, language: Language): Locator {
  return page.getByRole("navigation", { name: t(language, "common.mainNavigation") });
}

/** Scrolls the window at once (the page asks for smooth scrolling, which tests do not need). */
export async function scrollTo(page: Page, top: number): Promise<void> {
  await page.evaluate((y) => window.scrollTo({ top: y, behavior: "instant" }), top);
}

/** The header's language picker button, in the page's language. */
export async function languagePickerButton(page: Page): Promise<Locator> {
  const language = (await page.locator("html").getAttribute("lang")) as Language;
  const name = t(language, "common.languagePicker", { language: t(language, `common.languageNames.${language}`) });
  return header(page).getByRole("button", { name });
}

/**
 * Waits until React has hydrated the page and run its effects (the language detection starts in the same
 * commit as the header's scroll listener). On a page long enough, scrolling past the header's threshold
 * shows `data-scrolled="true"` only once the listener is there; on a short page, the language picker
 * opening on a click shows it (React runs pending effects before any new update). Leaves the page at the
 * top with the picker closed.
 */
export async function waitForHydration(page: Page): Promise<void> {
  const banner = header(page);
  const scrollable = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
  if (scrollable > site.behaviour.headerScrollThresholdPx + 20) {
    await expect(async () => {
      await scrollTo(page, Math.min(scrollable, 200));
      await expect(banner).toHaveAttribute("data-scrolled", "true", { timeout: 250 });
    }).toPass({ timeout: 10_000 });
    await scrollTo(page, 0);
    await expect(banner).toHaveAttribute("data-scrolled", "false");
  } else {
    const picker = await languagePickerButton(page);
    await expect(async () => {
      await picker.click();
      await expect(picker).toHaveAttribute("aria-expanded", "true", { timeout: 250 });
    }).toPass({ timeout: 10_000 });
    await page.keyboard.press("Escape");
    await expect(picker).toHaveAttribute("aria-expanded", "false");
  }
}

/** A lazily rendered landing section, by its id. */
export function lazySection(page: Page, id: string): Locator {
  return page.locator(`[data-section="${id}"]`);
}

/** Scrolls every lazy landing section into view in turn until each has rendered. */
export async function revealLazySections(page: Page): Promise<void> {
  for (const id of lazySections) {
    const section = lazySection(page, id);
    await section.scrollIntoViewIfNeeded();
    await expect(section).toHaveAttribute("data-loaded", "true");
  }
}
