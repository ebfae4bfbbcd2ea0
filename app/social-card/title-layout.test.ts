import { describe, expect, it } from "vitest";
import { fitTitle, type Measure, wrapWords } from "./title-layout";

// Every character is as wide as half the font size: easy to reason about.
const measure: Measure = (text, fontSize) => text.length * fontSize * 0.5;

describe("wrapWords", () => {
  it("keeps words whole and lines within the width", () => {
    const lines = wrapWords("How to set up NovaStream on your Smart TV", 20, 150, measure);
    expect(lines).toEqual(["How to set up", "NovaStream on", "your Smart TV"]);
    for (const line of lines) expect(measure(line, 20)).toBeLessThanOrEqual(150);
  });

  it("gives a word wider than the line a line of its own", () => {
    expect(wrapWords("a Supercalifragilistic b", 20, 100, measure)).toEqual(["a", "Supercalifragilistic", "b"]);
  });

  it("ignores extra spaces", () => {
    expect(wrapWords("  one   two ", 10, 1000, measure)).toEqual(["one two"]);
  });
});

describe("fitTitle", () => {
  it("uses the largest size at which the title fits", () => {
    const layout = fitTitle("Terms of service", [80, 60, 40], 400, 1, measure);
    expect(layout.fontSize).toBe(40);
    expect(layout.lines).toEqual(["Terms of service"]);
  });

  it("wraps onto several lines before shrinking", () => {
    const layout = fitTitle("Privacy policy and cookies", [20, 10], 200, 2, measure);
    expect(layout).toEqual({ fontSize: 20, lines: ["Privacy policy and", "cookies"] });
  });

  it("falls back to the smallest size when nothing fits", () => {
    const layout = fitTitle("word ".repeat(40), [60, 40], 200, 2, measure);
    expect(layout.fontSize).toBe(40);
    expect(layout.lines.length).toBeGreaterThan(2);
  });
});
