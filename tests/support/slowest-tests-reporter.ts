/**
 * A Playwright reporter that ends the run with its ten slowest tests and the share of its timeout each used
 * (a test's own timeout: test.slow() triples it), and marks any that used more than half. On a busy 2-core
 * machine a test near its limit is the next one to fail on a timeout, so the list says where to look first.
 * The same lines go to `.e2e/slowest-tests.txt`, which .ci/run prints again as the last thing in its log.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import type { Reporter, TestCase, TestResult } from "@playwright/test/reporter";

interface Timing {
  title: string;
  durationMs: number;
  timeoutMs: number;
}

/** The report's lines: a heading, then one line per test, slowest first. */
export function slowestTestsReport(timings: Timing[], count = 10): string[] {
  const slowest = [...timings].sort((a, b) => b.durationMs / b.timeoutMs - a.durationMs / a.timeoutMs).slice(0, count);
  const over = timings.filter((timing) => timing.durationMs > timing.timeoutMs / 2).length;
  return [
    `The ${slowest.length} tests that used the most of their timeout (${over} above half):`,
    ...slowest.map(({ title, durationMs, timeoutMs }) => {
      const share = Math.round((100 * durationMs) / timeoutMs);
      const mark = durationMs > timeoutMs / 2 ? "  ABOVE HALF" : "";
      return `  ${String(share).padStart(3)}%  ${(durationMs / 1000).toFixed(1).padStart(5)} s of ${timeoutMs / 1000} s  ${title}${mark}`;
    }),
  ];
}

export default class SlowestTestsReporter implements Reporter {
  private readonly timings: Timing[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === "skipped" || test.timeout <= 0) return;
    this.timings.push({ title: test.titlePath().slice(1).join(" › "), durationMs: result.duration, timeoutMs: test.timeout });
  }

  onEnd(): void {
    const lines = slowestTestsReport(this.timings);
    console.log(`\n${lines.join("\n")}`);
    mkdirSync(".e2e", { recursive: true });
    writeFileSync(".e2e/slowest-tests.txt", `${lines.join("\n")}\n`);
  }

  printsToStdio(): boolean {
    return true;
  }
}
