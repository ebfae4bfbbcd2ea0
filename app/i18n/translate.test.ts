import { describe, expect, it } from "vitest";
import { createTranslator } from "./i18n";
import { allMessages } from "./messages.server";
import { translate, translateObject } from "./translate";

const messages = {
  greeting: "Hello {{name}}",
  items_one: "{{count}} item",
  items_other: "{{count}} items",
  nested: { deep: "Deep {{ brand }}" },
};

describe("translate", () => {
  it("follows a dotted key and fills placeholders, spaces inside the braces allowed", () => {
    expect(translate(messages, "en", "nested.deep", { brand: "Nova" })).toBe("Deep Nova");
    expect(translate(messages, "en", "greeting", { name: "Ana" })).toBe("Hello Ana");
  });

  it("leaves a placeholder with no value visible, and shows a missing key as itself", () => {
    expect(translate(messages, "en", "greeting")).toBe("Hello {{name}}");
    expect(translate(messages, "en", "nested.missing")).toBe("nested.missing");
    expect(translate(messages, "en", "nested")).toBe("nested");
  });

  it("picks the plural form of the language: French counts zero as one", () => {
    expect(translate(messages, "en", "items", { count: 1 })).toBe("1 item");
    expect(translate(messages, "en", "items", { count: 0 })).toBe("0 items");
    expect(translate(messages, "fr", "items", { count: 0 })).toBe("0 item");
    // French has a "many" form for millions; without one in the file, "other" answers.
    expect(translate(messages, "fr", "items", { count: 1_000_000 })).toBe("1000000 items");
  });

  it("interpolates every string of a list or group, leaving other values alone", () => {
    expect(translateObject([{ q: "{{brand}}?", n: 2 }], { brand: "Nova" })).toEqual([{ q: "Nova?", n: 2 }]);
  });
});

describe("createTranslator", () => {
  it("fills the marketing figures and brand in every text without being given them", () => {
    const { t } = createTranslator("es", allMessages.es);
    expect(t("meta.home.description")).toMatch(/^[^{}]*\d[^{}]*$/);
    expect(t("blog.results", { count: 1 })).not.toBe(t("blog.results", { count: 2 }));
  });

  it("gives lists with their placeholders filled, and values given win over the defaults", () => {
    const { items, t } = createTranslator("fr", allMessages.fr);
    const faq = items("faq.items");
    expect(faq.length).toBeGreaterThan(3);
    expect(JSON.stringify(faq)).not.toContain("{{");
    expect(t("common.skipToContent", { brand: "X" })).toBe(allMessages.fr.common.skipToContent);
  });
});
