/** The bench's table: each figure beside its budget, pass or fail, one column per database. */
import type { Figure } from "./console-pages.ts";

export interface DatabaseRun {
  database: string;
  figures: Figure[];
}

const cell = (figure: Figure | undefined) => {
  if (!figure) return "";
  if (figure.p95 === null) return `— ${figure.note}`.trim();
  const value = figure.p95 >= 100 ? figure.p95.toFixed(0) : figure.p95.toFixed(1);
  const verdict = figure.budgetMs === null ? "" : figure.p95 <= figure.budgetMs ? " pass" : " FAIL";
  return `${value}${verdict}`;
};

/** A Markdown table: one row per figure name (in the order first seen), a column per database. */
export function figuresTable(runs: readonly DatabaseRun[]): string {
  const names: string[] = [];
  for (const run of runs) for (const figure of run.figures) if (!names.includes(figure.name)) names.push(figure.name);
  const budgetOf = (name: string) => runs.flatMap((run) => run.figures).find((figure) => figure.name === name)?.budgetMs;
  const header = `| figure | budget | ${runs.map((run) => run.database).join(" | ")} |`;
  const rule = `|---|---|${runs.map(() => "---").join("|")}|`;
  const rows = names.map((name) => {
    const budget = budgetOf(name);
    const cells = runs.map((run) => cell(run.figures.find((figure) => figure.name === name)));
    return `| ${name} | ${budget === null || budget === undefined ? "" : `≤ ${budget}`} | ${cells.join(" | ")} |`;
  });
  return [header, rule, ...rows].join("\n");
}

/** How many figures missed their budget (a figure with no value counts as missed). */
export function missedBudgets(runs: readonly DatabaseRun[]): number {
  return runs
    .flatMap((run) => run.figures)
    .filter((figure) => figure.budgetMs !== null && (figure.p95 === null || figure.p95 > figure.budgetMs)).length;
}
