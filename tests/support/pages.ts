/** Page-level helpers shared by the specs: no fixed waits, only conditions the page itself shows. */
import { expect, type Locator, type Page, type Request } from "@playwright/test";
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

/** The header's language picker: the `<summary>` of its disclosure, in the page's language. */
export async function languagePickerButton(page: Page): Promise<Locator> {
  const language = (await page.locator("html").getAttribute("lang")) as Language;
  const name = t(language, "common.languagePicker", { language: t(language, `common.languageNames.${language}`) });
  return header(page).locator("summary", { hasText: name });
}

/** Whether the disclosure a `<summary>` belongs to is open, as the browser and assistive technology see it. */
export async function expectExpanded(summary: Locator, expanded: boolean): Promise<void> {
  await expect(summary.locator("xpath=..")).toHaveJSProperty("open", expanded);
}

/**
 * Wakes the page's app and waits until React has hydrated the page and run its effects. A public page loads
 * its app at the visitor's first interaction. On a page long enough, scrolling is that interaction, and
 * scrolling past the header's threshold shows `data-scrolled="true"` only once the listener is there; on a
 * short page, a key that does nothing else, then the mark the footer's part sets once it has hydrated,
 * after the header's. Leaves the page at the top.
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
    await wakeApp(page);
  }
}

/**
 * Wakes a public page's app as a visitor would, with an interaction (decision 0034): a key that does nothing
 * else. Then waits for the mark the app sets once hydrated. A page that loads its app after the paint (the
 * console, the account) is woken already.
 */
export async function wakeApp(page: Page): Promise<void> {
  await page.keyboard.press("Shift");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true", { timeout: 10_000 });
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

/** A promise held until the returned function is called. */
function gate(): { held: Promise<void>; release: () => void } {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { held, release };
}

/**
 * Holds back every script file of the app, as a slow link would, until the returned function is called: what
 * the page does before its app wakes (decision 0034) is then the browser's and the inline scripts' alone.
 */
export async function holdAppScripts(page: Page): Promise<() => void> {
  const { held, release } = gate();
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The request a form of the site's own page makes when it posts `fields` where `request` goes. */
function postedForm(request: Request, fields: Record<string, string>) {
  const headers = { ...request.headers(), "content-type": "application/x-www-form-urlencoded", origin: new URL(request.url()).origin };
  return { method: "POST", postData: new URLSearchParams(fields).toString(), headers };
}

/**
 * Holds the page at `path` back just before its inline module (the one that wakes the app, decision 0034),
 * until the returned function is called, as when the end of a long page is still on its way to a slow phone:
 * the visitor can tap and type in what has arrived before that script runs. A script file of nothing, held,
 * goes just before it, and the browser parses no further until that file has come. The page's content
 * security policy, which would refuse the file, is left off. With `post`, the page is the answer to that form.
 */
export async function holdPageBeforeItsModule(page: Page, path: string, post?: Record<string, string>): Promise<() => void> {
  const { held, release } = gate();
  const heldScript = "/__held-script.js";
  await page.route(/\/__held-script\.js$/, async (route) => {
    await held;
    await route.fulfill({ contentType: "text/javascript", body: "" });
  });
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      // A page reached by a form's post (a code step) is fetched as the form would post it.
      const response = await route.fetch(post && postedForm(route.request(), post));
      const headers = { ...response.headers() };
      for (const name of ["content-security-policy", "content-length", "content-encoding"]) delete headers[name];
      const html = await response.text();
      const module = html.search(/<script\b[^>]*type="module"/);
      expect(module, `${path} has an inline module`).toBeGreaterThan(-1);
      const body = `${html.slice(0, module)}<script src="${heldScript}"></script>${html.slice(module)}`;
      await route.fulfill({ response, headers, body });
    },
  );
  return release;
}
