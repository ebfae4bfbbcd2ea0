import { describe, expect, it } from "vitest";
import { site } from "../../content/site";
import { allMessages } from "../i18n/messages.server";
import { flattenMessages, localeProblems } from "./validate-content";

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
