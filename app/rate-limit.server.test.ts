import { describe, expect, it } from "vitest";
import { createRateLimiter } from "./rate-limit.server";

describe("rate limits", () => {
  it("allow the limit within a window, refuse beyond it, and start again after it", () => {
    const limiter = createRateLimiter({ limit: 3, windowMs: 1000 });
    expect([0, 1, 2, 3].map((t) => limiter.hit("1.2.3.4", t))).toEqual([true, true, true, false]);
    expect(limiter.hit("5.6.7.8", 10)).toBe(true);
    expect(limiter.hit("1.2.3.4", 1000)).toBe(true);
  });
});
