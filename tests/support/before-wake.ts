/**
 * What a visitor does before a page's app has woken, and whether the app keeps it. The page is held just
 * before its inline module (holdPageBeforeItsModule), every control it shows is changed as a visitor would
 * (a box ticked, a radio chosen, an option picked, text typed, a disclosure opened), the forms' data is read,
 * then the module is let go and the app wakes. Every control must then be as the visitor left it, and every
 * form must post what it would have posted before.
 */
import { expect, type Page } from "@playwright/test";
import { holdPageBeforeItsModule } from "./pages.ts";

/** A control the visitor changed, found again after waking by what names it, and the state they left. */
interface ChangedControl {
  /** How the test finds it: a CSS selector by id or name (and value, for a box or a radio). */
  selector: string;
  /** A disclosure has neither id nor name: it is found by its place among the page's disclosures. */
  disclosure?: number;
  kind: "checked" | "value" | "open";
  state: boolean | string;
}

type PostedForms = [string, string][][];

/** The fields a visitor changes; buttons, hidden fields and files are not state a visitor sets by hand. */
const controlSelector =
  "input:not([type=hidden]):not([type=submit]):not([type=button]):not([type=reset]):not([type=image]):not([type=file]), select, textarea";

/** What a visitor would type in a field, by what the field asks for. */
function sampleText(type: string, autocomplete: string, maxLength: number): string {
  const byPurpose: Record<string, string> = {
    email: "before.wake@example.com",
    tel: "+34 612 345 678",
    "cc-number": "4242 4242 4242 4242",
    "cc-exp": "12/30",
    "cc-csc": "123",
    "postal-code": "28013",
    "one-time-code": "123456",
    search: "router",
    url: "https://example.com/",
    number: "2",
  };
  const text = byPurpose[autocomplete] ?? byPurpose[type] ?? "Escrito antes";
  return maxLength > 0 ? text.slice(0, maxLength) : text;
}

/** A control as the page shows it before waking: how to find it again, and what it holds. */
interface ControlFacts {
  selector: string;
  tag: string;
  type: string;
  checked: boolean;
  value: string;
  autocomplete: string;
  maxLength: number;
  /** A select's choices that have a value and are not the one shown. */
  others: string[];
}

/**
 * Every control a visitor can change now, in one look at the page: shown (not in a closed disclosure nor
 * hidden by the styles), enabled, not kept from people (a robots' trap), one radio per group (the last one
 * not chosen), found again by id, or by name and value, which hydration keeps.
 */
function controlsToChange(page: Page): Promise<ControlFacts[]> {
  return page.evaluate((selector) => {
    const groups = new Set<string>();
    const facts: ControlFacts[] = [];
    for (const element of document.querySelectorAll<HTMLInputElement>(selector)) {
      if (!element.checkVisibility({ visibilityProperty: true }) || element.disabled || element.readOnly) continue;
      if (element.closest("[aria-hidden=true]") || element.getAttribute("tabindex") === "-1") continue;
      let control = element;
      if (element.type === "radio") {
        if (groups.has(element.name)) continue;
        groups.add(element.name);
        const scope = element.form ?? document;
        const choices = [...scope.querySelectorAll<HTMLInputElement>("input[type=radio]")].filter((radio) => radio.name === element.name);
        const choice = choices.filter((radio) => !radio.checked).at(-1);
        if (!choice) continue;
        control = choice;
      }
      const tag = control.localName;
      const named =
        control.type === "radio" || control.type === "checkbox"
          ? `[name="${control.name}"][value="${CSS.escape(control.value)}"]`
          : `[name="${control.name}"]`;
      const select = control as unknown as HTMLSelectElement;
      facts.push({
        selector: control.id ? `#${CSS.escape(control.id)}` : `${tag}${named}`,
        tag,
        type: control.type,
        checked: control.checked,
        value: control.value,
        autocomplete: control.autocomplete,
        maxLength: tag === "select" ? -1 : control.maxLength,
        others:
          tag === "select"
            ? [...select.options].filter((option) => option.value && !option.selected && !option.disabled).map((option) => option.value)
            : [],
      });
    }
    return facts;
  }, controlSelector);
}

/** Changes one control as a visitor would, and says what it now holds. */
async function change(page: Page, facts: ControlFacts): Promise<ChangedControl | undefined> {
  const { selector } = facts;
  const control = page.locator(selector);
  if (facts.type === "checkbox" || facts.type === "radio") {
    // By the keyboard: a radio drawn as a pill hides its circle, and a pointer may land on what covers it.
    await control.focus();
    await page.keyboard.press("Space");
    await expect(control).toBeChecked({ checked: !facts.checked });
    return { selector, kind: "checked", state: !facts.checked };
  }
  if (facts.tag === "select") {
    const other = facts.others.at(-1);
    if (!other) return undefined;
    await control.selectOption(other);
    return { selector, kind: "value", state: other };
  }
  const text = sampleText(facts.type, facts.autocomplete, facts.maxLength);
  await control.fill(text);
  return { selector, kind: "value", state: text };
}

/** The closed disclosures a visitor can open now: their place among the page's disclosures, and their name. */
function closedDisclosures(page: Page): Promise<{ index: number; label: string }[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll("details")]
      .map((details, index) => ({ details, index, summary: details.querySelector(":scope > summary") }))
      .filter(({ details, summary }) => !details.open && summary?.checkVisibility({ visibilityProperty: true }))
      .map(({ index, summary }) => ({ index, label: summary?.getAttribute("aria-label") ?? summary?.textContent?.trim() ?? "" })),
  );
}

/** The hidden fields empty before waking: the app fills them once awake (the visitor's time zone). */
function appFilledFields(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLInputElement>("form input[type=hidden]")]
      .filter((field) => field.value === "")
      .map((field) => field.name),
  );
}

/** Every form's entries, as the browser would post them; what the app fills is not the visitor's, and left out. */
function formData(page: Page, appFilled: string[]): Promise<PostedForms> {
  return page.evaluate(
    (skipped) =>
      [...document.forms].map((form) =>
        [...new FormData(form)]
          .filter(([name]) => !skipped.includes(name))
          .map(([name, value]) => [name, typeof value === "string" ? value : value.name]),
      ),
    appFilled,
  );
}

/** The state each changed control holds now (null when it is gone). */
function statesOf(page: Page, controls: ChangedControl[]): Promise<(boolean | string | null)[]> {
  return page.evaluate(
    (list) =>
      list.map(({ selector, disclosure, kind }) => {
        if (kind === "open") return document.querySelectorAll("details")[disclosure ?? -1]?.open ?? null;
        const element = document.querySelector(selector) as HTMLInputElement | null;
        if (!element) return null;
        return kind === "checked" ? element.checked : element.value;
      }),
    controls,
  );
}

export interface BeforeWake {
  changed: ChangedControl[];
}

/**
 * Opens `path` held before its module, changes every visible control (disclosures last: an opened panel may
 * cover what follows), wakes the app and checks each control's state and every form's data are as the
 * visitor left them. With `post`, the page is the answer to that form, as a code step is. Returns what was changed, for a caller that checks more (a total that follows a plan).
 */
export async function expectKeptThroughWaking(page: Page, path: string, post?: Record<string, string>): Promise<BeforeWake> {
  const release = await holdPageBeforeItsModule(page, new URL(path, "http://site").pathname, post);
  await page.goto(path, { waitUntil: "commit" });
  await expect(page.locator('script[src="/__held-script.js"]')).toBeAttached();
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");

  // The page's styles decide what is shown: a control hidden at this width is not one to change.
  await page.waitForFunction(() => [...document.querySelectorAll<HTMLLinkElement>("link[rel=stylesheet]")].every((link) => link.sheet));

  const changed: ChangedControl[] = [];
  for (const facts of await controlsToChange(page)) {
    const done = await change(page, facts);
    if (done) changed.push(done);
  }
  for (const { index, label } of await closedDisclosures(page)) {
    // By the keyboard, as the browser's own toggle: a pointer might land on a panel opened just before.
    await page.locator("details").nth(index).locator(":scope > summary").focus();
    await page.keyboard.press("Enter");
    changed.push({ selector: `details ${index} (${label})`, disclosure: index, kind: "open", state: true });
  }
  expect(changed.length, `${path} has controls to change`).toBeGreaterThan(0);
  const appFilled = await appFilledFields(page);
  const posted = await formData(page, appFilled);

  release();
  // Focus left inside the page wakes a public page's app; the others wake after their paint.
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true", { timeout: 10_000 });
  await page.waitForLoadState("networkidle");
  const described = (states: (boolean | string | null)[]) =>
    changed.map((control, index) => `${control.selector}: ${JSON.stringify(states[index])}`);
  expect(described(await statesOf(page, changed)), `${path}: each control after waking`).toEqual(
    described(changed.map((control) => control.state)),
  );
  expect(await formData(page, appFilled), `${path}: what each form posts after waking`).toEqual(posted);
  return { changed };
}
