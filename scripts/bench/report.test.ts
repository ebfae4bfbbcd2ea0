import { describe, expect, it } from "vitest";
import { lighthouseChecks, lighthouseTable, marks, type PageFigures, summary } from "./report.ts";

const perfect: PageFigures = {
  language: "en",
  url: "/",
  landing: true,
  noindex: false,
  performance: 100,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  lcpMs: 900,
  tbtMs: 0,
  cpuSlowdown: 3.2,
  tbtCalibratedMs: 0,
  cls: 0,
  jsKb: 80.4,
};

describe("lighthouse checks", () => {
  it("holds every figure of the landing page to its budget", () => {
    const checks = lighthouseChecks([{ ...perfect, tbtCalibratedMs: 500 }]);
    expect(checks).toHaveLength(8);
    expect(checks.every((check) => check.pass === true)).toBe(true);
    expect(checks.find((check) => check.figure === "LCP")).toMatchObject({ text: "900 ms", budget: "< 1200 ms" });
  });

  it("prints the JavaScript of other pages without a budget, and exempts the noindex page's SEO", () => {
    const checks = lighthouseChecks([{ ...perfect, url: "/no-such-page", landing: false, noindex: true, seo: 60, jsKb: 150 }]);
    expect(checks.find((check) => check.figure === "JS")).toMatchObject({ text: "150.0 KB", pass: null });
    expect(checks.find((check) => check.figure === "SEO")).toMatchObject({ text: "60", pass: null });
  });

  it("exempts the best-practices score of a 404 page that lost points only for its own status", () => {
    const notFound = { ...perfect, url: "/no-such-page", landing: false, noindex: true, bestPractices: 96 };
    expect(
      lighthouseChecks([{ ...notFound, bestPracticesLostToOwnStatus: true }]).find((check) => check.figure === "b-p")?.pass,
    ).toBeNull();
    expect(lighthouseChecks([notFound]).find((check) => check.figure === "b-p")?.pass).toBe(false);
  });

  it("fails figures at or over the budget, and figures Lighthouse could not measure", () => {
    const checks = lighthouseChecks([{ ...perfect, performance: 99, lcpMs: 1200, tbtMs: Number.NaN, cls: 0.001, jsKb: 100 }]);
    const failed = checks.filter((check) => check.pass === false).map((check) => `${check.figure} ${check.text}`);
    expect(failed).toEqual(["perf 99", "LCP 1200 ms", "TBT n/a", "CLS 0.001", "JS 100.0 KB"]);
  });
});

describe("lighthouse table", () => {
  it("puts a budget row under the headings and a mark beside every figure", () => {
    const [headings, budget, row] = lighthouseTable([{ ...perfect, tbtMs: 45, tbtCalibratedMs: 12.4 }]);
    expect(headings).toMatch(/perf +a11y +b-p +SEO +LCP ms +TBT ms +TBT@cal +cal +CLS +JS KB/);
    expect(budget).toMatch(/budget +100 +100 +100 +100 +< 1200 +< 30 +0 +< 100\*/);
    expect(row).toMatch(/^en {3}\/ /);
    expect(row).toContain(`45 ${marks.fail}`);
    expect(row).toContain(`12 ${marks.info} 3.2 ${marks.info}`);
    expect(row?.split(marks.pass)).toHaveLength(8);
  });
});

describe("summary", () => {
  it("counts the figures held to a budget and lists those that missed it", () => {
    const checks = lighthouseChecks([
      perfect,
      { ...perfect, language: "es", url: "/es", tbtMs: 80 },
      { ...perfect, url: "/about", landing: false },
    ]);
    const lines = summary(checks);
    expect(lines[0]).toBe("22 of 23 figures met their budget (1 more printed for information, no budget).");
    expect(lines.slice(1)).toEqual(["Not met (1):", `  ${marks.fail} /es TBT: 80 ms (budget < 30 ms)`]);
  });

  it("says when nothing was measured", () => {
    expect(summary([])).toEqual(["No figure was measured against a budget."]);
  });

  it("says so when every figure met its budget", () => {
    expect(summary(lighthouseChecks([perfect]))).toEqual(["8 of 8 figures met their budget.", "Every figure met its budget."]);
  });
});
