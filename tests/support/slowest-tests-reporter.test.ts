import { describe, expect, it } from "vitest";
import { failedTestsReport, slowestTestsReport } from "./slowest-tests-reporter.ts";

describe("the slowest tests' report", () => {
  it("lists the tests by the share of their timeout they used, and marks those above half", () => {
    const lines = slowestTestsReport(
      [
        { title: "quick", durationMs: 1_000, timeoutMs: 30_000 },
        { title: "slow but slowed", durationMs: 40_000, timeoutMs: 90_000 },
        { title: "near its limit", durationMs: 20_000, timeoutMs: 30_000 },
      ],
      2,
    );
    expect(lines[0]).toBe("The 2 tests that used the most of their timeout (1 above half):");
    expect(lines[1]).toBe("   67%   20.0 s of 30 s  near its limit  ABOVE HALF");
    expect(lines[2]).toBe("   44%   40.0 s of 90 s  slow but slowed");
  });

  it("names every test above half, past the count", () => {
    const lines = slowestTestsReport(
      [
        { title: "first", durationMs: 20_000, timeoutMs: 30_000 },
        { title: "second", durationMs: 18_000, timeoutMs: 30_000 },
        { title: "third", durationMs: 16_000, timeoutMs: 30_000 },
        { title: "quick", durationMs: 1_000, timeoutMs: 30_000 },
      ],
      2,
    );
    expect(lines[0]).toBe("The 3 tests that used the most of their timeout (3 above half):");
    expect(lines.slice(1).map((line) => line.trim().split("  ").at(-2))).toEqual(["first", "second", "third"]);
  });
});

describe("the failed tests' report", () => {
  it("is empty when every test passed", () => {
    expect(failedTestsReport([])).toEqual([]);
  });

  it("names each failed test and where it is, with the first lines of its error without colours", () => {
    const error = `\u001b[31mError: expect(locator).toBeVisible() failed\u001b[39m\n\nLocator: getByRole('button')\nExpected: visible\nTimeout: 7000ms\nCall log:\n  - waiting\n  - more`;
    expect(failedTestsReport([{ title: "a.spec.ts › it works", location: "a.spec.ts:12", error }], 4)).toEqual([
      "1 failed:",
      "  ✘ a.spec.ts › it works (a.spec.ts:12)",
      "      Error: expect(locator).toBeVisible() failed",
      "      Locator: getByRole('button')",
      "      Expected: visible",
      "      Timeout: 7000ms",
    ]);
  });
});
