import { describe, expect, it } from "vitest";
import { formatCursor, oneOf, pageLinks, parseCursor, positionFrom, searchAt } from "./list-query";

const AT = "2026-11-26T10:00:00.000Z";

describe("a row's place in a console list's link", () => {
  it("reads back what it wrote", () => {
    expect(formatCursor({ key: AT, id: 42 })).toBe(`${AT}_42`);
    expect(parseCursor(`${AT}_42`)).toEqual({ key: AT, id: 42 });
    expect(parseCursor(formatCursor({ key: "2026-11-26T10:00:00+01:00", id: 9_007_199_254_740_991 }))).toEqual({
      key: "2026-11-26T10:00:00+01:00",
      id: 9_007_199_254_740_991,
    });
  });

  it("rejects anything else a person can type", () => {
    for (const junk of [
      null,
      "",
      "42",
      `${AT}`,
      `${AT}_`,
      `_42`,
      `${AT}_0`,
      `${AT}_-1`,
      `${AT}_042`,
      `${AT}_4.2`,
      `${AT}_1e3`,
      `${AT}_42_43`,
      `${AT}_9007199254740993`,
      `${AT}_12345678901234567`,
      `abc_42`,
      `${AT}'; drop table orders;--_42`,
      `${"2".repeat(41)}_42`,
      ` ${AT}_42`,
      `${AT}_42\n`,
      `${AT}~42`,
    ]) {
      expect(parseCursor(junk), String(junk)).toBeUndefined();
    }
  });
});

describe("which page a console list's query string names", () => {
  const position = (search: string) => positionFrom(new URLSearchParams(search));

  it("is the first unless told otherwise, or told badly", () => {
    expect(position("")).toEqual({ at: "first" });
    expect(position("page=3")).toEqual({ at: "first" });
    expect(position("after=junk")).toEqual({ at: "first" });
    expect(position("before=&at=first")).toEqual({ at: "first" });
    expect(position("at=LAST")).toEqual({ at: "first" });
  });

  it("is the page after or before a row, or the last", () => {
    expect(position(`after=${AT}_7`)).toEqual({ at: "after", cursor: { key: AT, id: 7 } });
    expect(position(`before=${encodeURIComponent(`${AT}_7`)}`)).toEqual({ at: "before", cursor: { key: AT, id: 7 } });
    expect(position("at=last")).toEqual({ at: "last" });
    // A hand-made address naming several: the last page wins, then after, then before.
    expect(position(`after=${AT}_7&at=last`)).toEqual({ at: "last" });
    expect(position(`before=${AT}_8&after=${AT}_7`)).toEqual({ at: "after", cursor: { key: AT, id: 7 } });
    expect(position(`after=junk&before=${AT}_8`)).toEqual({ at: "before", cursor: { key: AT, id: 8 } });
  });
});

describe("another page's query string", () => {
  const cursor = { key: AT, id: 7 };

  it("keeps the filter and drops the old page's parameters", () => {
    const old = `?status=paid&q=Ana+Mar%C3%ADa&page=4&after=${AT}_1&before=${AT}_2&at=last`;
    const params = (search: string) => Object.fromEntries(new URLSearchParams(search));
    expect(params(searchAt(old, { at: "after", cursor }))).toEqual({ status: "paid", q: "Ana María", after: `${AT}_7` });
    expect(params(searchAt(old, { at: "before", cursor }))).toEqual({ status: "paid", q: "Ana María", before: `${AT}_7` });
    expect(searchAt(old, { at: "last" })).toBe("?status=paid&q=Ana+Mar%C3%ADa&at=last");
    expect(searchAt(old, { at: "first" })).toBe("?status=paid&q=Ana+Mar%C3%ADa");
  });

  it("keeps the cursor's separator readable in the address", () => {
    expect(searchAt("", { at: "after", cursor })).toBe("?after=2026-11-26T10%3A00%3A00.000Z_7");
  });

  it("is empty for the first page of an unfiltered list", () => {
    expect(searchAt("", { at: "first" })).toBe("");
    expect(searchAt("?at=last", { at: "first" })).toBe("");
    expect(searchAt("", { at: "last" })).toBe("?at=last");
  });

  it("round-trips through positionFrom", () => {
    for (const position of [{ at: "first" }, { at: "last" }, { at: "after", cursor }, { at: "before", cursor }] as const) {
      expect(positionFrom(new URLSearchParams(searchAt("?state=handled", position)))).toEqual(position);
    }
  });
});

describe("the links under a console list", () => {
  const first = { key: AT, id: 30 };
  const last = { key: "2026-11-25T09:00:00.000Z", id: 21 };

  it("on the only page: none", () => {
    expect(pageLinks({ hasPrevious: false, hasNext: false, first, last })).toEqual({});
    expect(pageLinks({ hasPrevious: false, hasNext: false })).toEqual({});
  });

  it("on the first page: next and last", () => {
    expect(pageLinks({ hasPrevious: false, hasNext: true, first, last })).toEqual({
      next: { at: "after", cursor: last },
      last: { at: "last" },
    });
  });

  it("on a page in the middle: all four, around its own rows", () => {
    expect(pageLinks({ hasPrevious: true, hasNext: true, first, last })).toEqual({
      first: { at: "first" },
      previous: { at: "before", cursor: first },
      next: { at: "after", cursor: last },
      last: { at: "last" },
    });
  });

  it("on the last page: first and previous", () => {
    expect(pageLinks({ hasPrevious: true, hasNext: false, first, last })).toEqual({
      first: { at: "first" },
      previous: { at: "before", cursor: first },
    });
  });

  it("on an empty page after a row no longer there: back to the first and the last", () => {
    expect(pageLinks({ hasPrevious: true, hasNext: false })).toEqual({ first: { at: "first" }, previous: { at: "last" } });
  });
});

describe("a filter's value", () => {
  it("is one of its own values, or the default", () => {
    expect(oneOf("handled", ["waiting", "handled"], "waiting")).toBe("handled");
    expect(oneOf("HANDLED", ["waiting", "handled"], "waiting")).toBe("waiting");
    expect(oneOf(null, ["waiting", "handled"], "waiting")).toBe("waiting");
  });
});
