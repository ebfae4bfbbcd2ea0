import { describe, expect, it } from "vitest";
import { currentMonth, formatKey, monthDays, monthRange, parseDay, parseDayRange, parseKey, parseMonth, shiftMonth } from "./period";

describe("the books' months", () => {
  it("reads a month as YYYY-MM and nothing else", () => {
    expect(parseMonth("2026-11")).toBe("2026-11");
    expect(parseMonth(" 2026-01 ")).toBe("2026-01");
    for (const bad of [null, "", "2026-13", "2026-00", "2026-1", "26-11", "2026-11-01", "1999-12", "2026-11' or 1=1"])
      expect(parseMonth(bad), String(bad)).toBeUndefined();
  });

  it("is the UTC month, from its first instant to the next month's", () => {
    expect(currentMonth(new Date("2026-11-30T23:59:59.999Z"))).toBe("2026-11");
    expect(currentMonth(new Date("2026-12-01T00:00:00.000Z"))).toBe("2026-12");
    expect(monthRange("2026-12")).toEqual({ start: "2026-12-01T00:00:00.000Z", end: "2027-01-01T00:00:00.000Z" });
    expect(monthDays("2028-02")).toEqual({ from: "2028-02-01", to: "2028-02-29" });
  });

  it("steps across years", () => {
    expect(shiftMonth("2026-01", -1)).toBe("2025-12");
    expect(shiftMonth("2026-12", 1)).toBe("2027-01");
  });
});

describe("the export's days", () => {
  it("reads days that exist in the calendar", () => {
    expect(parseDay("2028-02-29")?.toISOString()).toBe("2028-02-29T00:00:00.000Z");
    for (const bad of ["2026-02-29", "2026-04-31", "2026-4-01", "01/04/2026", "", null]) expect(parseDay(bad), String(bad)).toBeUndefined();
  });

  it("takes both days whole, in UTC", () => {
    expect(parseDayRange("2026-11-01", "2026-11-30")).toEqual({
      ok: true,
      from: "2026-11-01",
      to: "2026-11-30",
      range: { start: "2026-11-01T00:00:00.000Z", end: "2026-12-01T00:00:00.000Z" },
    });
    expect(parseDayRange("2026-11-05", "2026-11-05")).toMatchObject({ ok: true, range: { end: "2026-11-06T00:00:00.000Z" } });
  });

  it("says what is wrong with a range it refuses", () => {
    expect(parseDayRange(null, "2026-11-30")).toEqual({ ok: false, problem: "missing" });
    expect(parseDayRange("2026-11-01", " ")).toEqual({ ok: false, problem: "missing" });
    expect(parseDayRange("2026-11-31", "2026-12-01")).toEqual({ ok: false, problem: "malformed" });
    expect(parseDayRange("2026-12-01", "2026-11-30")).toEqual({ ok: false, problem: "reversed" });
    // A leap year whole is the most: 366 days.
    expect(parseDayRange("2028-01-01", "2028-12-31")).toMatchObject({ ok: true });
    expect(parseDayRange("2026-01-01", "2027-01-01")).toMatchObject({ ok: true });
    expect(parseDayRange("2026-01-01", "2027-01-02")).toEqual({ ok: false, problem: "too-long" });
  });
});

describe("a page's key in a link", () => {
  it("reads back what it wrote", () => {
    const key = { issuedAt: "2026-11-03T10:00:00.000Z", number: "NS-CN-2026-000012" };
    expect(parseKey(formatKey(key))).toEqual(key);
  });

  it("is ignored when it is not one", () => {
    for (const bad of [null, "", "2026-11-03_2026-000001", "2026-11-03T10:00:00.000Z_", "2026-11-03T10:00:00.000Z_a b", "x".repeat(81)])
      expect(parseKey(bad), String(bad)).toBeUndefined();
  });
});
