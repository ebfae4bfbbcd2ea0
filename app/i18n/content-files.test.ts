import { describe, expect, it } from "vitest";
import { defaultLanguage, languages } from "../../common/languages";
import { contentFiles, inLanguage, languageContent } from "../../tests/support/language-content";

const root = new URL("../..", import.meta.url).pathname;

/** The language a content file belongs to: the part of its path where the pattern says `<language>`. */
function languageOf(pattern: string, file: string): string {
  const at = pattern.split("/").findIndex((part) => part.includes("<language>"));
  return (file.split("/")[at] ?? "").replace(/\.(json|md)$/, "");
}

describe("the content of each language", () => {
  it.each(languageContent)("%s exists for every language of common/languages.ts, as it does in English", (pattern) => {
    const english = contentFiles(root, pattern, defaultLanguage);
    expect(english.length).toBeGreaterThan(0);
    for (const language of languages) {
      expect(contentFiles(root, pattern, language)).toEqual(english.map((file) => inLanguage(pattern, file, defaultLanguage, language)));
    }
  });

  it.each(languageContent)("%s is written only for languages of that list", (pattern) => {
    const found = new Set(contentFiles(root, pattern, "*").map((file) => languageOf(pattern, file)));
    expect([...found].sort()).toEqual([...languages].sort());
  });
});
