import { describe, expect, it } from "vitest";
import { CountryTableBuilder } from "./country-table.ts";

/** A table of one-word addresses from `[first, last, country]` ranges. */
function table(ranges: [number, number, string][]) {
  const builder = new CountryTableBuilder(1);
  for (const [first, last, country] of ranges) builder.add([first], [last], country);
  const built = builder.finish();
  return (address: number) => built.lookup([address]);
}

describe("a country table", () => {
  it("answers the range an address is in, and null in the gaps and outside", () => {
    const lookup = table([
      [10, 19, "FR"],
      [20, 29, "ES"],
      [40, 49, "US"],
    ]);
    expect([9, 10, 19, 20, 29, 30, 39, 40, 49, 50].map(lookup)).toEqual([null, "FR", "FR", "ES", "ES", null, null, "US", "US", null]);
  });

  it("lets a range inside another win for its addresses; the outer one resumes after it", () => {
    const lookup = table([
      [100, 199, "DE"],
      [120, 120, "BE"],
      [150, 159, "TR"],
      [155, 156, "VN"],
    ]);
    expect([100, 119, 120, 121, 149, 150, 154, 155, 156, 157, 159, 160, 199, 200].map(lookup)).toEqual([
      "DE",
      "DE",
      "BE",
      "DE",
      "DE",
      "TR",
      "TR",
      "VN",
      "VN",
      "TR",
      "TR",
      "DE",
      "DE",
      null,
    ]);
  });

  it("lets the later of two ranges with the same start win, and a range reaching past another end after both", () => {
    expect(
      [10, 15, 16, 30, 31].map(
        table([
          [10, 30, "FR"],
          [10, 15, "SK"],
        ]),
      ),
    ).toEqual(["SK", "SK", "FR", "FR", null]);
    expect(
      [10, 49, 50, 100, 150, 151].map(
        table([
          [10, 100, "FR"],
          [50, 150, "IT"],
        ]),
      ),
    ).toEqual(["FR", "FR", "IT", "IT", "IT", null]);
  });

  it("handles the last address of the family", () => {
    const lookup = table([
      [0, 0, "AU"],
      [0xfffffff0, 0xffffffff, "JP"],
    ]);
    expect([0, 1, 0xffffffef, 0xfffffff0, 0xffffffff].map(lookup)).toEqual(["AU", null, null, "JP", "JP"]);
  });

  it("compares IPv6 addresses word by word", () => {
    const builder = new CountryTableBuilder(4);
    builder.add([0x20010200, 0, 0, 0], [0x20010200, 0xffffffff, 0xffffffff, 0xffffffff], "JP");
    builder.add([0x2a029000, 0, 0, 0], [0x2a0291ff, 0xffffffff, 0xffffffff, 0xffffffff], "ES");
    const built = builder.finish();
    expect(built.lookup([0x20010200, 0xffffffff, 0, 1])).toBe("JP");
    expect(built.lookup([0x20010201, 0, 0, 0])).toBeNull();
    expect(built.lookup([0x2a029100, 0, 0, 1])).toBe("ES");
  });

  it("refuses ranges out of order, backwards or of another family", () => {
    const builder = new CountryTableBuilder(1);
    builder.add([20], [29], "ES");
    expect(() => builder.add([10], [19], "FR")).toThrow("ranges out of order");
    expect(() => builder.add([40], [30], "FR")).toThrow("a range that ends before it starts");
    expect(() => builder.add([0, 0, 0, 40], [0, 0, 0, 49], "FR")).toThrow("an address of the wrong family");
  });
});
