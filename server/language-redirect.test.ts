import { describe, expect, it } from "vitest";
import { preferredLanguageLocation } from "./language-redirect.ts";

const page = (path: string, cookie?: string, accept = "text/html,application/xhtml+xml", method = "GET") =>
  new Request(`http://localhost${path}`, { method, headers: { accept, ...(cookie ? { cookie } : {}) } });

describe("the chosen-language redirect", () => {
  it("sends an unprefixed page to the chosen language", () => {
    expect(preferredLanguageLocation(page("/about?x=1", "a=b; user-language-preference=es"))).toBe("/es/about?x=1");
    expect(preferredLanguageLocation(page("/", "user-language-preference=fr"))).toBe("/fr");
  });

  it("leaves prefixed pages alone: they are explicit choices", () => {
    expect(preferredLanguageLocation(page("/fr/about", "user-language-preference=es"))).toBeNull();
  });

  it("does nothing for English, an unknown value or no cookie", () => {
    expect(preferredLanguageLocation(page("/about", "user-language-preference=en"))).toBeNull();
    expect(preferredLanguageLocation(page("/about", "user-language-preference=de"))).toBeNull();
    expect(preferredLanguageLocation(page("/about"))).toBeNull();
    expect(preferredLanguageLocation(page("/about", "user-language-preference=%E0%A4%A"))).toBeNull();
  });

  it("only redirects page requests, not data, files or form posts", () => {
    expect(preferredLanguageLocation(page("/sitemap.xml", "user-language-preference=es"))).toBeNull();
    expect(preferredLanguageLocation(page("/robots.txt", "user-language-preference=fr"))).toBeNull();
    expect(preferredLanguageLocation(page("/about.data", "user-language-preference=es", "*/*"))).toBeNull();
    expect(preferredLanguageLocation(page("/contact", "user-language-preference=es", "text/html", "POST"))).toBeNull();
  });
});
