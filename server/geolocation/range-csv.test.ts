import { describe, expect, it } from "vitest";
import { readRangeCsv } from "./range-csv.ts";

const read = (text: string, width: 1 | 4) => [...readRangeCsv(new TextEncoder().encode(text), width)];

describe("the ranges of a -num CSV file", () => {
  it("reads IPv4 ranges as one word, skipping blank lines and carriage returns", () => {
    expect(read("16777216,16777471,AU\r\n\n134744064,134744319,US\n", 1)).toEqual([
      { start: [0x01000000], end: [0x010000ff], country: "AU" },
      { start: [0x08080800], end: [0x080808ff], country: "US" },
    ]);
    expect(read("0,4294967295,ZZ", 1)).toEqual([{ start: [0], end: [0xffffffff], country: "ZZ" }]);
  });

  it("reads 128-bit IPv6 numbers exactly as four words", () => {
    // 2001:200:: and 2001:200:ffff:ffff:ffff:ffff:ffff:ffff, the example in the package's README.
    expect(read("42540528726795050063891204319802818560,42540528806023212578155541913346768895,JP\n", 4)).toEqual([
      { start: [0x20010200, 0, 0, 0], end: [0x20010200, 0xffffffff, 0xffffffff, 0xffffffff], country: "JP" },
    ]);
    expect(read("1,340282366920938463463374607431768211455,US", 4)).toEqual([
      { start: [0, 0, 0, 1], end: [0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff], country: "US" },
    ]);
  });

  it.each([
    ["a number too big for the family", "1,4294967296,US", 1, 1],
    ["a number too big for IPv6", "1,340282366920938463463374607431768211456,US", 4, 1],
    ["a missing field", "1,2\n", 1, 1],
    ["a country that is not two capitals", "16777216,16777471,Australia", 1, 1],
    ["a lower-case country", "16777216,16777471,au", 1, 1],
    ["text instead of a number", "1.0.0.0,1.0.0.255,AU", 1, 1],
    ["a bad second line", "1,2,AU\n3,x,AU\n", 1, 2],
  ] as const)("refuses %s, naming the line", (_, text, width, line) => {
    expect(() => read(text, width)).toThrow(`line ${line} is not "first address,last address,country code"`);
  });
});
