import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as hb from "harfbuzzjs";
import subsetFont from "subset-font";
import { describe, expect, it } from "vitest";
import {
  baseCharacters,
  characterSet,
  contentFiles,
  fallbackCss,
  fileText,
  proseText,
  unicodeRange,
  usesBoldFallback,
  webFontCss,
  weightBands,
  weights,
} from "./fonts.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const files = contentFiles(root);
const rel = (file: string) => path.relative(root, file);

describe("the character set", () => {
  const codes = new Set(characterSet(files.map(fileText).join("\n")));

  it("reads the locales, pages, articles, site.ts and the app's strings", () => {
    const read = files.map(rel);
    for (const expected of ["content/locales/fr.json", "content/pages/about/es.md", "content/site.ts", "app/sections/Hero.tsx"])
      expect(read).toContain(expected);
    expect(read.some((file) => file.startsWith("content/blog/") && file.endsWith("/fr.md"))).toBe(true);
    expect(read.some((file) => file.startsWith("content/locales/admin/"))).toBe(true);
    expect(read.some((file) => file.includes(".test."))).toBe(false);
  });

  it("holds every character the content uses", () => {
    for (const file of files) {
      const missing = [...new Set(fileText(file))].filter((c) => c.codePointAt(0)! >= 0x20 && !codes.has(c.codePointAt(0)!));
      expect(missing, rel(file)).toEqual([]);
    }
  });

  it("holds what Spanish and French text may need, used today or not", () => {
    for (const character of "áéíóúñü¿¡àâçèêëîïôùûÿœæ«»€–—’“”…·ÁÉÍÓÚÑÜÀÂÇÈÊËÎÏÔÙÛŒÆ0123456789.,;:!?'\"()%&@\u00a0\u202f")
      expect(codes.has(character.codePointAt(0)!), character).toBe(true);
    for (const character of baseCharacters) expect(codes.has(character.codePointAt(0)!)).toBe(true);
  });

  it("leaves out line breaks, controls and byte-order marks", () => {
    expect(characterSet("a\n\tb\u0085\ufeff")).toEqual(characterSet("ab"));
  });

  it("reads JSON escapes as the characters they stand for", () => {
    expect(fileText(path.join(root, "content/locales/fr.json"))).not.toContain("\\u00");
  });

  it("is what the subset font keeps, wherever Inter's Latin file has the character", async () => {
    const inter = readFileSync(path.join(root, "node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2"));
    const unicodes = (font: Uint8Array) => new Set(new hb.Face(new hb.Blob(font)).collectUnicodes());
    const original = unicodes(new Uint8Array(await subsetFont(inter, "", { targetFormat: "truetype", keepAllGlyphs: true })));
    const text = String.fromCodePoint(...codes);
    const subset = unicodes(new Uint8Array(await subsetFont(inter, text, { targetFormat: "truetype" })));
    for (const code of codes) expect(subset.has(code), `U+${code.toString(16)}`).toBe(original.has(code));
    // Every letter of the base set is in the font (what it lacks, ← → Ÿ U+202F, falls back per character).
    for (const character of "áéíóúñü¿¡àâçèêëîïôùûÿœæ«»€–—’“”…·") expect(subset.has(character.codePointAt(0)!), character).toBe(true);
  }, 30_000);
});

describe("weights", () => {
  const used = new Set<number>();
  const named: Record<string, number> = {
    thin: 100,
    extralight: 200,
    light: 300,
    normal: 400,
    medium: 500,
    semibold: 600,
    bold: 700,
    extrabold: 800,
    black: 900,
  };
  for (const file of files.filter((f) => f.startsWith(path.join(root, "app")))) {
    const source = readFileSync(file, "utf8");
    for (const match of source.matchAll(/\bfont-(thin|extralight|light|normal|medium|semibold|bold|extrabold|black)\b/g))
      used.add(named[match[1]!]!);
  }
  for (const match of readFileSync(path.join(root, "app/app.css"), "utf8").matchAll(/font-weight:\s*(\d+)\s*;/g))
    used.add(Number(match[1]));

  it("cover every weight the app's classes and CSS ask for", () => {
    expect(used.size).toBeGreaterThan(3);
    for (const weight of used) expect(weights, `font-weight ${weight}`).toContain(weight);
  });

  it("split 1-1000 into bands, one around each weight", () => {
    expect(weightBands([400, 500, 600, 650, 700, 800])).toEqual([
      [1, 450],
      [451, 550],
      [551, 625],
      [626, 675],
      [676, 750],
      [751, 1000],
    ]);
    expect(weightBands([400])).toEqual([[1, 1000]]);
  });

  it("take the bold local font from 600 up", () => {
    expect(weights.filter(usesBoldFallback)).toEqual([600, 650, 700, 800]);
  });
});

describe("the CSS", () => {
  it("writes consecutive code points as ranges", () => {
    expect(unicodeRange([0x41, 0x20, 0x21, 0x22, 0xe9, 0x2026, 0x2025])).toBe("U+20-22, U+41, U+E9, U+2025-2026");
  });

  it("gives the web font font-display: optional, its weight range and its characters", () => {
    const css = webFontCss("Inter Variable", "./inter.woff2", [0x41, 0x42]);
    expect(css).toContain('font-family: "Inter Variable";');
    expect(css).toContain("font-display: optional;");
    expect(css).toContain("font-weight: 400 800;");
    expect(css).toContain('src: url("./inter.woff2") format("woff2");');
    expect(css).toContain("unicode-range: U+41-42;");
  });

  it("scales each fallback face and divides Inter's ascent and descent by the scale", () => {
    const inter = { unitsPerEm: 2048, ascender: 1984, descender: -494, lineGap: 0 };
    const css = fallbackCss("Inter Fallback", inter, [
      { weight: 400, range: [1, 450], sizeAdjust: 1.065 },
      { weight: 800, range: [751, 1000], sizeAdjust: 1.029 },
    ]);
    const faces = css.split("@font-face").slice(1);
    expect(faces).toHaveLength(2);
    expect(faces[0]).toContain("font-weight: 1 450;");
    expect(faces[0]).toContain('src: local("Arial"), local("ArialMT"), local("Helvetica"), local("Liberation Sans")');
    expect(faces[0]).toContain("size-adjust: 106.50%;");
    expect(faces[0]).toContain(`ascent-override: ${((1984 / 2048 / 1.065) * 100).toFixed(2)}%;`);
    expect(faces[0]).toContain(`descent-override: ${((494 / 2048 / 1.065) * 100).toFixed(2)}%;`);
    expect(faces[0]).toContain("line-gap-override: 0.00%;");
    expect(faces[1]).toContain('src: local("Arial Bold"), local("Arial-BoldMT")');
    expect(faces[1]).toContain("size-adjust: 102.90%;");
    expect(css).not.toContain("font-display");
  });
});

describe("the prose the widths are measured on", () => {
  it("drops placeholders, link targets and Markdown marks", () => {
    const prose = proseText(files);
    expect(prose.length).toBeGreaterThan(10_000);
    expect(prose).not.toMatch(/\{\{|\]\(|\*\*|\n/);
  });
});
