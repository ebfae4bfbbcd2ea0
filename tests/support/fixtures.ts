/**
 * The fixtures every end-to-end test runs with:
 * - `geolocationService`: the language detection's geolocation endpoint of content/site.ts (by default the
 *   site's own `/api/country`) is always intercepted: it answers `{"country":"GB"}` unless the test changes the
 *   answer, or lets the request through to the server under test with `useServer()`.
 * - no test reaches the network: any other request leaving localhost is aborted and fails the test;
 * - `consoleErrors`: any `console.error` or uncaught page error fails the test, unless the test declared
 *   it expected (console.warn is fine);
 * - the browser presents itself as a visitor's Chrome, not as headless (a crawler to the site);
 * - `expectAccessible(page)`: axe-core with the WCAG 2.0/2.1/2.2 A and AA rules and its experimental ones
 *   reports nothing.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page, type Route } from "@playwright/test";
import { site } from "./site.ts";

export { expect };

const axeVersion = (JSON.parse(readFileSync(fileURLToPath(import.meta.resolve("axe-core/package.json")), "utf8")) as { version: string })
  .version;

/**
 * The WCAG 2.0/2.1/2.2 A and AA rules, and axe's experimental ones: among them `label-content-name-mismatch`
 * (an accessible name must contain the visible label, WCAG 2.5.3), which axe leaves off by default.
 */
export const axeTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa", "experimental"];

type GeolocationMode =
  | { kind: "json"; body: unknown }
  | { kind: "status"; status: number }
  | { kind: "abort" }
  | { kind: "hang" }
  | { kind: "server" };

export interface GeolocationStub {
  /** Answers `{"country": code}` (the default is GB). */
  answerCountry(code: string): void;
  /** Answers with an HTTP error status. */
  failWithStatus(status: number): void;
  /** Fails the request at the network level, as an unreachable service would. */
  abort(): void;
  /** Never answers: only the page's own timeout ends the request. */
  neverAnswer(): void;
  /** Lets the request through to the server under test, which answers from its own database. */
  useServer(): void;
  /** When (Date.now()) each geolocation request reached the stub, in order. */
  readonly requestTimes: readonly number[];
  readonly requestCount: number;
}

export interface ConsoleErrors {
  /** Declares a console error this test expects (matched against its text and the URL it names). */
  allow(pattern: RegExp): void;
}

interface AxeViolation {
  rule: string;
  impact: string | null | undefined;
  help: string;
  nodes: string[];
}

export interface Fixtures {
  geolocationService: GeolocationStub;
  consoleErrors: ConsoleErrors;
  /** Runs axe-core (WCAG 2.0/2.1/2.2 A and AA, and the experimental rules) on a page and fails on any violation. */
  expectAccessible: (page?: Page) => Promise<void>;
  /** Internal: aborts and reports any request that would leave this machine. */
  stayLocal: undefined;
}

/** A request to the detection's endpoint: a path of whichever site the test visits, or another origin's URL. */
function isGeolocationRequest(url: URL): boolean {
  const endpoint = new URL(site.geolocation.endpoint, url.origin);
  return url.origin === endpoint.origin && url.pathname === endpoint.pathname;
}

function isLocal(url: URL): boolean {
  return ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname) || url.protocol === "data:" || url.protocol === "blob:";
}

/**
 * The generated images come from `node scripts/build-images.ts` (part of `npm run build`). When the build
 * was made with `react-router build` alone there are none, and their 404s are not the page's fault; with
 * a full build any missing image is an error like every other.
 */
const imagesBuilt = existsSync(fileURLToPath(new URL("../../build/client/images/generated", import.meta.url)));
const missingImageBuild = /\/images\/generated\/|\/favicon\.svg|\/apple-touch-icon\.png|\/icon-\d+\.png/;

/**
 * A visitor's Chrome. Headless Chromium's own user agent says "HeadlessChrome", which isbot (rightly)
 * counts as a crawler, and crawlers get every lazy section at once; tests act as people unless they
 * say otherwise with `test.use({ userAgent })`.
 */
export const visitorUserAgent = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

export const test = base.extend<Fixtures>({
  userAgent: visitorUserAgent,
  /** A laptop screen; tests of small screens set their own. */
  viewport: { width: 1280, height: 800 },

  stayLocal: [
    async ({ page }, use) => {
      const escaped: string[] = [];
      await page.route(
        (url) => !isLocal(url) && !isGeolocationRequest(url),
        (route: Route) => {
          escaped.push(route.request().url());
          return route.abort("blockedbyclient");
        },
      );
      await use(undefined);
      expect(escaped, "requests that would have left this machine").toEqual([]);
    },
    { auto: true },
  ],

  geolocationService: [
    async ({ page, stayLocal: _ }, use) => {
      let mode: GeolocationMode = { kind: "json", body: { country: "GB" } };
      const requestTimes: number[] = [];
      await page.route(
        (url) => isGeolocationRequest(url),
        async (route: Route) => {
          requestTimes.push(Date.now());
          const cors = { "access-control-allow-origin": "*" };
          switch (mode.kind) {
            case "json":
              return route.fulfill({ status: 200, headers: cors, contentType: "application/json", body: JSON.stringify(mode.body) });
            case "status":
              return route.fulfill({ status: mode.status, headers: cors, contentType: "application/json", body: "{}" });
            case "abort":
              return route.abort("failed");
            case "hang":
              return; // left pending: the page's own timeout has to end it
            case "server":
              return route.fallback();
          }
        },
      );
      await use({
        answerCountry: (code) => {
          mode = { kind: "json", body: { country: code } };
        },
        failWithStatus: (status) => {
          mode = { kind: "status", status };
        },
        abort: () => {
          mode = { kind: "abort" };
        },
        neverAnswer: () => {
          mode = { kind: "hang" };
        },
        useServer: () => {
          mode = { kind: "server" };
        },
        get requestTimes() {
          return requestTimes;
        },
        get requestCount() {
          return requestTimes.length;
        },
      });
      await page.unrouteAll({ behavior: "ignoreErrors" });
    },
    { auto: true },
  ],

  consoleErrors: [
    async ({ page }, use) => {
      const allowed: RegExp[] = [];
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        const where = message.location().url;
        const text = `${message.text()}${where ? ` (${where})` : ""}`;
        if (!imagesBuilt && missingImageBuild.test(where) && /status of 404/.test(text)) return;
        errors.push(text);
      });
      page.on("pageerror", (error) => errors.push(`Uncaught ${error.name}: ${error.message}`));
      await use({ allow: (pattern) => allowed.push(pattern) });
      const unexpected = errors.filter((text) => !allowed.some((pattern) => pattern.test(text)));
      expect(unexpected, "unexpected console errors or page errors").toEqual([]);
    },
    { auto: true },
  ],

  expectAccessible: async ({ page }, use, testInfo) => {
    // One audit per document state in a run: the same HTML (which names the hashed CSS) at the same viewport
    // gets the same answer from axe, so workers share their results through the run's output
    // folder, which Playwright empties when a run starts.
    const cache = join(testInfo.project.outputDir, ".axe-results");

    await use(async (target = page) => {
      // The page as a visitor reads it, not half-way through a navigation: the loading spinner fades in over
      // the page while data loads (after a form is sent, the page's data is fetched again), and axe would
      // measure its text's contrast mid-fade.
      await expect(target.getByTestId("page-spinner")).toHaveCount(0, { timeout: 15_000 });
      // Scripts and module preloads are left out and the head's elements taken in sorted order: axe never
      // looks at the former, nor at the order of the latter, and both differ between a page rendered by the
      // server and the same page reached by client-side navigation.
      const state = await target.evaluate(() => {
        const copy = document.documentElement.cloneNode(true) as HTMLElement;
        for (const element of copy.querySelectorAll('script, link[rel="modulepreload"]')) element.remove();
        const attributes = copy.getAttributeNames().map((name) => `${name}="${copy.getAttribute(name)}"`);
        const head = [...(copy.querySelector("head")?.children ?? [])].map((element) => element.outerHTML).sort();
        const body = copy.querySelector("body")?.outerHTML ?? "";
        return { html: [...attributes, ...head, body].join("\n"), view: `${window.innerWidth}x${window.innerHeight}` };
      });
      const key = createHash("sha256").update(`${axeVersion} ${axeTags.join()} ${state.view} ${state.html}`).digest("hex");
      const file = join(cache, `${key}.json`);
      let violations: AxeViolation[];
      const started = Date.now();
      const cached = existsSync(file);
      if (cached) {
        violations = JSON.parse(readFileSync(file, "utf8")) as AxeViolation[];
      } else {
        // Legacy mode runs axe in the page itself. The default opens a blank page to gather each frame's
        // results, a renderer process of its own: 9 to 17 s of an audit on a busy 2-core machine against 3 to 7 s,
        // and the shop's pages have no frames to gather.
        const results = await new AxeBuilder({ page: target })
          .setLegacyMode(true)
          .withTags(axeTags)
          .options({ resultTypes: ["violations"] })
          .analyze();
        violations = results.violations.map((violation) => ({
          rule: violation.id,
          impact: violation.impact,
          help: violation.help,
          nodes: violation.nodes.slice(0, 5).map((node) => node.target.join(" ")),
        }));
        try {
          mkdirSync(cache, { recursive: true });
          const partial = `${file}.${process.pid}.tmp`;
          writeFileSync(partial, JSON.stringify(violations));
          renameSync(partial, file);
        } catch {
          // Only a cache: the next test in this state audits again.
        }
      }
      if (process.env.E2E_AXE_LOG) console.log(`axe ${cached ? "cached" : `${Date.now() - started} ms`} ${target.url()} ${state.view}`);
      expect(violations, `axe-core violations on ${target.url()} at ${state.view}`).toEqual([]);
    });
  },
});
