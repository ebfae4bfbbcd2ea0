/** Lighthouse varies from run to run: the bench measures each page several times and reports medians. */
import type { PageFigures } from "./report.ts";

export function median(values: number[]): number {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

const measured = [
  "performance",
  "accessibility",
  "bestPractices",
  "seo",
  "lcpMs",
  "tbtMs",
  "cpuSlowdown",
  "tbtCalibratedMs",
  "cls",
  "jsKb",
] as const;

/** Each figure the median of the runs' (each on its own: the median LCP may come from another run than the median TBT). */
export function medianFigures(runs: PageFigures[]): PageFigures {
  const [first] = runs;
  if (!first) throw new Error("No run to take a median of.");
  const figures: PageFigures = { ...first };
  for (const name of measured) figures[name] = median(runs.map((run) => run[name]));
  figures.bestPracticesLostToOwnStatus = runs.every((run) => run.bestPracticesLostToOwnStatus);
  return figures;
}

/** The run whose performance score is the median one: its diagnostics describe the figures reported. */
export function medianRunIndex(runs: PageFigures[]): number {
  const target = median(runs.map((run) => run.performance));
  let best = 0;
  runs.forEach((run, index) => {
    if (Math.abs(run.performance - target) < Math.abs((runs[best]?.performance ?? 0) - target)) best = index;
  });
  return best;
}
