import { describe, expect, it } from "vitest";
import { isRate, ratePercent, splitInclusive } from "./tax";

describe("splitInclusive", () => {
  it("takes the net out of a tax-inclusive total at the rate", () => {
    // 13.00 at 21 %: 1300 / 1.21 = 1074.38… → 10.74 net, 2.26 tax.
    expect(splitInclusive(1300, 2100)).toEqual({ totalCents: 1300, netCents: 1074, taxCents: 226, rateBasisPoints: 2100 });
    // 20.00 at 20 %: exactly 16.67 (1666.66… rounds up), tax 3.33.
    expect(splitInclusive(2000, 2000)).toMatchObject({ netCents: 1667, taxCents: 333 });
    // 25.5 % (Finland), in basis points.
    expect(splitInclusive(4500, 2550)).toMatchObject({ netCents: 3586, taxCents: 914 });
  });

  it("rounds the net half away from zero, and the tax is what is left", () => {
    // 1.05 at 5 %: 105 / 1.05 = 100 exactly; 21 at 5 %: 20 exactly; 42 at 5 % is 40; 63 / 1.05 = 60.
    expect(splitInclusive(105, 500).netCents).toBe(100);
    // 1 cent at 100 %: 0.5 → 1 (half away from zero), tax 0.
    expect(splitInclusive(1, 10_000)).toMatchObject({ netCents: 1, taxCents: 0 });
    expect(splitInclusive(3, 10_000)).toMatchObject({ netCents: 2, taxCents: 1 });
    // A credit (negative) rounds the same way, mirrored: -1 at 100 % is -0.5 → -1.
    expect(splitInclusive(-1, 10_000)).toMatchObject({ netCents: -1, taxCents: 0 });
    expect(splitInclusive(-1300, 2100)).toMatchObject({ netCents: -1074, taxCents: -226 });
  });

  it("keeps net + tax = total for every total and rate", () => {
    for (const rate of [0, 500, 1700, 1900, 2000, 2100, 2550, 2700]) {
      for (let total = 0; total <= 10_000; total += 7) {
        const { netCents, taxCents } = splitInclusive(total, rate);
        expect(netCents + taxCents).toBe(total);
        expect(Number.isInteger(netCents) && netCents <= total).toBe(true);
        // The net is the nearest cent to the exact quotient.
        expect(Math.abs(netCents - (total * 10_000) / (10_000 + rate))).toBeLessThanOrEqual(0.5);
      }
    }
  });

  it("charges no tax at a zero rate", () => {
    expect(splitInclusive(8500, 0)).toEqual({ totalCents: 8500, netCents: 8500, taxCents: 0, rateBasisPoints: 0 });
  });

  it("refuses fractions of a cent and rates that are not basis points", () => {
    expect(() => splitInclusive(13.5, 2100)).toThrow(/whole cents/);
    expect(() => splitInclusive(1300, 21.5)).toThrow(/basis points/);
    expect(() => splitInclusive(1300, -1)).toThrow(/basis points/);
    expect(() => splitInclusive(1300, 10_001)).toThrow(/basis points/);
    expect(isRate(2100)).toBe(true);
    expect(isRate(0.21)).toBe(false);
  });

  it("shows a rate as a percentage", () => {
    expect(ratePercent(2100)).toBe(21);
    expect(ratePercent(2550)).toBe(25.5);
  });
});
