import { describe, expect, it } from "vitest";
import { oneOf, pageCount, pageFrom, searchWithPage } from "./list-query";

describe("page numbers in a console list", () => {
  it("read anything a person can type as a page from 1", () => {
    const page = (value: string) => pageFrom(new URLSearchParams(value));
    expect(page("")).toBe(1);
    expect(page("page=3")).toBe(3);
    expect(page("page=0")).toBe(1);
    expect(page("page=-4")).toBe(1);
    expect(page("page=abc")).toBe(1);
    expect(page("page=2abc")).toBe(2);
    expect(page("page=1e99")).toBe(1);
    expect(page("page=99999999999")).toBe(100_000);
  });

  it("count at least one page", () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(25, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
  });

  it("keep the filter in a page's link, and leave page 1 out", () => {
    expect(searchWithPage("?state=handled&page=2", 3)).toBe("?state=handled&page=3");
    expect(searchWithPage("?state=handled&page=2", 1)).toBe("?state=handled");
    expect(searchWithPage("", 1)).toBe("");
    expect(searchWithPage("?action=sign+in", 2)).toBe("?action=sign+in&page=2");
  });

  it("accept only a filter's own values", () => {
    expect(oneOf("handled", ["waiting", "handled"], "waiting")).toBe("handled");
    expect(oneOf("HANDLED", ["waiting", "handled"], "waiting")).toBe("waiting");
    expect(oneOf(null, ["waiting", "handled"], "waiting")).toBe("waiting");
  });
});
