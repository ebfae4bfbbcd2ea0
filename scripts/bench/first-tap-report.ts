/**
 * The first tap's figures (first-tap.ts) beside their budget and the twin's: pure formatting, unit-tested
 * (first-tap-report.test.ts).
 */
import { eventTimingThresholdMs, type FirstTapFigures } from "./first-tap.ts";
import { type Check, mark } from "./report.ts";

/** Interaction to Next Paint of the first tap at 4x CPU slowdown: "good" by Core Web Vitals' threshold. */
export const firstTapBudgetMs = 200;

const latency = (ms: number | null) =>
  ms === null ? "n/a" : ms <= eventTimingThresholdMs ? `≤ ${eventTimingThresholdMs}` : `${Math.round(ms)}`;
const passes = (figures: FirstTapFigures) => figures.pageMs !== null && figures.pageMs <= firstTapBudgetMs;

export function firstTapTable(rows: FirstTapFigures[]): string[] {
  const pageWidth = Math.max(20, ...rows.map((row) => row.url.length + 5)) + 1;
  const line = (first: string, control: string, page: string, twin: string, wake: string) =>
    `${first.padEnd(pageWidth)}  ${control.padEnd(12)}  ${page.padEnd(14)}  ${twin.padEnd(14)}  ${wake}`.trimEnd();
  return [
    line("lang page", "control", "INP ms", "twin's INP ms", "then waking, blocking ms"),
    line("     budget", "", `≤ ${firstTapBudgetMs}`, "(the floor)", "(for information)"),
    ...rows.map((row) =>
      row.error
        ? line(`${row.language.padEnd(5)}${row.url}`, row.control, `n/a ${mark(false)}`, `could not tap: ${row.error}`, "")
        : line(
            `${row.language.padEnd(5)}${row.url}`,
            row.control,
            `${latency(row.pageMs)} ${mark(passes(row))}`,
            latency(row.twinMs),
            row.wakeMs === null ? "" : `${Math.round(row.wakeMs)}`,
          ),
    ),
  ];
}

export function firstTapChecks(rows: FirstTapFigures[]): Check[] {
  return rows.map((row) => ({
    subject: `${row.url} (${row.control})`,
    figure: "first tap INP",
    text: row.pageMs === null ? "n/a" : `${latency(row.pageMs)} ms`,
    budget: `≤ ${firstTapBudgetMs} ms`,
    pass: passes(row),
  }));
}
