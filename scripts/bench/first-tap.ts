/**
 * The first tap on a phone: how long the page takes to answer a visitor's first tap on a control,
 * as Interaction to Next Paint counts it, at 4x CPU slowdown. Each page is loaded fresh in Debian's Chromium
 * (a phone's viewport, touch, a visitor's user agent); the control is tapped as soon as the page has loaded,
 * while it may still be hydrating, which is the worst moment; Chromium's Event Timing API reports the
 * interaction. The twin (twin.ts) is tapped the same way: its figure is the page's floor in the same minute.
 *
 * A public page loads its app at the first interaction (decision 0034), after the tap's answer has painted.
 * What that costs the main thread is measured too: the blocking time (each long task's time past 50 ms) from
 * the tap until the page has hydrated and been quiet for a second. A second tap in that time waits for it.
 */
import { type Browser, chromium, type Page } from "@playwright/test";
import { median } from "./median.ts";
import type { PageToMeasure } from "./pages.ts";

/** A control of a page and how a visitor reaches it before tapping it. */
export interface Control {
  name: "menu" | "viewers" | "first field";
  /** Whether the page has it. */
  on(page: PageToMeasure): boolean;
  /** Whether the twin has it too: the landing's sections, for one, are rendered by a script. */
  onTwin: boolean;
  tap(page: Page): Promise<void>;
}

export const controls: Control[] = [
  {
    name: "menu",
    on: () => true,
    onTwin: true,
    tap: (page) => page.locator("header details[data-menu] > summary").tap(),
  },
  {
    name: "viewers",
    on: (page) => page.path === "/",
    onTwin: false,
    async tap(page) {
      // The plans render as they come near, like a visitor scrolling there; then the second count is tapped.
      await page.locator("#plans").scrollIntoViewIfNeeded();
      await page.locator("#plans[data-loaded=true] [data-choice='1']").waitFor({ state: "attached" });
      await page.locator("#plans label").nth(1).tap();
    },
  },
  {
    name: "first field",
    on: (page) => page.path === "/checkout",
    onTwin: true,
    // The first field the visitor types in (the plan and its viewers, above it, are already chosen).
    tap: (page) => page.locator("main form input[name=firstName]").tap(),
  },
];

export interface EventEntry {
  name: string;
  duration: number;
  interactionId: number;
}

/**
 * The latency of the slowest interaction among the entries, as INP counts it: an interaction's latency is
 * its longest event (pointerdown, pointerup, click...), from the input to the next paint. Entries under
 * the observer's 16 ms threshold are not reported, so a tap answered faster reads 16.
 */
export function interactionLatency(entries: EventEntry[]): number {
  const latencies = entries.filter((entry) => entry.interactionId > 0).map((entry) => entry.duration);
  return Math.max(eventTimingThresholdMs, ...latencies);
}

export const eventTimingThresholdMs = 16;

export interface FirstTapFigures {
  url: string;
  language: string;
  control: Control["name"];
  /** Medians over the runs, in ms; null when the control could not be tapped (the reason in `error`). */
  pageMs: number | null;
  twinMs: number | null;
  /** Median blocking time from the tap until the page's app has woken and hydrated, in ms. */
  wakeMs: number | null;
  error?: string;
}

/** Records every event entry and every long task from the page's start, before any of its scripts. */
const observeEvents = `
  window.__eventEntries = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__eventEntries.push({ name: entry.name, duration: entry.duration, interactionId: entry.interactionId });
  }).observe({ type: "event", buffered: true, durationThreshold: ${eventTimingThresholdMs} });
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push({ startTime: entry.startTime, duration: entry.duration });
  }).observe({ type: "longtask", buffered: true });
`;

export interface LongTask {
  startTime: number;
  duration: number;
}

/** Total blocking time of the long tasks that started at or after `since`: each one's time past 50 ms. */
export function blockingSince(tasks: LongTask[], since: number): number {
  return tasks.filter((task) => task.startTime >= since).reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0);
}

const visitorUserAgent =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

/** The tap's latency, and (`wake`) the blocking time until the page's app has hydrated after it. */
async function tapOnce(
  browser: Browser,
  url: string,
  control: Control,
  wake: boolean,
): Promise<{ latency: number; blocking: number | null }> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    userAgent: visitorUserAgent,
  });
  try {
    const page = await context.newPage();
    await page.addInitScript(observeEvents);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.goto(url, { waitUntil: "load" });
    const tappedAt = await page.evaluate(() => performance.now());
    await control.tap(page);
    // An entry is reported once its next paint has happened: wait for two frames, then a moment more.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await page.waitForTimeout(300);
    const latency = interactionLatency(await page.evaluate(() => (window as unknown as { __eventEntries: EventEntry[] }).__eventEntries));
    if (!wake) return { latency, blocking: null };
    await page.locator("html[data-hydrated=true]").waitFor({ state: "attached", timeout: 30_000 });
    await page.waitForTimeout(1000);
    const tasks = await page.evaluate(() => (window as unknown as { __longTasks: LongTask[] }).__longTasks);
    return { latency, blocking: blockingSince(tasks, tappedAt) };
  } finally {
    await context.close();
  }
}

/** Each page's controls, tapped `runs` times on the page and on its twin in turn. */
export async function measureFirstTaps(
  executablePath: string,
  args: string[],
  bases: { page: string; twin: string },
  pages: PageToMeasure[],
  runs: number,
): Promise<FirstTapFigures[]> {
  const browser = await chromium.launch({ executablePath, args });
  const figures: FirstTapFigures[] = [];
  try {
    for (const page of pages) {
      for (const control of controls.filter((candidate) => candidate.on(page))) {
        const pageRuns: number[] = [];
        const twinRuns: number[] = [];
        const wakeRuns: number[] = [];
        try {
          for (let run = 0; run < runs; run++) {
            const { latency, blocking } = await tapOnce(browser, bases.page + page.url, control, control.name === "menu");
            pageRuns.push(latency);
            if (blocking !== null) wakeRuns.push(blocking);
            if (control.onTwin) twinRuns.push((await tapOnce(browser, bases.twin + page.url, control, false)).latency);
          }
          figures.push({
            url: page.url,
            language: page.language,
            control: control.name,
            pageMs: median(pageRuns),
            twinMs: twinRuns.length ? median(twinRuns) : null,
            wakeMs: wakeRuns.length ? median(wakeRuns) : null,
          });
        } catch (error) {
          const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
          figures.push({
            url: page.url,
            language: page.language,
            control: control.name,
            pageMs: null,
            twinMs: null,
            wakeMs: null,
            error: reason,
          });
        }
      }
    }
  } finally {
    await browser.close();
  }
  return figures;
}
