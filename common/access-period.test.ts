import { describe, expect, it } from "vitest";
import { accessEndDate, addCalendarMonths, RENEWAL_GRACE_DAYS, renewalBase, renewalPeriod, renewalRefusal } from "./access-period.ts";

const at = (iso: string) => new Date(iso);
const dayMs = 24 * 60 * 60_000;

describe("addCalendarMonths", () => {
  it("keeps the day and the time of day", () => {
    expect(addCalendarMonths(at("2026-03-15T08:30:00.000Z"), 3).toISOString()).toBe("2026-06-15T08:30:00.000Z");
    expect(addCalendarMonths(at("2026-11-30T23:59:00.000Z"), 12).toISOString()).toBe("2027-11-30T23:59:00.000Z");
  });

  it("ends on a month's last day when the target month is shorter", () => {
    expect(addCalendarMonths(at("2026-01-31T10:00:00.000Z"), 1).toISOString()).toBe("2026-02-28T10:00:00.000Z");
    expect(addCalendarMonths(at("2026-03-31T10:00:00.000Z"), 6).toISOString()).toBe("2026-09-30T10:00:00.000Z");
    expect(addCalendarMonths(at("2026-08-31T10:00:00.000Z"), 3).toISOString()).toBe("2026-11-30T10:00:00.000Z");
  });

  it("knows leap years", () => {
    expect(addCalendarMonths(at("2028-01-31T10:00:00.000Z"), 1).toISOString()).toBe("2028-02-29T10:00:00.000Z");
    expect(addCalendarMonths(at("2028-02-29T10:00:00.000Z"), 12).toISOString()).toBe("2029-02-28T10:00:00.000Z");
    expect(addCalendarMonths(at("2027-02-28T10:00:00.000Z"), 12).toISOString()).toBe("2028-02-28T10:00:00.000Z");
    expect(addCalendarMonths(at("2027-11-29T10:00:00.000Z"), 3).toISOString()).toBe("2028-02-29T10:00:00.000Z");
  });

  it("crosses the year", () => {
    expect(addCalendarMonths(at("2026-12-15T00:00:00.000Z"), 1).toISOString()).toBe("2027-01-15T00:00:00.000Z");
  });
});

describe("a renewal's period", () => {
  const now = at("2026-06-10T12:00:00.000Z");

  it("starts at the current end while the access runs: 7 days early loses nothing", () => {
    const end = "2026-06-17T12:00:00.000Z";
    expect(renewalBase(end, now).toISOString()).toBe(end);
    expect(renewalPeriod(end, 3, now)).toEqual({ startsAt: at(end), endsAt: at("2026-09-17T12:00:00.000Z") });
  });

  it("starts now once the access has ended", () => {
    expect(renewalPeriod("2026-06-01T00:00:00.000Z", 1, now)).toEqual({ startsAt: now, endsAt: at("2026-07-10T12:00:00.000Z") });
    // Ending exactly now counts as ended.
    expect(renewalBase(now.toISOString(), now)).toEqual(now);
  });

  it("follows a month's end from the access's end, not from the day paid", () => {
    const end = "2027-01-31T18:00:00.000Z";
    expect(renewalPeriod(end, 1, at("2027-01-25T00:00:00.000Z")).endsAt.toISOString()).toBe("2027-02-28T18:00:00.000Z");
  });

  it("two renewals in a row add up", () => {
    const first = renewalPeriod("2026-06-17T12:00:00.000Z", 1, now);
    const second = renewalPeriod(first.endsAt, 1, now);
    expect(second.endsAt.toISOString()).toBe("2026-08-17T12:00:00.000Z");
  });
});

describe("renewalRefusal", () => {
  const now = at("2026-06-10T12:00:00.000Z");

  it("refuses a revoked (refunded or disputed) access, even one that would still run", () => {
    expect(renewalRefusal({ status: "revoked", endsAt: "2026-09-01T00:00:00.000Z" }, now)).toBe("revoked");
  });

  it("takes an active access, and an expired one within the grace days", () => {
    expect(renewalRefusal({ status: "active", endsAt: "2026-06-17T00:00:00.000Z" }, now)).toBeUndefined();
    const justInside = new Date(now.getTime() - RENEWAL_GRACE_DAYS * dayMs);
    expect(renewalRefusal({ status: "expired", endsAt: justInside }, now)).toBeUndefined();
  });

  it("refuses an access that ended longer ago", () => {
    const justOutside = new Date(now.getTime() - RENEWAL_GRACE_DAYS * dayMs - 1);
    expect(renewalRefusal({ status: "expired", endsAt: justOutside }, now)).toBe("too-late");
  });
});

describe("accessEndDate", () => {
  // 23:30 UTC on 28 February is already 1 March in Paris, and still 28 February in New York.
  const end = "2027-02-28T23:30:00.000Z";

  it("shows the date in the customer's time zone", () => {
    expect(accessEndDate(end, "en-GB", "UTC")).toBe("28 February 2027");
    expect(accessEndDate(end, "en-GB", "Europe/Paris")).toBe("1 March 2027");
    expect(accessEndDate(end, "en-US", "America/New_York")).toBe("February 28, 2027");
  });

  it("in the customer's language", () => {
    expect(accessEndDate(end, "fr", "Europe/Paris")).toBe("1 mars 2027");
    expect(accessEndDate(end, "es", "Europe/Madrid")).toBe("1 de marzo de 2027");
  });
});
