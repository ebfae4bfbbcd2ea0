import { describe, expect, it } from "vitest";
import { calibratedCpuSlowdown } from "./cpu-slowdown.ts";

describe("calibratedCpuSlowdown", () => {
  it("gives Lighthouse's default 4x to the machine its default is meant for", () => {
    expect(calibratedCpuSlowdown(1533)).toBeCloseTo(4, 1);
  });

  it("slows a slower machine less and a faster one more, continuously", () => {
    expect(calibratedCpuSlowdown(150)).toBe(1);
    expect(calibratedCpuSlowdown(800)).toBe(2);
    expect(calibratedCpuSlowdown(1050)).toBe(2.5);
    expect(calibratedCpuSlowdown(1300)).toBe(3);
    expect(calibratedCpuSlowdown(2000)).toBeCloseTo(6, 1);
    expect(calibratedCpuSlowdown(799.99)).toBeCloseTo(2, 3);
    expect(calibratedCpuSlowdown(1299.99)).toBeCloseTo(3, 3);
  });

  it("gives nothing for a machine too slow to emulate a phone, or no benchmark", () => {
    expect(calibratedCpuSlowdown(149)).toBeNull();
    expect(calibratedCpuSlowdown(Number.NaN)).toBeNull();
  });
});
