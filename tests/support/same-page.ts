import type { Page } from "@playwright/test";

/**
 * Marks the page's window, so that `stillSamePage` afterwards tells a client navigation (the mark is still
 * there) from a page load (a new window, without it).
 */
export async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => Object.assign(window, { markedByTest: true }));
}

/** Whether the window marked by `markPage` is still the one shown. */
export function stillSamePage(page: Page): Promise<boolean> {
  return page.evaluate(() => "markedByTest" in window);
}
