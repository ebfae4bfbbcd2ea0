import { describe, expect, it } from "vitest";
import { lastPageOf } from "./pagination.ts";
import { percentile, serverTiming } from "./timing.ts";

describe("the last page of a list", () => {
  it("is the rel=last link when the list has one", () => {
    const html =
      '<nav aria-label="Pages"><a href="?status=paid" rel="first">First</a><a href="?status=paid&amp;before=9" rel="last">Last</a></nav>';
    expect(lastPageOf(html, "/admin/orders?status=paid")).toEqual({ path: "/admin/orders?status=paid&before=9", how: 'rel="last"' });
  });

  it("is the console's Last link, which has no rel, by its address", () => {
    const html =
      '<nav aria-label="Pages"><a href="?state=all&amp;after=2026-11-02T10:00:00.000Z_42" rel="next">Next</a><a href="?state=all&amp;at=last">Last</a></nav>';
    expect(lastPageOf(html, "/admin/customers?state=all")).toEqual({
      path: "/admin/customers?state=all&at=last",
      how: "the Last link (?at=last)",
    });
  });

  it("is the next link with the page count of the nav otherwise", () => {
    const html =
      '<nav aria-label="Menu"><a href="/admin">Home</a></nav><nav aria-label="Pages"><p>Page 1 of 12,345</p><a href="?status=paid&amp;page=2" rel="next">Next</a></nav>';
    expect(lastPageOf(html, "/admin/orders?status=paid")?.path).toBe("/admin/orders?status=paid&page=12345");
  });

  it("is nothing when the list fits one page", () => {
    expect(lastPageOf('<nav aria-label="Menu"><a href="/admin">Home</a></nav>', "/admin/orders")).toBeNull();
  });
});

describe("figures", () => {
  it("take the nearest-rank percentile", () => {
    const values = Array.from({ length: 20 }, (_, index) => index + 1);
    expect(percentile(values, 95)).toBe(19);
    expect(percentile(values, 99)).toBe(20);
    expect(percentile([5], 95)).toBe(5);
  });

  it("read the server's own time when it sends one", () => {
    expect(serverTiming("db;dur=12.5, total;dur=30")).toBe(30);
    expect(serverTiming("db;dur=12.5, render;dur=3")).toBe(15.5);
    expect(serverTiming(null)).toBeNull();
  });
});
