import { describe, expect, it } from "vitest";
import { languages } from "../../common/languages";
import { site } from "../../content/site";
import { allMessages } from "../i18n/messages.server";
import { assertValidLocales, flattenMessages, localeProblems, siteProblems } from "./validate-content";

const clone = <T>(value: T): T => structuredClone(value);

describe("the locale files", () => {
  it("have every key in every language, with the same placeholders", () => {
    expect(localeProblems(allMessages)).toEqual([]);
  });

  it("report a missing key with its file and path", () => {
    const broken = clone(allMessages);
    delete (broken.fr.nav as Partial<typeof broken.fr.nav>).blog;
    expect(localeProblems(broken)).toContain('content/locales/fr.json: "nav.blog" is missing.');
  });

  it("report a translation that lost a placeholder", () => {
    const broken = clone(allMessages);
    broken.es.hero.subtitle = "Muchos canales";
    expect(localeProblems(broken).join()).toMatch(/es\.json: "hero\.subtitle" must use the placeholders/);
  });

  it("report a language of common/languages.ts that the picker cannot name", () => {
    const broken = clone(allMessages);
    for (const language of languages) delete (broken[language].common.languageNames as Partial<Record<string, string>>).es;
    expect(localeProblems(broken)).toContain('content/locales/en.json: "common.languageNames.es" is missing.');
  });

  it("report a plan without 8 feature lines", () => {
    const broken = clone(allMessages);
    broken.en.plans.items.vip.features.pop();
    expect(localeProblems(broken)).toContain('content/locales/en.json: "plans.items.vip.features" must have 8 lines.');
  });

  it("never write a claim's figure by hand: every figure comes from content/site.ts", () => {
    const { claims } = site;
    const figures = [claims.channels, claims.onDemandTitles, claims.customers, claims.servers, claims.countries, 10000];
    // 24000 may be written 24,000 / 24.000 / 24 000 / 24K / 24 k / 24 mil.
    const spellings = figures.flatMap((n) => {
      const thousands = n / 1000;
      const grouped = [",", ".", " ", "\u00a0", "\u202f", ""].map((sep) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, sep));
      return Number.isInteger(thousands) ? [...grouped, `${thousands}K`, `${thousands} k`, `${thousands} mil`] : grouped;
    });
    for (const [language, messages] of Object.entries(allMessages)) {
      for (const [path, text] of flattenMessages(messages)) {
        for (const spelling of spellings) {
          const writtenOut = new RegExp(`(^|[^\\d.,])${spelling.replace(/[.]/g, "\\.")}(?![\\d])`, "i");
          expect(writtenOut.test(text), `${language}.json "${path}" writes ${spelling} by hand: use a {{placeholder}}`).toBe(false);
        }
      }
    }
  });
});

describe("content/site.ts", () => {
  type Tree = { [key: string]: unknown };
  /** content/site.ts with the field at `path` (e.g. "plans.1.price") set to `value`, checked. */
  const broken = (path: string, value: unknown) => {
    const copy = structuredClone(site) as unknown as Tree;
    const keys = path.split(".");
    const parent = keys.slice(0, -1).reduce((tree, key) => tree[key] as Tree, copy);
    parent[keys.at(-1)!] = value;
    return siteProblems(copy);
  };

  it("has nothing the site cannot use", () => {
    expect(siteProblems()).toEqual([]);
  });

  it("names the file, the field, what is wrong and an example of a right value", () => {
    expect(broken("plans.1.price", 19.99)).toEqual([
      'content/site.ts: "plans.1.price" must be a whole number from 1 up: the price in cents, e.g. 1300 for 13.00.',
    ]);
    expect(broken("brand.origin", "https://www.example.com/")).toEqual([
      'content/site.ts: "brand.origin" must be the public origin, scheme and host without a path or a trailing slash, e.g. https://www.example.com.',
    ]);
    expect(broken("currency", "euro")).toEqual([
      'content/site.ts: "currency" must be an ISO 4217 currency code in capitals, e.g. "EUR" or "USD".',
    ]);
    expect(broken("geolocation.endpoint", "http://ipapi.co/json/")[0]).toMatch(
      /"geolocation.endpoint" must be a path of this site \(its own \/api\/country\) or the https:\/\/ URL/,
    );
    // Paths a browser would take to another host are not this site's.
    expect(broken("geolocation.endpoint", "//ipapi.co/json/")).toHaveLength(1);
    expect(broken("geolocation.endpoint", "/\\ipapi.co/json/")).toHaveLength(1);
    expect(broken("geolocation.endpoint", "api/country")).toHaveLength(1);
    expect(broken("geolocation.endpoint", "https://ipapi.co/json/")).toEqual([]);
    expect(broken("claims.channels", "24K")[0]).toMatch(/"claims.channels" must be a whole number/);
    expect(broken("viewerChoices", [1, 2, 3, 4, 5, 6, 7])).toEqual([
      'content/site.ts: "viewerChoices" must list at most six viewer counts, e.g. [1, 2, 3].',
    ]);
  });

  it("checks the seller that invoices name", () => {
    expect(broken("seller.country", "Spain")).toEqual([
      'content/site.ts: "seller.country" must be an ISO 3166-1 alpha-2 country code in capitals, e.g. "ES".',
    ]);
    expect(broken("seller.legalName", " ")[0]).toMatch(/"seller.legalName" must not be empty/);
    expect(broken("seller.taxId", "")[0]).toMatch(/"seller.taxId" must not be empty/);
    expect(broken("seller.address", [])[0]).toMatch(/"seller.address" must list the lines/);
    expect(broken("seller.invoicePrefix", "ns 2026/")[0]).toMatch(/"seller.invoicePrefix" must be up to 8 capital letters/);
    expect(broken("seller.invoicePrefix", "NS-")).toEqual([]);
  });

  it("checks the free trial", () => {
    expect(broken("trial.hours", 0)).toEqual([
      'content/site.ts: "trial.hours" must be a whole number from 1 to 168: how long a trial line runs, e.g. 24.',
    ]);
    expect(broken("trial.hours", 1.5)[0]).toMatch(/"trial.hours" must be a whole number/);
    expect(broken("trial.enabled", "yes")[0]).toMatch(/"trial.enabled" must be true or false/);
    expect(broken("trial.viewers", 4)).toEqual(['content/site.ts: "trial.viewers" is 4, which is not in viewerChoices (1, 2, 3).']);
    expect(broken("trial", { enabled: false, hours: 48, viewers: 2 })).toEqual([]);
  });

  it("checks the automatic renewal's two switches", () => {
    expect(broken("automaticRenewal.offered", "yes")[0]).toMatch(/"automaticRenewal.offered" must be true or false/);
    expect(broken("automaticRenewal.checkedByDefault", undefined)[0]).toMatch(/"automaticRenewal.checkedByDefault" must be true or false/);
    expect(broken("automaticRenewal", { offered: false, checkedByDefault: true })).toEqual([]);
  });

  it("checks what refers to what: the default plan, unique keys, viewer prices", () => {
    expect(broken("defaultPlan", "gold")).toEqual([
      'content/site.ts: "defaultPlan" must be the key of one of the plans: "standard", "advanced", "premium", "vip".',
    ]);
    expect(broken("plans.3.key", "standard")[0]).toMatch(/"plans.3.key" is "standard", like another plan's: each plan needs its own key/);
    expect(broken("plans.0.viewerPrices", { 4: 3000 })[0]).toMatch(/"plans.0.viewerPrices.4" sets a price for 4 viewers/);
    expect(broken("offerValidity", { from: "2027-01-01", until: "2026-01-01" })[0]).toMatch(/"offerValidity.until" must not be before/);
  });

  it("stops the start with every problem of the site and the locales at once", () => {
    const messages = clone(allMessages);
    delete (messages.fr.nav as Partial<typeof messages.fr.nav>).blog;
    expect(() => assertValidLocales(messages)).toThrow(
      /The content files have problems.*\n {2}content\/locales\/fr.json: "nav.blog" is missing\./,
    );
  });
});
