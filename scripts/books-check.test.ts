import { describe, expect, it } from "vitest";
import { describeSeries } from "./books-check.ts";

const report = { series: "invoice" as const, year: 2026, count: 3, first: 1, last: 3, missing: [], repeated: [], counter: 3 };

describe("the numbering check's words", () => {
  it("says an unbroken series is unbroken", () => {
    expect(describeSeries(report)).toBe("Invoices 2026: 3 documents, numbers 1 to 3, no gap.");
  });

  it("names every problem of a broken one", () => {
    const broken = { ...report, series: "credit-note" as const, count: 2, missing: [2, 4], counter: 4 };
    expect(describeSeries(broken)).toBe(
      "Credit notes 2026: 2 documents, BROKEN: missing numbers 2, 4; the counter is at 4, the last document is 3.",
    );
  });
});
