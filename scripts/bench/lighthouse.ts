/**
 * Lighthouse (mobile, its default simulated throttling) on one page, in Debian's Chromium: the figures the
 * budgets hold (docs/decisions/0003-performance-budgets.md) at 4x and at the calibrated slowdown
 * (cpu-slowdown.ts), each the median of several runs; what the report says beyond the figures is read in
 * lighthouse-report.ts.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import lighthouse, { type Result } from "lighthouse";
import { calibratedCpuSlowdown } from "./cpu-slowdown.ts";
import { belowFullMarks, diagnose, lostOnlyToOwnStatus, scriptKb } from "./lighthouse-report.ts";
import { medianFigures, medianRunIndex } from "./median.ts";
import type { PageToMeasure } from "./pages.ts";
import type { PageFigures } from "./report.ts";

export interface PageResult {
  figures: PageFigures;
  /** Audits below full marks that count towards a category score. */
  belowFullMarks: string[];
  /** Why LCP, TBT or CLS are where they are, from the report. */
  diagnostics: string[];
  runtimeError?: string;
  /** Why the page was measured twice, when it was. */
  retried?: string;
  /** Lighthouse's CPU benchmark of this machine during the run (higher is faster). */
  benchmarkIndex: number;
}

/**
 * Lighthouse's own warnings are for its command line; this one matters here: see docs/throttling.md in
 * Lighthouse's repository.
 */
export const slowCpuBenchmarkIndex = 1000;

const lighthouseFlags = (chromePort: number, status: number) => ({
  port: chromePort,
  output: "json" as const,
  logLevel: "error" as const,
  formFactor: "mobile" as const,
  onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
  // Lighthouse refuses a page answering 4xx; the not-found page does so on purpose.
  ignoreStatusCode: status >= 400,
});

/** A run at Lighthouse's default 4x; with a directory, what it gathered is kept there to audit again. */
async function runLighthouse(chromePort: number, url: string, status: number, directory?: string): Promise<Result> {
  const keep = directory ? { gatherMode: directory, auditMode: directory } : {};
  const result = await lighthouse(url, { ...lighthouseFlags(chromePort, status), ...keep });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  return result.lhr;
}

/**
 * TBT of the same load at the slowdown calibrated to the run's CPU benchmark (cpu-slowdown.ts): the
 * slowdown is used only by the simulation, after gathering, so the gathered run is audited again. Lighthouse
 * refuses to audit with other settings than it gathered with, so the saved settings say the new slowdown.
 */
async function calibratedTbt(chromePort: number, status: number, directory: string, slowdown: number): Promise<number> {
  const file = join(directory, "artifacts.json");
  const artifacts = JSON.parse(readFileSync(file, "utf8"));
  artifacts.settings.throttling.cpuSlowdownMultiplier = slowdown;
  writeFileSync(file, JSON.stringify(artifacts));
  const flags = { ...lighthouseFlags(chromePort, status), auditMode: directory, throttling: { cpuSlowdownMultiplier: slowdown } };
  const result = await lighthouse(undefined, flags);
  return result?.lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN;
}

/** What the page answers: the not-found page 404 on purpose, every other 200. */
const expectedStatus = (page: PageToMeasure) => (page.path === "/no-such-page" ? 404 : 200);

/**
 * One run whose figures are thrown away, so that the first page measured does not pay for a browser that
 * has just started (its caches empty, its code cold) where every later page does not.
 */
export async function warmUpBrowser(chromePort: number, base: string, page: PageToMeasure): Promise<void> {
  await runLighthouse(chromePort, `${base}${page.url}`, expectedStatus(page));
}

/**
 * One load, audited at 4x and at the calibrated slowdown. A trace that went wrong (NO_NAVSTART, NO_FCP...)
 * says "Please run Lighthouse again": once. What was gathered is removed whatever happens.
 */
async function measureOnce(chromePort: number, url: string, status: number) {
  const gathered = mkdtempSync(join(tmpdir(), "bench-lighthouse-"));
  try {
    let lhr = await runLighthouse(chromePort, url, status, gathered);
    let retried: string | undefined;
    if (lhr.runtimeError) {
      retried = `${lhr.runtimeError.code}, measured again`;
      lhr = await runLighthouse(chromePort, url, status, gathered);
    }
    const slowdown = calibratedCpuSlowdown(lhr.environment.benchmarkIndex);
    const tbtCalibratedMs = slowdown && !lhr.runtimeError ? await calibratedTbt(chromePort, status, gathered, slowdown) : Number.NaN;
    return { lhr, retried, slowdown, tbtCalibratedMs };
  } finally {
    rmSync(gathered, { recursive: true, force: true });
  }
}

/**
 * The page and its twin (twin.ts) measured in turn, run after run, so that both meet the same minutes of
 * the machine; each figure the median of the runs', the diagnostics and audits those of the run with the median
 * performance score (its report is the one saved); the twin's reports under `twins/`.
 */
export async function measurePageAndTwin(
  chromePort: number,
  bases: { page: string; twin: string },
  page: PageToMeasure,
  reportDirectory: string,
  runs: number,
): Promise<{ page: PageResult; twin: PageResult }> {
  const twinDirectory = join(reportDirectory, "twins");
  const pageRuns: PageResult[] = [];
  const twinRuns: PageResult[] = [];
  for (let run = 0; run < runs; run++) {
    pageRuns.push(await measurePage(chromePort, bases.page, page, reportDirectory, run));
    twinRuns.push(await measurePage(chromePort, bases.twin, page, twinDirectory, run));
  }
  return { page: medianResult(pageRuns, page, reportDirectory), twin: medianResult(twinRuns, page, twinDirectory) };
}

/**
 * Another site's landing page (`--beside`, served by static-site.ts), measured `runs` times like ours: the
 * figures of each run, its reports under `directory`.
 */
export async function measureReference(chromePort: number, base: string, directory: string, runs: number): Promise<PageFigures[]> {
  const landing: PageToMeasure = { language: "en", path: "/", url: "/" };
  const results: PageFigures[] = [];
  for (let run = 0; run < runs; run++) results.push((await measurePage(chromePort, base, landing, directory, run)).figures);
  return results;
}

function medianResult(results: PageResult[], page: PageToMeasure, reportDirectory: string): PageResult {
  const chosen = results[medianRunIndex(results.map((result) => result.figures))] ?? results[0];
  if (!chosen) throw new Error("A median needs at least one run");
  copyFileSync(reportPath(reportDirectory, page, results.indexOf(chosen)), reportPath(reportDirectory, page));
  return { ...chosen, figures: medianFigures(results.map((result) => result.figures)) };
}

function reportPath(reportDirectory: string, page: PageToMeasure, run?: number): string {
  const name = `${page.language}${page.path === "/" ? "-home" : page.path.replaceAll("/", "-")}`;
  return join(reportDirectory, run === undefined ? `${name}.json` : `runs/${name}-${run + 1}.json`);
}

async function measurePage(
  chromePort: number,
  base: string,
  page: PageToMeasure,
  reportDirectory: string,
  run: number,
): Promise<PageResult> {
  const status = expectedStatus(page);
  const { lhr, retried, slowdown, tbtCalibratedMs } = await measureOnce(chromePort, `${base}${page.url}`, status);
  mkdirSync(join(reportDirectory, "runs"), { recursive: true });
  writeFileSync(reportPath(reportDirectory, page, run), JSON.stringify(lhr));
  const score = (category: string) => Math.round((lhr.categories[category]?.score ?? Number.NaN) * 100);
  const numeric = (audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;
  const figures: PageFigures = {
    language: page.language,
    url: page.url,
    landing: page.path === "/",
    noindex: page.path === "/no-such-page",
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcpMs: numeric("largest-contentful-paint"),
    tbtMs: numeric("total-blocking-time"),
    cpuSlowdown: slowdown ?? Number.NaN,
    tbtCalibratedMs,
    cls: numeric("cumulative-layout-shift"),
    jsKb: scriptKb(lhr),
    bestPracticesLostToOwnStatus: status >= 400 && lostOnlyToOwnStatus(lhr),
  };
  return {
    figures,
    belowFullMarks: belowFullMarks(lhr),
    diagnostics: lhr.runtimeError ? [] : diagnose(lhr, figures),
    runtimeError: lhr.runtimeError ? `${lhr.runtimeError.code} ${lhr.runtimeError.message}` : undefined,
    retried,
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}
