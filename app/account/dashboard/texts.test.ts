import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { languages } from "../../../common/languages";

/** Every path to a string, with the placeholders it uses: what each language must have like English. */
function shape(node: unknown, prefix = ""): string[] {
  if (typeof node === "string")
    return [
      `${prefix} ${[...node.matchAll(/\{\{(\w+)\}\}/g)]
        .map((match) => match[1])
        .sort()
        .join(",")}`,
    ];
  return Object.entries(node as Record<string, unknown>).flatMap(([key, value]) => shape(value, prefix ? `${prefix}.${key}` : key));
}

const read = (path: string) => JSON.parse(readFileSync(path, "utf8")) as unknown;

describe("the dashboard's texts", () => {
  const english = shape(read("content/locales/account/en/dashboard.json"));

  it.each(languages)("in %s have every English text, with the same placeholders, and none empty", (language) => {
    const texts = read(`content/locales/account/${language}/dashboard.json`);
    expect(shape(texts)).toEqual(english);
    expect(JSON.stringify(texts)).not.toMatch(/:""/);
  });

  it("word every order state", () => {
    for (const status of ["pending", "paid", "failed", "fulfilled", "expired", "refunded"]) {
      expect(english.some((line) => line.startsWith(`orders.statuses.${status} `))).toBe(true);
    }
  });
});
