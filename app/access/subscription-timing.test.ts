import { describe, expect, it } from "vitest";
import { CHARGE_LEAD_MS, chargeTimeOf, MAX_ATTEMPTS, noticeTimeOf, retryTimeOf } from "./subscription-timing";

const day = 24 * 60 * 60_000;

describe("automatic renewal timing", () => {
  it("charges a test-gateway subscription a day before its access ends", () => {
    const charge = chargeTimeOf({ shopCharges: true, accessEndsAt: "2026-12-31T10:00:00.000Z" });
    expect(charge?.toISOString()).toBe("2026-12-30T10:00:00.000Z");
    expect(CHARGE_LEAD_MS).toBe(day);
  });

  it("takes Stripe's period end as it is, and knows nothing before the access exists", () => {
    const end = new Date("2027-01-05T08:00:00.000Z");
    expect(chargeTimeOf({ shopCharges: false, processorPeriodEnd: end, accessEndsAt: "2026-12-31T10:00:00.000Z" })).toEqual(end);
    expect(chargeTimeOf({ shopCharges: true, accessEndsAt: null })).toBeNull();
    expect(chargeTimeOf({ shopCharges: false })).toBeNull();
  });

  it("retries 1, 3 and 5 days after the first refusal, then gives up", () => {
    const first = new Date("2026-12-30T10:00:00.000Z");
    expect(retryTimeOf(first, 2)?.toISOString()).toBe("2026-12-31T10:00:00.000Z");
    expect(retryTimeOf(first, 3)?.toISOString()).toBe("2027-01-02T10:00:00.000Z");
    expect(retryTimeOf(first, 4)?.toISOString()).toBe("2027-01-04T10:00:00.000Z");
    expect(retryTimeOf(first, 5)).toBeNull();
    expect(MAX_ATTEMPTS).toBe(4);
  });

  it("gives notice seven days before a charge, or at once when that is past", () => {
    const charge = new Date("2026-12-30T10:00:00.000Z");
    expect(noticeTimeOf(charge, new Date("2026-12-01T00:00:00.000Z")).toISOString()).toBe("2026-12-23T10:00:00.000Z");
    const late = new Date("2026-12-28T00:00:00.000Z");
    expect(noticeTimeOf(charge, late)).toEqual(late);
  });
});
