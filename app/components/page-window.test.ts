import { describe, expect, it } from "vitest";
import { pageWindow } from "./page-window";

const text = (current: number, count: number) =>
  pageWindow(current, count)
    .map((item) => ("page" in item ? String(item.page) : "…"))
    .join(" ");

describe("the pages a pagination shows", () => {
  it("shows every page of a short list", () => {
    expect(text(1, 1)).toBe("1");
    expect(text(2, 5)).toBe("1 2 3 4 5");
    expect(text(4, 7)).toBe("1 2 3 4 5 6 7");
  });

  it("keeps the first, the last and two on each side of the current page, with gaps between", () => {
    expect(text(1, 112)).toBe("1 2 3 … 112");
    expect(text(50, 112)).toBe("1 … 48 49 50 51 52 … 112");
    expect(text(112, 112)).toBe("1 … 110 111 112");
  });

  it("shows a single page rather than a gap standing for it", () => {
    expect(text(5, 112)).toBe("1 2 3 4 5 6 7 … 112");
    expect(text(4, 112)).toBe("1 2 3 4 5 6 … 112");
  });

  it("says on which side of the current page each gap is", () => {
    expect(pageWindow(50, 112).filter((item) => "gap" in item)).toEqual([{ gap: "before" }, { gap: "after" }]);
  });
});
