import { describe, expect, it } from "vitest";
import { applyRetention, defaultRetention, isoWeek } from "./retention.ts";

const day = 86_400_000;
/** A daily backup at 03:00 UTC for `count` days, the last on 2026-12-02. */
function dailyBackups(count: number) {
  const last = Date.parse("2026-12-02T03:00:00Z");
  return Array.from({ length: count }, (_, index) => ({ takenAt: new Date(last - index * day) }));
}
const dates = (backups: { takenAt: Date }[]) => backups.map((backup) => backup.takenAt.toISOString().slice(0, 10));

describe("which backups are kept", () => {
  it("keeps 7 daily, 4 weekly and 12 monthly of a year and a half of daily backups, and no other", () => {
    const { keep, remove } = applyRetention(dailyBackups(550), defaultRetention);
    expect(dates(keep)).toEqual([
      // The last seven days.
      "2026-12-02",
      "2026-12-01",
      "2026-11-30",
      "2026-11-29",
      "2026-11-28",
      "2026-11-27",
      "2026-11-26",
      // Weeks: 2026-W49 and W48 are kept by their days; the newest of W47 and W46.
      "2026-11-22",
      "2026-11-15",
      // Months: December and November are kept by their days; the newest of each of the ten before.
      "2026-10-31",
      "2026-09-30",
      "2026-08-31",
      "2026-07-31",
      "2026-06-30",
      "2026-05-31",
      "2026-04-30",
      "2026-03-31",
      "2026-02-28",
      "2026-01-31",
    ]);
    expect(keep.length + remove.length).toBe(550);
  });

  it("counts periods that have a backup: a gap of a fortnight still leaves seven days kept", () => {
    const backups = dailyBackups(40).filter((_, index) => index === 0 || index > 14);
    const { keep } = applyRetention(backups, { daily: 7, weekly: 0, monthly: 0 });
    expect(keep).toHaveLength(7);
    expect(dates(keep)[1]).toBe("2026-11-17");
  });

  it("keeps the newest of a day with several backups, and always keeps the newest of all", () => {
    const morning = { takenAt: new Date("2026-12-02T03:00:00Z") };
    const evening = { takenAt: new Date("2026-12-02T21:00:00Z") };
    expect(applyRetention([morning, evening], { daily: 1, weekly: 0, monthly: 0 })).toEqual({ keep: [evening], remove: [morning] });
    expect(applyRetention([morning, evening], { daily: 0, weekly: 0, monthly: 0 }).keep).toEqual([evening]);
    expect(applyRetention([], defaultRetention)).toEqual({ keep: [], remove: [] });
  });

  it("names ISO weeks as the standard does across a year's end", () => {
    expect(isoWeek(new Date("2026-12-31T12:00:00Z"))).toBe("2026-W53");
    expect(isoWeek(new Date("2027-01-03T12:00:00Z"))).toBe("2026-W53");
    expect(isoWeek(new Date("2027-01-04T00:00:00Z"))).toBe("2027-W01");
    expect(isoWeek(new Date("2024-12-30T00:00:00Z"))).toBe("2025-W01");
  });
});
