/**
 * A Playwright reporter that ends the run with two lists, so the last lines of a CI log say where to look:
 * - its ten slowest tests (and every one above half) and the share of its timeout each used (a test's own timeout: test.slow() triples
 *   it), marking any that used more than half. On a busy 2-core machine a test near its limit is the next one
 *   to fail on a timeout.
 * - every test that failed, with where and the first lines of its error. The list reporter prints them
 *   whole, but far above the end of a long log.
 * The same lines go to `.e2e/slowest-tests.txt`.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import type { Reporter, TestCase, TestResult } from "@playwright/test/reporter";

interface Timing {
  title: string;
  durationMs: number;
  timeoutMs: number;
}

export interface Failure {
  title: string;
  location: string;
  error: string;
}

/** The report's lines: a heading, then one line per test, slowest first. */
export function slowestTestsReport(timings: Timing[], count = 10): string[] {
  const over = timings.filter((timing) => timing.durationMs > timing.timeoutMs / 2).length;
  // Every test above half is named, however many: each is one to make cheaper or to give a timeout that says why.
  const slowest = [...timings].sort((a, b) => b.durationMs / b.timeoutMs - a.durationMs / a.timeoutMs).slice(0, Math.max(count, over));
  return [
    `The ${slowest.length} tests that used the most of their timeout (${over} above half):`,
    ...slowest.map(({ title, durationMs, timeoutMs }) => {
      const share = Math.round((100 * durationMs) / timeoutMs);
      const mark = durationMs > timeoutMs / 2 ? "  ABOVE HALF" : "";
      return `  ${String(share).padStart(3)}%  ${(durationMs / 1000).toFixed(1).padStart(5)} s of ${timeoutMs / 1000} s  ${title}${mark}`;
    }),
  ];
}

const terminalColours = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");

/** The failed tests' lines: none when all passed, else a heading and each test with its error's first lines. */
export function failedTestsReport(failures: Failure[], errorLines = 6): string[] {
  if (failures.length === 0) return [];
  return [
    `${failures.length} failed:`,
    ...failures.flatMap(({ title, location, error }) => [
      `  ✘ ${title} (${location})`,
      ...error
        .replace(terminalColours, "")
        .split("\n")
        .filter((line) => line.trim() !== "")
        .slice(0, errorLines)
        .map((line) => `      ${line}`),
    ]),
  ];
}

export default class SlowestTestsReporter implements Reporter {
  private readonly timings: Timing[] = [];
  private readonly failures: Failure[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === "skipped" || test.timeout <= 0) return;
    const title = test.titlePath().slice(1).join(" › ");
    this.timings.push({ title, durationMs: result.duration, timeoutMs: test.timeout });
    if (result.status !== "passed" && result.status !== test.expectedStatus) {
      const error = result.errors.map((each) => each.message ?? each.value ?? "").join("\n") || result.status;
      this.failures.push({ title, location: `${test.location.file.split("/").pop()}:${test.location.line}`, error });
    }
  }

  onEnd(): void {
    const lines = [...slowestTestsReport(this.timings), ...failedTestsReport(this.failures)];
    console.log(`\n${lines.join("\n")}`);
    mkdirSync(".e2e", { recursive: true });
    writeFileSync(".e2e/slowest-tests.txt", `${lines.join("\n")}\n`);
  }

  printsToStdio(): boolean {
    return true;
  }
}
