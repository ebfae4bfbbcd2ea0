import { expect, test } from "../support/fixtures.ts";
import { expectPageIn, sessionValues, settle, storedPreference } from "../support/language.ts";
import { escapeRegExp, localized, preferenceKey, site, t } from "../support/site.ts";

/** The console errors a failing geolocation call leaves (the browser reports the failed request). */
const geolocationFailure = new RegExp(escapeRegExp(site.geolocation.endpoint));

test.describe("language detection on an unprefixed page", () => {
  for (const { country, language } of [
    { country: "MX", language: "es" },
    { country: "SN", language: "fr" },
    { country: "BE", language: "fr" },
  ] as const) {
    test(`a visitor from ${country} is taken to /${language}`, async ({ page, geolocationService, expectAccessible }) => {
      geolocationService.answerCountry(country);
      await page.goto("/");
      await expect(page).toHaveURL(localized(language, "/"));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t(language, "hero.title"));
      await expectPageIn(page, language);
      expect(geolocationService.requestCount).toBe(1);
      await expectAccessible(page);
    });
  }

  test("a visitor from US stays on the English page", async ({ page, geolocationService, expectAccessible }) => {
    geolocationService.answerCountry("US");
    await page.goto("/");
    await expect.poll(() => sessionValues(page)).toContain("en");
    await settle(page);
    await expect(page).toHaveURL("/");
    await expectPageIn(page, "en");
    expect(geolocationService.requestCount).toBe(1);
    await expectAccessible(page);
  });

  test("the detection is cached for the session: the next page load asks no more", async ({
    page,
    geolocationService,
    expectAccessible,
  }) => {
    geolocationService.answerCountry("MX");
    await page.goto("/");
    await expect(page).toHaveURL("/es");
    expect(await sessionValues(page)).toContain("es");
    expect(geolocationService.requestCount).toBe(1);
    await expectAccessible(page);

    await page.goto("/contact");
    await expect(page).toHaveURL("/es/contact");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("es", "contact.heading"));
    await settle(page);
    expect(geolocationService.requestCount).toBe(1);
    await expectAccessible(page);
  });

  test("a stored preference wins: no geolocation call, and the page stays English", async ({
    page,
    geolocationService,
    expectAccessible,
  }) => {
    await page.addInitScript((key) => localStorage.setItem(key, "en"), preferenceKey);
    geolocationService.answerCountry("MX");
    await page.goto("/");
    await settle(page);
    await expect(page).toHaveURL("/");
    await expectPageIn(page, "en");
    expect(geolocationService.requestCount).toBe(0);
    await expectAccessible(page);
  });

  test("a preference stored in the browser without its cookie takes the visitor to their language, and restores the cookie", async ({
    page,
    geolocationService,
    expectAccessible,
  }) => {
    await page.addInitScript((key) => localStorage.setItem(key, "es"), preferenceKey);
    geolocationService.answerCountry("GB");
    await page.goto("/about");
    await expect(page).toHaveURL("/es/about");
    await expectPageIn(page, "es");
    expect(geolocationService.requestCount).toBe(0);
    expect(await storedPreference(page)).toEqual({ local: "es", cookie: "es" });
    await expectAccessible(page);
  });

  test("a prefixed page is never moved, even for a visitor from Spain", async ({ page, geolocationService, expectAccessible }) => {
    geolocationService.answerCountry("ES");
    await page.goto("/fr/about");
    await settle(page);
    await expect(page).toHaveURL("/fr/about");
    await expectPageIn(page, "fr");
    await expectAccessible(page);
  });

  for (const failure of ["network error", "HTTP 500"] as const) {
    test.describe(`when the geolocation call fails (${failure})`, () => {
      test.describe("with a French browser", () => {
        test.use({ locale: "fr-FR" });
        test("falls back to the browser language: /fr", async ({ page, geolocationService, consoleErrors, expectAccessible }) => {
          consoleErrors.allow(geolocationFailure);
          if (failure === "network error") geolocationService.abort();
          else geolocationService.failWithStatus(500);
          await page.goto("/");
          await expect(page).toHaveURL("/fr");
          await expectPageIn(page, "fr");
          expect(geolocationService.requestCount).toBe(1);
          await expectAccessible(page);
        });
      });

      test.describe("with a German browser", () => {
        test.use({ locale: "de-DE" });
        test("falls back to English", async ({ page, geolocationService, consoleErrors, expectAccessible }) => {
          consoleErrors.allow(geolocationFailure);
          if (failure === "network error") geolocationService.abort();
          else geolocationService.failWithStatus(500);
          await page.goto("/");
          await expect.poll(() => sessionValues(page)).toContain("en");
          await settle(page);
          await expect(page).toHaveURL("/");
          await expectPageIn(page, "en");
          expect(geolocationService.requestCount).toBe(1);
          await expectAccessible(page);
        });
      });
    });
  }

  test.describe("when the geolocation service never answers", () => {
    test.use({ locale: "es-ES" });
    const timeout = site.geolocation.timeoutMs;

    test(`gives up after ${timeout} ms and falls back to the browser language`, async ({
      page,
      geolocationService,
      consoleErrors,
      expectAccessible,
    }) => {
      test.setTimeout(timeout + 25_000);
      consoleErrors.allow(geolocationFailure);
      geolocationService.neverAnswer();
      // The browser starts its 5 s timer after this moment and before the stub sees the request, so the abort
      // falls between `navigated + timeout` and `asked + timeout`, however slow the machine is.
      const navigated = Date.now();
      await page.goto("/");
      await expect.poll(() => geolocationService.requestCount).toBe(1);
      const asked = geolocationService.requestTimes[0] ?? Date.now();

      // The spec's timing is what is under test here: the page must still be English just before the abort.
      await page.waitForTimeout(Math.max(0, navigated + timeout * 0.9 - Date.now()));
      await expect(page).toHaveURL("/");

      await page.waitForURL("/es", { timeout: Math.max(1, asked + timeout + 3000 - Date.now()) });
      expect(Date.now() - navigated).toBeGreaterThanOrEqual(timeout * 0.9);
      expect(Date.now() - asked).toBeLessThanOrEqual(timeout + 3000);
      await expectPageIn(page, "es");
      await expectAccessible(page);
    });
  });
});

/**
 * The detection's default endpoint, answered by the server itself from the IP-to-country database it ships
 * with. The main server trusts a proxy (tests/support/servers.ts), so X-Forwarded-For stands for the
 * visitor's address, as a load balancer's or a CDN's would. The addresses are ones whose country the
 * database has long agreed on: Telefónica Spain, Orange France, Google's public DNS.
 */
test.describe("the site's own geolocation", () => {
  const spain = "80.58.61.250";

  test("answers a known address's country, privately, and a trusted CDN's country header first", async ({ request }) => {
    const ask = async (headers: Record<string, string>) => {
      const response = await request.get(site.geolocation.endpoint, { headers });
      expect(response.status()).toBe(200);
      expect(response.headers()["cache-control"]).toBe("private, no-store");
      return response.json();
    };
    expect(await ask({ "x-forwarded-for": spain })).toEqual({ country: "ES" });
    expect(await ask({ "x-forwarded-for": "2a01:cb00::1" })).toEqual({ country: "FR" });
    expect(await ask({ "x-forwarded-for": "8.8.8.8" })).toEqual({ country: "US" });
    expect(await ask({ "x-forwarded-for": "192.168.1.1" })).toEqual({ country: null });
    // This machine's own address: no country.
    expect(await ask({})).toEqual({ country: null });
    expect(await ask({ "x-forwarded-for": "8.8.8.8", "cf-ipcountry": "MX" })).toEqual({ country: "MX" });
    expect(await ask({ "x-forwarded-for": "8.8.8.8", "cf-ipcountry": "T1" })).toEqual({ country: "US" });
  });

  test.describe("on a first visit from Spain", () => {
    test.use({ extraHTTPHeaders: { "x-forwarded-for": spain } });

    test("the server's answer takes the visitor to /es", async ({ page, geolocationService, expectAccessible }) => {
      geolocationService.useServer();
      await page.goto("/");
      await expect(page).toHaveURL("/es");
      await expectPageIn(page, "es");
      expect(geolocationService.requestCount).toBe(1);
      await expectAccessible(page);
    });
  });

  test.describe("on a first visit from the United States", () => {
    test.use({ extraHTTPHeaders: { "x-forwarded-for": "8.8.8.8" } });

    test("no request leaves the site, before or after the detection", async ({ page, geolocationService, baseURL }) => {
      geolocationService.useServer();
      const requested: string[] = [];
      page.on("request", (request) => requested.push(request.url()));
      await page.goto("/");
      // The detection has run once the session holds its answer; then nothing more is on its way.
      await expect.poll(() => sessionValues(page)).toContain("en");
      await settle(page);
      await expect(page).toHaveURL("/");
      const origin = new URL(baseURL ?? "").origin;
      expect(requested).toContain(new URL(site.geolocation.endpoint, origin).href);
      expect(requested.filter((url) => new URL(url).origin !== origin)).toEqual([]);
    });
  });
});
