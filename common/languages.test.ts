import { describe, expect, it } from "vitest";
import {
  defaultLanguage,
  isLanguage,
  languageFromBrowserTag,
  languageFromPath,
  languageList,
  languages,
  localizePath,
  pathWithoutLanguage,
  requestPathname,
  storedLanguage,
} from "./languages.ts";

describe("languages in URLs", () => {
  it.each([
    ["/", "en"],
    ["/about", "en"],
    ["/es", "es"],
    ["/es/", "es"],
    ["/es/blog/some-article", "es"],
    ["/fr/terms", "fr"],
    ["/espanol", "en"],
    ["/frites/es", "en"],
    ["/en/about", "en"],
  ])("reads the language of %s as %s", (path, language) => {
    expect(languageFromPath(path)).toBe(language);
  });

  it.each([
    ["/", "/"],
    ["/about", "/about"],
    ["/es", "/"],
    ["/fr/blog/x", "/blog/x"],
  ])("strips the prefix of %s to %s", (path, bare) => {
    expect(pathWithoutLanguage(path)).toBe(bare);
  });

  it.each([
    ["/", "es", "/es"],
    ["/about", "fr", "/fr/about"],
    ["/es/about", "en", "/about"],
    ["/es", "en", "/"],
    ["/fr/blog", "es", "/es/blog"],
    ["/es/checkout", "es", "/es/checkout"],
  ] as const)("puts %s in %s as %s", (path, language, localized) => {
    expect(localizePath(path, language)).toBe(localized);
  });

  it("recognises only the three site languages", () => {
    expect(["en", "es", "fr", "de", "EN", "", null, 3].map(isLanguage)).toEqual([true, true, true, false, false, false, false, false]);
  });

  it("reads a stored language it does not know as the default", () => {
    expect(["es", "fr", "de", ""].map(storedLanguage)).toEqual(["es", "fr", defaultLanguage, defaultLanguage]);
  });

  it.each([
    ["es-MX", "es"],
    ["fr-CA", "fr"],
    ["FR", "fr"],
    ["en-US", "en"],
    ["de-DE", "en"],
    ["pt-BR", "en"],
    ["", "en"],
    [undefined, "en"],
  ])("maps the browser language %s to %s", (tag, language) => {
    expect(languageFromBrowserTag(tag)).toBe(language);
  });
});

describe("the page a request is for", () => {
  it.each([
    ["http://x/es/about", "/es/about"],
    ["http://x/es/about.data", "/es/about"],
    ["http://x/es.data", "/es"],
    ["http://x/_root.data", "/"],
    ["http://x/blog/kodi-setup-guide.data?_routes=root", "/blog/kodi-setup-guide"],
    ["http://x/", "/"],
  ])("%s is %s", (url, path) => {
    expect(requestPathname(new Request(url))).toBe(path);
  });
});

describe("the list of languages", () => {
  it("gives each language a two-letter code, a locale Intl knows, an Open Graph locale and a flag", () => {
    for (const facts of languageList) {
      expect(facts.code).toMatch(/^[a-z]{2}$/);
      expect(Intl.NumberFormat.supportedLocalesOf(facts.locale)).toEqual([facts.locale]);
      expect(facts.openGraphLocale).toMatch(/^[a-z]{2}_[A-Z]{2}$/);
      expect(facts.flag.length).toBeGreaterThan(0);
    }
    expect(new Set(languages).size).toBe(languageList.length);
    expect(languages).toContain(defaultLanguage);
  });
});
