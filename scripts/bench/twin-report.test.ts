import { describe, expect, it } from "vitest";
import type { PageFigures } from "./report.ts";
import { floorChecks, floorTable, referenceRunsText, twinChecks, twinTable } from "./twin-report.ts";

const figures: PageFigures = {
  language: "en",
  url: "/about",
  landing: false,
  noindex: false,
  performance: 92,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  lcpMs: 1000,
  tbtMs: 400,
  cpuSlowdown: 4,
  tbtCalibratedMs: 400,
  cls: 0,
  jsKb: 116,
};
const twin: PageFigures = { ...figures, performance: 92, tbtMs: 377, lcpMs: 980, jsKb: 0 };

describe("the page beside its twin", () => {
  it("holds the page's TBT to 30 ms above its twin's, its score to the twin's, its LCP within 10% and its CLS to the twin's", () => {
    const checks = twinChecks([{ page: figures, twin }]);
    expect(checks.map((check) => [check.figure, check.text, check.pass])).toEqual([
      ["TBT − twin's", "+23 ms (400 − 377)", true],
      ["perf vs twin's", "92 (twin 92)", true],
      ["LCP − twin's", "+20 ms (1000 − 980)", true],
      ["CLS vs twin's", "0 (twin 0)", true],
    ]);
  });

  it("fails a page whose scripts cost more, and a figure Lighthouse could not measure", () => {
    const page = { ...figures, tbtMs: 636, performance: 84, lcpMs: 1100, cls: 0.02 };
    // 1,100 ms is 12% above the twin's 980.
    expect(twinChecks([{ page, twin }]).filter((check) => !check.pass)).toHaveLength(4);
    expect(twinChecks([{ page: { ...figures, tbtMs: Number.NaN }, twin }])[0]?.pass).toBe(false);
  });

  it("prints a heading row, a budget row and a line per page with its marks", () => {
    const [headings, budgets, row] = twinTable([{ page: figures, twin }]);
    expect(headings).toMatch(/^lang page +TBT − twin's +perf vs twin's +LCP − twin's +CLS vs twin's$/);
    expect(budgets).toMatch(/budget +≤ 30 ms +≥ twin's +≤ 10% of twin's +≤ twin's$/);
    expect(row).toMatch(/^en {3}\/about +\+23 ms \(400 − 377\) ✓ +92 \(twin 92\) ✓/);
  });

  it("holds each twin's TBT to the reference landing page's, measured in the same run", () => {
    const pairs = [
      { page: figures, twin },
      { page: { ...figures, url: "/es/about", language: "es" as const }, twin: { ...twin, tbtMs: 150 } },
    ];
    expect(floorChecks(pairs, 160).map((check) => [check.subject, check.text, check.budget, check.pass])).toEqual([
      ["/about", "377 ms", "≤ 160 ms", false],
      ["/es/about", "150 ms", "≤ 160 ms", true],
    ]);
    const table = floorTable(pairs, 160);
    expect(table[0]).toContain("≤ the reference's 160 ms");
    expect(table[2]).toMatch(/es {3}\/es\/about\s+150 ✓$/);
    expect(referenceRunsText([figures, { ...figures, tbtMs: 0.4, performance: 100, lcpMs: 1202.6, jsKb: 4.66 }])).toBe(
      "TBT 400, 0 ms, performance 92, 100, LCP 1000, 1203 ms, JS 116.0, 4.7 KB",
    );
  });
});
