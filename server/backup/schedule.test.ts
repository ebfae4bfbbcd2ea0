import { describe, expect, it } from "vitest";
import { alertsDue, isBackupDue, lastSlot } from "./schedule.ts";

const at = (iso: string) => new Date(iso);
const run = (started: string) => ({ started_at: started });

describe("when the daily backup is due", () => {
  it("takes the slot of today once it has passed, else yesterday's", () => {
    expect(lastSlot(at("2026-12-02T03:30:00Z"), "03:00")).toEqual(at("2026-12-02T03:00:00Z"));
    expect(lastSlot(at("2026-12-02T02:59:00Z"), "03:00")).toEqual(at("2026-12-01T03:00:00Z"));
    expect(lastSlot(at("2026-01-01T00:10:00Z"), "23:45")).toEqual(at("2025-12-31T23:45:00Z"));
  });

  it("starts one run per slot: none yet, or the last one before the slot", () => {
    expect(isBackupDue(at("2026-12-02T03:01:00Z"), "03:00", undefined)).toBe(true);
    expect(isBackupDue(at("2026-12-02T03:01:00Z"), "03:00", run("2026-12-01T03:00:05Z"))).toBe(true);
    expect(isBackupDue(at("2026-12-02T03:06:00Z"), "03:00", run("2026-12-02T03:01:00Z"))).toBe(false);
    // A backup taken by hand after the slot counts for the day.
    expect(isBackupDue(at("2026-12-02T18:00:00Z"), "03:00", run("2026-12-02T10:00:00Z"))).toBe(false);
  });
});

describe("what the owners are told", () => {
  const now = at("2026-12-02T12:00:00Z");

  it("a failed run, once per run", () => {
    const alerts = alertsDue(now, { last: { id: 7, status: "failed" }, lastSucceeded: run("2026-12-01T12:00:00Z") });
    expect(alerts).toEqual([{ key: "backup-alert:failed:7", kind: "failed", runId: 7 }]);
  });

  it("no success in 26 hours, once a day, counted from the first run when none succeeded", () => {
    expect(alertsDue(now, { last: { id: 9, status: "succeeded" }, lastSucceeded: run("2026-12-01T10:00:00Z") })).toEqual([]);
    expect(alertsDue(now, { last: { id: 9, status: "running" }, lastSucceeded: run("2026-12-01T09:59:00Z") })).toEqual([
      { key: "backup-alert:overdue:2026-12-02", kind: "overdue" },
    ]);
    expect(alertsDue(now, { last: { id: 2, status: "failed" }, first: run("2026-11-30T03:00:00Z") }).map((alert) => alert.kind)).toEqual([
      "failed",
      "overdue",
    ]);
    expect(alertsDue(now, {})).toEqual([]);
  });
});
