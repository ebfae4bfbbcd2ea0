/**
 * Lighthouse simulates a mid-tier phone by running the page's main-thread work 4 times slower than the
 * machine it runs on did, which is right for a machine of CPU benchmark ~1500 (docs/throttling.md in
 * Lighthouse's repository). This machine's benchmark moves between ~900 and ~2200 from one minute to the
 * next, so at a fixed 4x the same page reads twice the TBT on a slow minute. Lighthouse's answer is to
 * calibrate the slowdown to the benchmark: its CPU throttling calculator, whose formula this is
 * (https://lighthouse-cpu-throttling-calculator.vercel.app, source: patrickhulce/lighthouse-cpu-throttling-calculator).
 * PageSpeed Insights does the same for its own machines (1.2x).
 */

/** The slowdown for a run at this benchmark index, or null below 150, where no phone can be emulated. */
export function calibratedCpuSlowdown(benchmarkIndex: number): number | null {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex < 150) return null;
  // 150 → 1x, 800 → 2x, 1300 → 3x, then one more for every 233 (1533 → 4x, 2000 → 6x).
  if (benchmarkIndex < 800) return 1 + (benchmarkIndex - 150) / 650;
  if (benchmarkIndex < 1300) return 2 + (benchmarkIndex - 800) / 500;
  return 3 + (benchmarkIndex - 1300) / 233;
}
