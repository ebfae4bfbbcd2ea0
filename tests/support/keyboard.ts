/** Moving through a page as someone without a mouse does: Tab and Shift+Tab, and a focus they can see. */
import { expect, type Locator, type Page } from "@playwright/test";

/** The focused element, described for a failure message: its tag, and its name or text. */
const describeFocus = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return "nothing (the page itself)";
    const name = element.getAttribute("aria-label") ?? element.getAttribute("name") ?? element.textContent?.trim().slice(0, 40);
    return `<${element.tagName.toLowerCase()}> ${name ?? ""}`;
  });

/** Whether `target` has the focus, and the browser draws it (`:focus-visible` with an outline). */
async function focusShown(target: Locator): Promise<{ focused: boolean; visible: boolean }> {
  return target.evaluate((element) => {
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) > 0;
    return { focused: element === document.activeElement, visible: element.matches(":focus-visible") && outline };
  });
}

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, at most `most` times, then checks the focus is
 * visible on it: the element about to be typed into or pressed is the one the operator sees focused.
 */
export async function tabTo(page: Page, target: Locator, key: "Tab" | "Shift+Tab" = "Tab", most = 40): Promise<void> {
  await target.waitFor();
  for (let presses = 0; presses < most && !(await focusShown(target)).focused; presses++) await page.keyboard.press(key);
  const { focused, visible } = await focusShown(target);
  expect(focused, `${key} never reached ${target}; the focus is on ${await describeFocus(page)}`).toBe(true);
  expect(visible, `the focus on ${target} is not shown`).toBe(true);
}

/** Tabs to a field and types into it, key by key. */
export async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.type(text);
  await expect(field).toHaveValue(text);
}
