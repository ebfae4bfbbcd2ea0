/**
 * `npm run bench`: the budgets of docs/decisions/0003-performance-budgets.md (their numbers are `budgets` in
 * bench/report.ts), each figure beside its budget.
 *
 * - Lighthouse (mobile, its default throttling) on every page type in every language, against the real
 *   production server, in Debian's Chromium.
 * - The landing page's serving throughput on one core beside nginx serving the same bytes
 *   (scripts/bench/throughput.ts: taskset, one nginx worker, wrk on another core).
 *
 * Before measuring, the server meets every page and file once, and Chromium loads the first page once
 * (scripts/bench/warm-up.ts): neither starts cold for the first page measured.
 *
 * Run `npm run build` first. `--only /about` limits Lighthouse to one page (`/es/about`: one language; the
 * throughput part runs only when the landing page is among the pages); `--throughput-only` skips Lighthouse;
 * `--runs 3` (the default) measures each page three times, each figure the median of the three;
 * `--rounds 3` has the two servers take turns three times under load, the median run of each counting.
 * `--beside <folder>` also measures another site's landing page, built into that folder (AstroWind's
 * `dist`, built by scripts/bench/build-astrowind.sh), at the start and at the end of the Lighthouse part,
 * and holds each twin's TBT to its own.
 * Ports: BENCH_PORT (3200) for the server, a free one after it (up to 3299) for nginx. The server answers the
 * language detection's geolocation itself, as it does by default.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import { type FirstTapFigures, measureFirstTaps } from "./bench/first-tap.ts";
import { firstTapBudgetMs, firstTapChecks, firstTapTable } from "./bench/first-tap-report.ts";
import { measurePageAndTwin, measureReference, type PageResult, slowCpuBenchmarkIndex, warmUpBrowser } from "./bench/lighthouse.ts";
import { median } from "./bench/median.ts";
import { pagePaths, pagesToMeasure } from "./bench/pages.ts";
import { budgets, type Check, lighthouseChecks, lighthouseTable, marks, type PageFigures, summary } from "./bench/report.ts";
import { freePort, startServer } from "./bench/server.ts";
import { serveStaticSite } from "./bench/static-site.ts";
import { measureThroughput } from "./bench/throughput.ts";
import { startPageAndTwin } from "./bench/twin.ts";
import {
  floorChecks,
  floorTable,
  type PageAndTwinFigures,
  referenceRunsText,
  twinBudgets,
  twinChecks,
  twinTable,
} from "./bench/twin-report.ts";
import { warmUp } from "./bench/warm-up.ts";
import { chromiumArgs, chromiumPath } from "./support/chromium.ts";

const { values: options } = parseArgs({
  options: {
    only: { type: "string" },
    "throughput-only": { type: "boolean", default: false },
    rounds: { type: "string", default: "1" },
    runs: { type: "string", default: "3" },
    beside: { type: "string" },
  },
});
const rounds = Number(options.rounds);
const runs = Number(options.runs);
if (!Number.isInteger(runs) || runs < 1 || runs > 9) {
  console.error(`--runs ${options.runs}: give a whole number from 1 to 9.`);
  process.exit(2);
}
if (!Number.isInteger(rounds) || rounds < 1 || rounds > 10) {
  console.error(`--rounds ${options.rounds}: give a whole number from 1 to 10.`);
  process.exit(2);
}
const port = Number(process.env.BENCH_PORT ?? 3200);
const pages = pagesToMeasure(options.only);
if (!pages) {
  console.error(`--only ${options.only}: not a page the bench measures. Pages: ${pagePaths.join(", ")} (or with /es or /fr before them).`);
  process.exit(2);
}
const lighthouseWanted = !options["throughput-only"];
const throughputWanted = options["throughput-only"] || pages.some((page) => page.path === "/");

// The throughput comparison is of one process on one core: no cluster of workers, whatever the shell says.
delete process.env.WEB_CONCURRENCY;
const server = await startServer(port, "bench-results/server.log");
const checks: Check[] = [];
try {
  if (lighthouseWanted) checks.push(...(await runLighthouse()));
  if (throughputWanted) {
    try {
      const nginxPort = await freePort(port + 1, 3299);
      const check = await measureThroughput(port, server.process.pid ?? 0, nginxPort, rounds);
      if (check) checks.push(check);
    } catch (error) {
      console.log(`  The throughput could not be measured: ${error instanceof Error ? error.message : error}`);
      checks.push({ subject: "/", figure: "req/s ÷ nginx's", text: "n/a", budget: `≥ ${budgets.throughputRatio}`, pass: false });
    }
  } else {
    console.log("\nThroughput skipped: it is the landing page's, and --only leaves the landing page out.");
  }
} finally {
  await server.stop();
}

console.log(`\nSummary: ${summary(checks).join("\n")}`);

async function runLighthouse(): Promise<Check[]> {
  const base = `http://localhost:${port}`;
  await warmUp(
    base,
    (pages ?? []).map((page) => page.url),
  );
  const pagePort = await freePort(port + 2, 3299);
  const proxies = await startPageAndTwin(port, pagePort, await freePort(pagePort + 1, 3299));
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: chromiumArgs });
  const reference = options.beside ? await serveStaticSite(resolve(options.beside), await freePort(pagePort + 2, 3299)) : undefined;
  const results: PageResult[] = [];
  const pairs: PageAndTwinFigures[] = [];
  const referenceRuns: { start: PageFigures[]; end: PageFigures[] } = { start: [], end: [] };
  let taps: FirstTapFigures[] = [];
  try {
    const [first] = pages ?? [];
    if (first) {
      await warmUpBrowser(chrome.port, proxies.pageBase, first);
      await warmUpBrowser(chrome.port, proxies.twinBase, first);
    }
    const referenceDirectory = "bench-results/lighthouse/beside";
    if (reference) referenceRuns.start = await measureReference(chrome.port, reference.base, `${referenceDirectory}/start`, runs);
    for (const page of pages ?? []) {
      const measured = await measurePageAndTwin(
        chrome.port,
        { page: proxies.pageBase, twin: proxies.twinBase },
        page,
        "bench-results/lighthouse",
        runs,
      );
      const result = measured.page;
      console.log(
        `Lighthouse: ${page.url} and its twin, medians of ${runs} each (CPU benchmark ${Math.round(result.benchmarkIndex)}${result.retried ? `; ${result.retried}` : ""})`,
      );
      if (result.runtimeError) console.log(`  Lighthouse could not measure it: ${result.runtimeError}`);
      if (result.belowFullMarks.length > 0) console.log(`  audits below full marks: ${result.belowFullMarks.join(", ")}`);
      for (const line of result.diagnostics) console.log(`  ${line}`);
      results.push(result);
      pairs.push({ page: result.figures, twin: measured.twin.figures });
    }
    if (reference) referenceRuns.end = await measureReference(chrome.port, reference.base, `${referenceDirectory}/end`, runs);
  } finally {
    await chrome.kill();
    await reference?.stop();
  }
  try {
    console.log(`\nFirst taps: each page's controls, ${runs} times on the page and its twin in turn, at 4x CPU slowdown`);
    taps = await measureFirstTaps(chromiumPath, chromiumArgs, { page: proxies.pageBase, twin: proxies.twinBase }, pages ?? [], runs);
  } finally {
    await proxies.stop();
  }
  const rows = results.map((result) => result.figures);
  console.log(
    "\nLighthouse mobile (budgets, docs/decisions/0003-performance-budgets.md: " +
      `every score ${budgets.score}, LCP < ${budgets.lcpMs} ms, TBT < ${budgets.tbtMs} ms, ` +
      `CLS ${budgets.cls}, JavaScript to show the landing page < ${budgets.landingJsKb} KB compressed)\n`,
  );
  for (const line of lighthouseTable(rows)) console.log(line);
  console.log(
    `\n${marks.pass} within budget, ${marks.fail} over it, ${marks.info} printed without a budget. ` +
      "* JS KB: JavaScript transferred (compressed) while the page loads; the budget is the landing page's, other pages show it for information.\n" +
      "TBT@cal: TBT of the same runs at the CPU slowdown Lighthouse's calculator gives for each run's CPU benchmark (cal, median), " +
      "instead of the fixed 4x held to the budget: it tells the page's work from the machine's speed in that minute (bench/cpu-slowdown.ts).\n" +
      "The not-found page answers 404 and is noindex on purpose: its SEO score is not held to 100, nor its best-practices score " +
      "when all it lost there is the console error Chrome logs for the 404 itself.",
  );
  const benchmarks = results.map((result) => Math.round(result.benchmarkIndex));
  const slowest = Math.min(...benchmarks);
  if (slowest < slowCpuBenchmarkIndex) {
    console.log(
      `Lighthouse's CPU benchmark of this machine was ${slowest}${Math.max(...benchmarks) > slowest ? `-${Math.max(...benchmarks)}` : ""}, ` +
        `under the ${slowCpuBenchmarkIndex} below which Lighthouse warns that the CPU is slower than it expects: its 4x CPU ` +
        "slowdown comes on top, so TBT and LCP's render delay read higher than on a faster or quieter machine.",
    );
  }
  mkdirSync("bench-results", { recursive: true });
  console.log(
    `\nEach page beside its twin (the same HTML and CSS without a script, measured in turn in this run): what our JavaScript costs. ` +
      `Budgets: TBT at most ${twinBudgets.tbtAboveTwinMs} ms above the twin's, the performance score the twin's, LCP within ` +
      `${twinBudgets.lcpAboveTwinShare * 100}% of the twin's, CLS the twin's (docs/decisions/0032-the-page-beside-its-twin.md).\n`,
  );
  for (const line of twinTable(pairs)) console.log(line);
  const referenceTbtMs = median([...referenceRuns.start, ...referenceRuns.end].map((figures) => figures.tbtMs));
  if (reference) {
    console.log(
      `\nThe floor beside another site's: ${options.beside}'s landing page, measured at the start (${referenceRunsText(referenceRuns.start)}) ` +
        `and at the end (${referenceRunsText(referenceRuns.end)}) of this run. Each twin's TBT is held to the median of those runs.\n`,
    );
    for (const line of floorTable(pairs, referenceTbtMs)) console.log(line);
  }
  console.log(
    `\nThe first tap on a phone (Interaction to Next Paint, Chromium's Event Timing, 4x CPU slowdown, median of ${runs}), ` +
      `tapped as soon as the page has loaded, while it may still be hydrating. Budget: ${firstTapBudgetMs} ms. ` +
      "The twin's is the same tap on the page without its scripts: the floor of that minute. A public page loads its app at " +
      "the first interaction, after the tap has been answered: the last column is the main thread's blocking time from the " +
      "tap until the woken page has hydrated (the menu's rows; a second tap in that time would wait for it).\n",
  );
  for (const line of firstTapTable(taps)) console.log(line);
  writeFileSync("bench-results/lighthouse.json", JSON.stringify({ pairs, taps }, null, 2));
  console.log("Figures saved to bench-results/lighthouse.json, each page's full Lighthouse report to bench-results/lighthouse/.");
  return [
    ...lighthouseChecks(rows),
    ...twinChecks(pairs),
    ...(reference ? floorChecks(pairs, referenceTbtMs) : []),
    ...firstTapChecks(taps),
  ];
}
