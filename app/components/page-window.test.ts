import { describe, expect, it } from "vitest";
import { pageWindow } from "./page-window";

describe("the pagination's page numbers", () => {
  it("shows every page of a short list", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it("shows the first, the last and two either side of the current page of a long list", () => {
    expect(pageWindow(1, 112)).toEqual([1, 2, 3, "gap", 112]);
    expect(pageWindow(50, 112)).toEqual([1, "gap", 48, 49, 50, 51, 52, "gap", 112]);
    expect(pageWindow(112, 112)).toEqual([1, "gap", 110, 111, 112]);
  });

  it("shows a single left-out page rather than a gap", () => {
    expect(pageWindow(5, 12)).toEqual([1, 2, 3, 4, 5, 6, 7, "gap", 12]);
  });
});
