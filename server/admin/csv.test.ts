import { isDeepStrictEqual } from "node:util";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseCsv, toCsv } from "./csv.ts";

describe("CSV export", () => {
  it("starts with a byte order mark and ends every row with CRLF", () => {
    expect(toCsv([])).toBe("\uFEFF");
    expect(
      toCsv([
        ["reference", "amount"],
        ["NS-7F3K-9QXD", 2900],
      ]),
    ).toBe("\uFEFFreference,amount\r\nNS-7F3K-9QXD,2900\r\n");
  });

  it("quotes fields with quotes, commas and line breaks, doubling the quotes", () => {
    expect(toCsv([['He said "hi"', "Lyon, France", "line 1\nline 2", "cr\rhere", "crlf\r\nthere"]])).toBe(
      '\uFEFF"He said ""hi""","Lyon, France","line 1\nline 2","cr\rhere","crlf\r\nthere"\r\n',
    );
  });

  it("keeps accents and emoji as they are, and writes null and empty text as empty fields", () => {
    expect(toCsv([["Zoë Müller", "🎬 Ñandú", null, "", 0]])).toBe("\uFEFFZoë Müller,🎬 Ñandú,,,0\r\n");
  });

  it("neutralises text a spreadsheet would run as a formula, but not the application's numbers", () => {
    const formulas = ["=1+2", "+33 6 12 34 56 78", "-2+3", "@SUM(A1)", "\tcmd", "\r=1"];
    expect(parseCsv(toCsv([formulas]))).toEqual([formulas.map((cell) => `'${cell}`)]);
    expect(toCsv([['=HYPERLINK("http://evil.example","click")']])).toBe('\uFEFF"\'=HYPERLINK(""http://evil.example"",""click"")"\r\n');
    expect(toCsv([[-5, 1.5, "a=b", " =1"]])).toBe("\uFEFF-5,1.5,a=b, =1\r\n");
  });
});

describe("CSV parsing", () => {
  it("reads back what the export writes", () => {
    const rows = [
      ["reference", "name", "note"],
      ["NS-1", 'Ana "the boss"', "line 1\r\nline 2, more"],
      ["", "Zoë 🎬", ""],
    ];
    expect(parseCsv(toCsv(rows))).toEqual(rows);
  });

  it("round-trips any text that is not formula-like", () => {
    const cell = fc.string({ unit: "binary" }).filter((text) => !/^[=+\-@\t\r]/.test(text));
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 1, maxLength: 5 }), { maxLength: 5 }), (rows) =>
        isDeepStrictEqual(parseCsv(toCsv(rows)), rows),
      ),
    );
    // fast-check's first use takes a second or more on a busy machine: more than vitest's default 5 s must not fail it.
  }, 30_000);

  it("accepts input without a BOM, LF line ends, a missing last line end and trailing commas", () => {
    expect(parseCsv("a,b\nc,d")).toEqual([
      ["a", "b"],
      ["c", "d"],
    ]);
    expect(parseCsv("a,\r\n,\r\n")).toEqual([
      ["a", ""],
      ["", ""],
    ]);
    expect(parseCsv("a,")).toEqual([["a", ""]]);
    expect(parseCsv("")).toEqual([]);
    expect(parseCsv('""')).toEqual([[""]]);
  });

  it("refuses what RFC 4180 does not allow", () => {
    expect(() => parseCsv('a"b,c')).toThrow(/quote inside an unquoted field/);
    expect(() => parseCsv('"abc"d,e')).toThrow(/text after a closing quote/);
    expect(() => parseCsv('"abc')).toThrow(/unterminated/);
    expect(() => parseCsv("a\rb")).toThrow(/carriage return/);
  });
});
