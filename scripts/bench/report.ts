/**
 * Pure formatting for `npm run bench`: every figure beside its budget (design.md §9) with a mark, and the
 * summary of which figures met their budget. No I/O here, so it is unit-tested (report.test.ts).
 */

export const budgets = {
  /** Every Lighthouse category score. */
  score: 100,
  lcpMs: 1200,
  tbtMs: 30,
  cls: 0,
  /** JavaScript transferred (compressed) to show the landing page. */
  landingJsKb: 100,
  /** Our landing page's requests per second, as a share of nginx's serving the same bytes. */
  throughputRatio: 0.5,
} as const;

export const marks = { pass: "✓", fail: "✗", info: "·" } as const;

export type Language = "en" | "es" | "fr";

/** One page in one language, as Lighthouse measured it. */
export interface PageFigures {
  language: Language;
  /** What a visitor types, language prefix included: "/", "/es", "/fr/blog". */
  url: string;
  /** The landing page, the only one the JavaScript budget applies to. */
  landing: boolean;
  /** The not-found page asks not to be indexed on purpose, so its SEO score is not held to 100. */
  noindex: boolean;
  /**
   * The page answers 404 on purpose, and all it lost in best practices is the console error Chrome logs
   * for that status: then that score is not held to 100 either.
   */
  bestPracticesLostToOwnStatus?: boolean;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsKb: number;
}

/** One figure beside its budget; `pass` is null when the figure is printed for information only. */
export interface Check {
  subject: string;
  figure: string;
  text: string;
  budget: string;
  pass: boolean | null;
}

export function mark(pass: boolean | null): string {
  return pass === null ? marks.info : pass ? marks.pass : marks.fail;
}

interface Column {
  heading: string;
  /** The budget as printed in the budget row of the table. */
  budget: string;
  /** The budget as printed in the summary, with its unit. */
  budgetInWords: string;
  unit: string;
  width: number;
  value(row: PageFigures): number;
  format(value: number): string;
  pass(value: number, row: PageFigures): boolean | null;
}

const scoreColumn = (heading: string, value: (row: PageFigures) => number, exempt?: (row: PageFigures) => boolean): Column => ({
  heading,
  budget: String(budgets.score),
  budgetInWords: String(budgets.score),
  unit: "",
  width: 6,
  value,
  format: String,
  pass: (score, row) => (exempt?.(row) ? null : score >= budgets.score),
});

export const columns: Column[] = [
  scoreColumn("perf", (row) => row.performance),
  scoreColumn("a11y", (row) => row.accessibility),
  scoreColumn(
    "b-p",
    (row) => row.bestPractices,
    (row) => row.bestPracticesLostToOwnStatus === true,
  ),
  scoreColumn(
    "SEO",
    (row) => row.seo,
    (row) => row.noindex,
  ),
  {
    heading: "LCP ms",
    budget: `< ${budgets.lcpMs}`,
    budgetInWords: `< ${budgets.lcpMs} ms`,
    unit: " ms",
    width: 8,
    value: (row) => row.lcpMs,
    format: (ms) => String(Math.round(ms)),
    pass: (ms) => ms < budgets.lcpMs,
  },
  {
    heading: "TBT ms",
    budget: `< ${budgets.tbtMs}`,
    budgetInWords: `< ${budgets.tbtMs} ms`,
    unit: " ms",
    width: 8,
    value: (row) => row.tbtMs,
    format: (ms) => String(Math.round(ms)),
    pass: (ms) => ms < budgets.tbtMs,
  },
  {
    heading: "CLS",
    budget: String(budgets.cls),
    budgetInWords: String(budgets.cls),
    unit: "",
    width: 7,
    value: (row) => row.cls,
    format: (cls) => (cls === 0 ? "0" : cls.toFixed(3)),
    pass: (cls) => cls <= budgets.cls,
  },
  {
    heading: "JS KB",
    budget: `< ${budgets.landingJsKb}*`,
    budgetInWords: `< ${budgets.landingJsKb} KB`,
    unit: " KB",
    width: 8,
    value: (row) => row.jsKb,
    format: (kb) => kb.toFixed(1),
    pass: (kb, row) => (row.landing ? kb < budgets.landingJsKb : null),
  },
];

/** A figure Lighthouse could not measure is NaN: it prints as n/a and never meets a budget it is held to. */
function cell(column: Column, row: PageFigures): { text: string; pass: boolean | null } {
  const value = column.value(row);
  const pass = column.pass(value, row);
  if (!Number.isFinite(value)) return { text: "n/a", pass: pass === null ? null : false };
  return { text: column.format(value), pass };
}

/** The Lighthouse table: a budget row under the headings, then every figure with its mark. */
export function lighthouseTable(rows: PageFigures[]): string[] {
  const pageWidth = Math.max(20, ...rows.map((row) => row.url.length + 5)) + 1;
  const line = (first: string, cells: string[]) => `${first.padEnd(pageWidth)}${cells.join("")}`.trimEnd();
  return [
    line(
      "lang page",
      columns.map((column) => column.heading.padStart(column.width + 2)),
    ),
    line(
      "     budget",
      columns.map((column) => column.budget.padStart(column.width + 2)),
    ),
    ...rows.map((row) =>
      line(
        `${row.language.padEnd(5)}${row.url}`,
        columns.map((column) => {
          const { text, pass } = cell(column, row);
          return `${text.padStart(column.width)} ${mark(pass)}`;
        }),
      ),
    ),
  ];
}

export function lighthouseChecks(rows: PageFigures[]): Check[] {
  return rows.flatMap((row) =>
    columns.map((column) => {
      const { text, pass } = cell(column, row);
      return {
        subject: row.url,
        figure: column.heading.replace(/ ms$| KB$/, ""),
        text: text === "n/a" ? text : `${text}${column.unit}`,
        budget: column.budgetInWords,
        pass,
      };
    }),
  );
}

/** What the throughput run measured against one server. */
export interface LoadFigures {
  label: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Bytes received per response, headers included: shows both servers sent about the same. */
  bytesPerResponse: number;
  non2xx: number;
  errors: number;
  /** CPU time the server used over the run, as a share of one core; null when it could not be read. */
  serverCpu: number | null;
  /** The same for the load generator (this process). */
  loadGeneratorCpu: number | null;
  /** The same for every other process on the machine. */
  otherCpu: number | null;
}

const percent = (share: number | null) => (share === null ? "?" : `${Math.round(share * 100)}%`);

export function throughputTable(results: LoadFigures[]): string[] {
  const labelWidth = Math.max(12, ...results.map((result) => result.label.length)) + 2;
  const head = ["req/s", "p50 ms", "p99 ms", "B/resp", "non-2xx", "errors", "server CPU", "µs CPU/req", "loadgen CPU", "other CPU"];
  const widths = [9, 8, 8, 8, 9, 8, 12, 12, 13, 11];
  const line = (first: string, cells: string[]) =>
    `${first.padEnd(labelWidth)}${cells.map((text, index) => text.padStart(widths[index] ?? 8)).join("")}`;
  return [
    line("", head),
    ...results.map((result) =>
      line(result.label, [
        result.requestsPerSecond.toFixed(0),
        result.p50Ms.toFixed(1),
        result.p99Ms.toFixed(1),
        result.bytesPerResponse.toFixed(0),
        String(result.non2xx),
        String(result.errors),
        percent(result.serverCpu),
        result.serverCpu === null || result.requestsPerSecond === 0
          ? "?"
          : ((result.serverCpu / result.requestsPerSecond) * 1e6).toFixed(0),
        percent(result.loadGeneratorCpu),
        percent(result.otherCpu),
      ]),
    ),
  ];
}

/** Above this share of one core, autocannon (single-threaded) is the limit of a run rather than the server. */
export const saturatedLoadGenerator = 0.8;

const microsecondsPerRequest = (figures: LoadFigures) =>
  figures.serverCpu === null || figures.requestsPerSecond === 0 ? null : (figures.serverCpu / figures.requestsPerSecond) * 1e6;

/** What the table means beyond the ratio: whether the load generator was the limit, and the CPU cost per request. */
export function throughputNotes(ours: LoadFigures, nginx: LoadFigures): string[] {
  const notes: string[] = [];
  const saturated = (figures: LoadFigures) => (figures.loadGeneratorCpu ?? 0) >= saturatedLoadGenerator;
  // Our server is one process: near one core, it was its own limit, whatever the load generator used.
  const oursAtItsLimit = (ours.serverCpu ?? 0) >= 0.9;
  if (saturated(nginx)) {
    notes.push(
      `autocannon used ${percent(nginx.loadGeneratorCpu)} of a core against nginx: that run measured the load generator's limit, ` +
        (saturated(ours) && !oursAtItsLimit
          ? "and so did ours, so the ratio says little about the servers."
          : "not nginx's, so the ratio flatters our server."),
    );
  }
  const oursCost = microsecondsPerRequest(ours);
  const nginxCost = microsecondsPerRequest(nginx);
  if (oursCost !== null && nginxCost !== null && oursCost > 0) {
    notes.push(
      `CPU per request: ours ${oursCost.toFixed(0)} µs, nginx ${nginxCost.toFixed(0)} µs; per CPU-second our server answers ` +
        `${(nginxCost / oursCost).toFixed(2)} of nginx's requests (ours is one process, so one core at most; nginx has a worker per core).`,
    );
  }
  return notes;
}

/** Ours against nginx: a run with failed requests does not count as meeting the budget. */
export function throughputCheck(ours: LoadFigures, nginx: LoadFigures): Check {
  const ratio = ours.requestsPerSecond / nginx.requestsPerSecond;
  const clean = ours.non2xx === 0 && ours.errors === 0 && nginx.non2xx === 0 && nginx.errors === 0;
  return {
    subject: "/",
    figure: "req/s ÷ nginx's",
    text: Number.isFinite(ratio) ? ratio.toFixed(3) : "n/a",
    budget: `≥ ${budgets.throughputRatio}`,
    pass: clean && Number.isFinite(ratio) ? ratio >= budgets.throughputRatio : false,
  };
}

export function formatCheck(check: Check): string {
  return `${mark(check.pass)} ${check.subject} ${check.figure}: ${check.text} (budget ${check.budget})`;
}

/** How many figures met their budget, then each one that did not. */
export function summary(checks: Check[]): string[] {
  const held = checks.filter((check) => check.pass !== null);
  const missed = held.filter((check) => check.pass === false);
  const informative = checks.length - held.length;
  if (held.length === 0) return ["No figure was measured against a budget."];
  const lines = [
    `${held.length - missed.length} of ${held.length} figures met their budget` +
      (informative > 0 ? ` (${informative} more printed for information, no budget).` : "."),
  ];
  if (missed.length === 0) return [...lines, "Every figure met its budget."];
  return [...lines, `Not met (${missed.length}):`, ...missed.map((check) => `  ${formatCheck(check)}`)];
}
