import { describe, expect, it } from "vitest";
import { defaultLanguage, languages } from "../../common/languages";
import { translate } from "../i18n/translate";
import { adminMessages } from "./messages.server";

/** Every path to a string, with the placeholders it uses. */
function texts(node: unknown, prefix = ""): Map<string, string[]> {
  const found = new Map<string, string[]>();
  if (typeof node === "string") found.set(prefix, [...node.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]!).sort());
  else if (node && typeof node === "object") {
    for (const [key, value] of Object.entries(node))
      for (const [path, names] of texts(value, prefix ? `${prefix}.${key}` : key)) found.set(path, names);
  }
  return found;
}

describe("the console's texts", () => {
  const english = texts(adminMessages[defaultLanguage]);

  it("name every language of common/languages.ts, for the language setting", () => {
    expect(Object.keys(adminMessages[defaultLanguage].common.languageNames).sort()).toEqual([...languages].sort());
  });

  it.each(languages.filter((language) => language !== defaultLanguage))(
    "exist in %s for every English text, with the same placeholders",
    (language) => {
      const other = texts(adminMessages[language]);
      expect([...other.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [path, names] of english) expect(other.get(path), `${language}: ${path}`).toEqual(names);
    },
  );

  it("are never empty", () => {
    for (const language of languages)
      for (const [path] of texts(adminMessages[language]))
        expect(translate(adminMessages[language], language, path).trim(), path).not.toBe("");
  });

  it("fill placeholders and pick plural forms by the language's rules", () => {
    const messages = { common: { items_one: "{{count}} item", items_other: "{{count}} items", hello: "Hello {{name}}" } } as never;
    expect(translate(messages, "en", "common.items", { count: 1 })).toBe("1 item");
    expect(translate(messages, "en", "common.items", { count: 0 })).toBe("0 items");
    expect(translate(messages, "fr", "common.items", { count: 0 })).toBe("0 item");
    expect(translate(messages, "en", "common.hello", { name: "Ana" })).toBe("Hello Ana");
    expect(translate(messages, "en", "common.missing")).toBe("common.missing");
  });
});
