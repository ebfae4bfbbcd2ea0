/**
 * Pure formatting for `npm run bench`: every figure beside its budget
 * (docs/decisions/0003-performance-budgets.md, where each number of `budgets` below is explained) with a
 * mark, and the summary of which figures met their budget. No I/O here, so it is unit-tested
 * (report.test.ts).
 */
import type { Language } from "../../common/languages.ts";

export const budgets = {
  /** Every Lighthouse category score. */
  score: 100,
  lcpMs: 1200,
  tbtMs: 30,
  cls: 0,
  /** JavaScript transferred (compressed) to show the landing page. */
  landingJsKb: 100,
  /** Our landing page's requests per second on one core, as a share of nginx's serving the same bytes (throughput-report.ts). */
  throughputRatio: 0.5,
} as const;

export const marks = { pass: "✓", fail: "✗", info: "·" } as const;

export type { Language };

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
  /** The CPU slowdown calibrated to the run's benchmark (cpu-slowdown.ts), and TBT at it: for information. */
  cpuSlowdown: number;
  tbtCalibratedMs: number;
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
  /** Printed in the table to explain the figures beside it, never a figure of the summary. */
  tableOnly?: true;
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

/** A figure printed beside the others to explain them, held to no budget. */
const tableColumn = (heading: string, width: number, value: Column["value"], format: Column["format"]): Column => ({
  heading,
  budget: "",
  budgetInWords: "",
  unit: "",
  width,
  value,
  format,
  pass: () => null,
  tableOnly: true,
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
  tableColumn(
    "TBT@cal",
    8,
    (row) => row.tbtCalibratedMs,
    (ms) => String(Math.round(ms)),
  ),
  tableColumn(
    "cal",
    4,
    (row) => row.cpuSlowdown,
    (slowdown) => slowdown.toFixed(1),
  ),
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
    columns
      .filter((column) => !column.tableOnly)
      .map((column) => {
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
