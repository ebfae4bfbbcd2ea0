import { describe, expect, it } from "vitest";
import { median, medianFigures, medianRunIndex } from "./median.ts";
import type { PageFigures } from "./report.ts";

const run = (performance: number, lcpMs: number, tbtMs: number): PageFigures => ({
  language: "en",
  url: "/",
  landing: true,
  noindex: false,
  performance,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  lcpMs,
  tbtMs,
  cpuSlowdown: 4,
  tbtCalibratedMs: tbtMs / 2,
  cls: 0,
  jsKb: 90,
});

describe("median", () => {
  it("takes the middle value of an odd count and the mean of the middle two of an even one, ignoring NaN", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([Number.NaN, 5])).toBe(5);
    expect(median([])).toBeNaN();
  });
});

describe("medianFigures", () => {
  it("reports each figure's own median across the runs", () => {
    const figures = medianFigures([run(99, 1100, 40), run(97, 1300, 10), run(100, 1000, 20)]);
    expect(figures).toMatchObject({ performance: 99, lcpMs: 1100, tbtMs: 20, url: "/" });
  });

  it("names the run with the median performance score, for its diagnostics", () => {
    expect(medianRunIndex([run(99, 0, 0), run(90, 0, 0), run(95, 0, 0)])).toBe(2);
  });
});
