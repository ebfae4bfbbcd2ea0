import { describe, expect, it } from "vitest";
import { memoByKey } from "./memo";

describe("memoByKey", () => {
  it("makes each key's value once and gives the same value after", () => {
    let calls = 0;
    const square = memoByKey((n: number) => {
      calls++;
      return { n: n * n };
    });
    expect(square(3)).toEqual({ n: 9 });
    expect(square(3)).toBe(square(3));
    expect(square(4)).toEqual({ n: 16 });
    expect(calls).toBe(2);
  });
});
