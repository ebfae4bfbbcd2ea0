/**
 * The page beside its twin (twin.ts): the figures of both, measured in turn in the same run, and the
 * difference, which is what the page's JavaScript costs (docs/decisions/0032-the-page-beside-its-twin.md). Pure formatting,
 * unit-tested (twin-report.test.ts).
 */
import { type Check, mark, type PageFigures } from "./report.ts";

export const twinBudgets = {
  /** Total Blocking Time above the twin's, at Lighthouse's 4x. */
  tbtAboveTwinMs: 30,
  /**
   * LCP "unchanged": within this share of the twin's. The simulation's LCP of one page moves by up to 15% from
   * run to run on this machine (decision 0032), the median of 3 by about 10%.
   */
  lcpAboveTwinShare: 0.1,
} as const;

export interface PageAndTwinFigures {
  page: PageFigures;
  twin: PageFigures;
}

interface TwinFigure {
  heading: string;
  budget: string;
  text(pair: PageAndTwinFigures): string;
  pass(pair: PageAndTwinFigures): boolean;
}

const ms = (value: number) => `${Math.round(value)}`;
const signed = (value: number) => `${value >= 0 ? "+" : ""}${Math.round(value)}`;
const clsText = (cls: number) => (cls === 0 ? "0" : cls.toFixed(3));
const measured = (...values: number[]) => values.every(Number.isFinite);

export const twinFigures: TwinFigure[] = [
  {
    heading: "TBT − twin's",
    budget: `≤ ${twinBudgets.tbtAboveTwinMs} ms`,
    text: ({ page, twin }) => `${signed(page.tbtMs - twin.tbtMs)} ms (${ms(page.tbtMs)} − ${ms(twin.tbtMs)})`,
    pass: ({ page, twin }) => measured(page.tbtMs, twin.tbtMs) && page.tbtMs - twin.tbtMs <= twinBudgets.tbtAboveTwinMs,
  },
  {
    heading: "perf vs twin's",
    budget: "≥ twin's",
    text: ({ page, twin }) => `${page.performance} (twin ${twin.performance})`,
    pass: ({ page, twin }) => measured(page.performance, twin.performance) && page.performance >= twin.performance,
  },
  {
    heading: "LCP − twin's",
    budget: `≤ ${twinBudgets.lcpAboveTwinShare * 100}% of twin's`,
    text: ({ page, twin }) => `${signed(page.lcpMs - twin.lcpMs)} ms (${ms(page.lcpMs)} − ${ms(twin.lcpMs)})`,
    pass: ({ page, twin }) => measured(page.lcpMs, twin.lcpMs) && page.lcpMs - twin.lcpMs <= twin.lcpMs * twinBudgets.lcpAboveTwinShare,
  },
  {
    heading: "CLS vs twin's",
    budget: "≤ twin's",
    text: ({ page, twin }) => `${clsText(page.cls)} (twin ${clsText(twin.cls)})`,
    pass: ({ page, twin }) => measured(page.cls, twin.cls) && page.cls <= twin.cls,
  },
];

/** One line per page: each figure beside its twin's, with its mark. */
export function twinTable(pairs: PageAndTwinFigures[]): string[] {
  const pageWidth = Math.max(20, ...pairs.map(({ page }) => page.url.length + 5)) + 1;
  const widths = twinFigures.map((figure) =>
    Math.max(figure.heading.length, figure.budget.length, ...pairs.map((pair) => figure.text(pair).length + 2)),
  );
  const line = (first: string, cells: string[]) =>
    `${first.padEnd(pageWidth)}${cells.map((cell, index) => `  ${cell.padEnd(widths[index] ?? 0)}`).join("")}`.trimEnd();
  return [
    line(
      "lang page",
      twinFigures.map((figure) => figure.heading),
    ),
    line(
      "     budget",
      twinFigures.map((figure) => figure.budget),
    ),
    ...pairs.map((pair) =>
      line(
        `${pair.page.language.padEnd(5)}${pair.page.url}`,
        twinFigures.map((figure) => `${figure.text(pair)} ${mark(figure.pass(pair))}`),
      ),
    ),
  ];
}

export function twinChecks(pairs: PageAndTwinFigures[]): Check[] {
  return pairs.flatMap((pair) =>
    twinFigures.map((figure) => ({
      subject: pair.page.url,
      figure: figure.heading,
      text: figure.text(pair),
      budget: figure.budget,
      pass: figure.pass(pair),
    })),
  );
}

/** The reference site's runs, each figure run by run: "TBT 112, 0, 32 ms, performance 96, 100, 100, ...". */
export function referenceRunsText(runs: PageFigures[]): string {
  const each = (figure: (figures: PageFigures) => string) => runs.map(figure).join(", ");
  return (
    `TBT ${each((figures) => ms(figures.tbtMs))} ms, performance ${each((figures) => `${figures.performance}`)}, ` +
    `LCP ${each((figures) => ms(figures.lcpMs))} ms, JS ${each((figures) => figures.jsKb.toFixed(1))} KB`
  );
}

/**
 * The floor against another site's: each twin's TBT beside the TBT of a reference landing page (`--beside`,
 * AstroWind's, the fastest static landing template we know) measured in the same run, the median of its runs.
 */
export function floorTable(pairs: PageAndTwinFigures[], referenceTbtMs: number): string[] {
  const pageWidth = Math.max(20, ...pairs.map(({ page }) => page.url.length + 5)) + 1;
  return [
    `${"lang page".padEnd(pageWidth)}  twin's TBT ms   budget: ≤ the reference's ${Math.round(referenceTbtMs)} ms`,
    ...pairs.map(
      ({ page, twin }) =>
        `${`${page.language.padEnd(5)}${page.url}`.padEnd(pageWidth)}  ${ms(twin.tbtMs)} ${mark(floorPasses(twin, referenceTbtMs))}`,
    ),
  ];
}

function floorPasses(twin: PageFigures, referenceTbtMs: number): boolean {
  return measured(twin.tbtMs, referenceTbtMs) && twin.tbtMs <= referenceTbtMs;
}

export function floorChecks(pairs: PageAndTwinFigures[], referenceTbtMs: number): Check[] {
  return pairs.map(({ page, twin }) => ({
    subject: page.url,
    figure: "twin's TBT vs the reference's",
    text: `${ms(twin.tbtMs)} ms`,
    budget: `≤ ${ms(referenceTbtMs)} ms`,
    pass: floorPasses(twin, referenceTbtMs),
  }));
}
