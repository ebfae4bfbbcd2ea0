import { describe, expect, it } from "vitest";
import {
  type LoadFigures,
  lighthouseChecks,
  lighthouseTable,
  marks,
  type PageFigures,
  summary,
  throughputCheck,
  throughputNotes,
  throughputTable,
} from "./report.ts";

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
  cls: 0,
  jsKb: 80.4,
};

const load = (label: string, requestsPerSecond: number, errors = 0): LoadFigures => ({
  label,
  requestsPerSecond,
  p50Ms: 5,
  p99Ms: 20,
  bytesPerResponse: 7000,
  non2xx: 0,
  errors,
  serverCpu: 0.9,
  loadGeneratorCpu: 0.6,
  otherCpu: null,
});

describe("lighthouse checks", () => {
  it("holds every figure of the landing page to its budget", () => {
    const checks = lighthouseChecks([perfect]);
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
    const [headings, budget, row] = lighthouseTable([{ ...perfect, tbtMs: 45 }]);
    expect(headings).toMatch(/perf +a11y +b-p +SEO +LCP ms +TBT ms +CLS +JS KB/);
    expect(budget).toMatch(/budget +100 +100 +100 +100 +< 1200 +< 30 +0 +< 100\*/);
    expect(row).toMatch(/^en {3}\/ /);
    expect(row).toContain(`45 ${marks.fail}`);
    expect(row?.split(marks.pass)).toHaveLength(8);
  });
});

describe("throughput", () => {
  it("compares our requests per second with nginx's against half of nginx's", () => {
    expect(throughputCheck(load("ours", 600), load("nginx", 1000))).toMatchObject({ text: "0.600", budget: "≥ 0.5", pass: true });
    expect(throughputCheck(load("ours", 400), load("nginx", 1000)).pass).toBe(false);
  });

  it("does not count a run with failed requests as meeting the budget", () => {
    expect(throughputCheck(load("ours", 900, 3), load("nginx", 1000)).pass).toBe(false);
  });

  it("prints one line per server with its figures", () => {
    const [head, ours] = throughputTable([load("our server", 612.4), load("nginx/1.22.1", 9000)]);
    expect(head).toMatch(/req\/s +p50 ms +p99 ms/);
    expect(ours).toMatch(/^our server +612 +5\.0 +20\.0 +7000 +0 +0 +90% +1470 +60% +\?$/);
  });
});

describe("throughput notes", () => {
  it("says when the load generator, not nginx, was the limit, and compares the CPU cost per request", () => {
    const notes = throughputNotes(
      { ...load("ours", 4600), serverCpu: 0.69, loadGeneratorCpu: 0.89 },
      {
        ...load("nginx", 4600),
        serverCpu: 0.23,
        loadGeneratorCpu: 0.94,
      },
    );
    expect(notes[0]).toMatch(/^autocannon used 94% of a core against nginx: .* and so did ours/);
    expect(notes[1]).toBe(
      "CPU per request: ours 150 µs, nginx 50 µs; per CPU-second our server answers 0.33 of nginx's requests " +
        "(ours is one process, so one core at most; nginx has a worker per core).",
    );
  });

  it("counts our server as its own limit when it used a whole core", () => {
    const notes = throughputNotes(
      { ...load("ours", 7400), serverCpu: 0.98, loadGeneratorCpu: 0.82 },
      {
        ...load("nginx", 11300),
        serverCpu: 0.41,
        loadGeneratorCpu: 1,
      },
    );
    expect(notes[0]).toMatch(/not nginx's, so the ratio flatters our server\.$/);
  });

  it("says nothing of the load generator when it had room", () => {
    const notes = throughputNotes(load("ours", 500), load("nginx", 5000));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(/^CPU per request: ours 1800 µs, nginx 180 µs; .* 0\.10 of nginx's/);
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
