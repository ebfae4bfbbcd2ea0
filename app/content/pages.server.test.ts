import { describe, expect, it } from "vitest";
import { languages } from "../../common/languages";
import { getLongPage, longPages, renderPage } from "./pages.server";

describe("the long pages", () => {
  it.each(longPages.flatMap((page) => languages.map((language) => [page, language] as const)))("%s in %s is complete", (page, language) => {
    const rendered = getLongPage(page, language);
    expect(rendered.title.length).toBeGreaterThan(3);
    expect(rendered.description.length).toBeLessThanOrEqual(200);
    expect(rendered.html).toContain("<h2");
    expect(rendered.html).not.toMatch(/\{\{|\}\}/);
    expect(rendered.html).not.toMatch(/<h1/);
  });

  it("gives the refund policy the same anchor in every language", () => {
    for (const language of languages) expect(getLongPage("terms", language).html).toContain('<h2 id="refund-policy">');
  });

  it("states the order retention the server applies, in every language", () => {
    for (const language of languages) expect(getLongPage("privacy", language).html).toMatch(/>[^<]*\b10 (years|años|ans)\b/);
  });

  it("names the file and the field when the front matter is incomplete", () => {
    expect(() => renderPage("---\ntitle: Hello\nupdated: 2026-01-01\n---\nBody", "content/pages/about/en.md", "en")).toThrow(
      /content\/pages\/about\/en\.md: "description"/,
    );
  });

  it("refuses a file without front matter", () => {
    expect(() => renderPage("Just text", "content/pages/terms/fr.md", "fr")).toThrow(
      /terms\/fr\.md: the file must start with a front matter/,
    );
  });

  it("refuses an unknown placeholder", () => {
    expect(() => renderPage("---\ntitle: T\ndescription: D\nupdated: 2026-01-01\n---\n{{nope}}", "x.md", "en")).toThrow(
      /unknown placeholder \{\{nope\}\}/,
    );
  });

  it("fills the brand and claims", () => {
    const page = renderPage(
      "---\ntitle: About {{brand}}\ndescription: D\nupdated: 2026-01-01\n---\nWe stream {{channels}} channels.",
      "x.md",
      "fr",
    );
    expect(page.title).not.toContain("{{");
    expect(page.updatedText).toBe("1 janvier 2026");
    expect(page.html).toMatch(/We stream 24\s000\+ channels\./);
  });
});
