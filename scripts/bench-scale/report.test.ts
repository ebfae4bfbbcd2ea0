import { describe, expect, it } from "vitest";
import type { Figure } from "./console-pages.ts";
import { figuresTable, missedBudgets } from "./report.ts";

const figure = (name: string, p95: number | null, budgetMs: number | null, note = ""): Figure => ({
  name,
  path: "/",
  budgetMs,
  p95,
  p99: p95,
  runs: 20,
  status: 200,
  note,
});

describe("the figures table", () => {
  const runs = [
    { database: "SQLite", figures: [figure("orders", 42, 100), figure("customers", 5572, 100), figure("csv time", 9.4, null)] },
    { database: "PostgreSQL", figures: [figure("orders", 12.5, 100), figure("customers", null, 100, "no answer within 20 s")] },
  ];

  it("puts each figure beside its budget, per database", () => {
    const lines = figuresTable(runs).split("\n");
    expect(lines[0]).toBe("| figure | budget | SQLite | PostgreSQL |");
    expect(lines).toContain("| orders | ≤ 100 | 42.0 pass | 12.5 pass |");
    expect(lines).toContain("| customers | ≤ 100 | 5572 FAIL | — no answer within 20 s |");
    expect(lines).toContain("| csv time |  | 9.4 |  |");
  });

  it("counts a figure with no value as over its budget, and one without a budget never", () => {
    expect(missedBudgets(runs)).toBe(2);
  });
});
