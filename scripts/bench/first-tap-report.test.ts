import { describe, expect, it } from "vitest";
import { blockingSince, interactionLatency } from "./first-tap.ts";
import { firstTapChecks, firstTapTable } from "./first-tap-report.ts";

describe("the first tap", () => {
  it("counts an interaction's longest event, ignoring events that are not interactions", () => {
    expect(
      interactionLatency([
        { name: "pointerdown", duration: 40, interactionId: 7 },
        { name: "click", duration: 120, interactionId: 7 },
        { name: "mousemove", duration: 300, interactionId: 0 },
      ]),
    ).toBe(120);
    // Nothing over the Event Timing threshold: the tap was answered within it.
    expect(interactionLatency([])).toBe(16);
  });

  it("counts the blocking time of the long tasks from the tap on", () => {
    const tasks = [
      { startTime: 100, duration: 400 },
      { startTime: 900, duration: 120 },
      { startTime: 1000, duration: 30 },
    ];
    expect(blockingSince(tasks, 500)).toBe(70);
    expect(blockingSince(tasks, 0)).toBe(420);
  });

  it("holds each tap to 200 ms and prints the twin's beside it", () => {
    const rows = [
      { url: "/es", language: "es", control: "menu" as const, pageMs: 48, twinMs: 16, wakeMs: 310 },
      { url: "/checkout", language: "en", control: "first field" as const, pageMs: 232, twinMs: 24, wakeMs: null },
      { url: "/", language: "en", control: "viewers" as const, pageMs: null, twinMs: null, wakeMs: null, error: "timeout" },
    ];
    expect(firstTapChecks(rows).map((check) => check.pass)).toEqual([true, false, false]);
    const table = firstTapTable(rows);
    expect(table[1]).toContain("≤ 200");
    expect(table[2]).toMatch(/es {3}\/es\s+menu\s+48 ✓\s+≤ 16\s+310$/);
    expect(table[3]).toMatch(/232 ✗\s+24$/);
    expect(table[4]).toContain("could not tap: timeout");
  });
});
