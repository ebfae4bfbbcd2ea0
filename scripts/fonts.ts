/**
 * The pure parts of scripts/build-fonts.ts: which characters the web font keeps, which weights it keeps,
 * and the CSS of the web font and of its metric-adjusted local fallback.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/**
 * Every weight the site's CSS asks for (Tailwind's font-normal, -medium, -semibold, -bold, -extrabold and
 * app.css's own 650). The web font keeps the wght axis from the first to the last; the fallback gets one
 * face per weight, sized to that weight of Inter. scripts/fonts.test.ts checks the list against app/.
 */
export const weights = [400, 500, 600, 650, 700, 800] as const;

/**
 * What any text in English, Spanish or French may need, whether or not today's content uses it: printable
 * ASCII, the no-break spaces Intl puts in French and Spanish numbers and prices, the accented letters of
 * both languages in both cases, their quotation marks and the usual typographic punctuation.
 */
export const baseCharacters = [
  ascii(),
  "\u00a0\u202f", // no-break space, narrow no-break space (Intl: "1 234,50 €")
  "¡¿ªº«»·",
  "ÁÉÍÓÚÑÜáéíóúñü",
  "ÀÂÆÇÈÊËÎÏÔŒÙÛŸàâæçèêëîïôœùûÿ",
  "‘’‚“”„‹›–—…•€©®™°×",
  "←→",
].join("");

function ascii(): string {
  let text = "";
  for (let code = 0x20; code <= 0x7e; code++) text += String.fromCharCode(code);
  return text;
}

/** The files whose text the site shows: locales (site and console), long pages, articles, site.ts, and the app's own strings. */
export function contentFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (directory: string) => {
    for (const name of readdirSync(directory).sort()) {
      const file = path.join(directory, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (/\.(json|md|tsx?)$/.test(name) && !/\.test\.tsx?$/.test(name)) files.push(file);
    }
  };
  for (const directory of ["content/locales", "content/pages", "content/blog", "app"]) walk(path.join(root, directory));
  files.push(path.join(root, "content/site.ts"));
  // Generated files and mails are not set in the web font (mails use the reader's system fonts).
  return files.filter((file) => !file.includes(`${path.sep}generated${path.sep}`));
}

/** A file's text as the site shows it: JSON is parsed, so escapes such as \u00e9 count as the character. */
export function fileText(file: string): string {
  const text = readFileSync(file, "utf8");
  if (!file.endsWith(".json")) return text;
  const strings: string[] = [];
  const collect = (value: unknown): void => {
    if (typeof value === "string") strings.push(value);
    else if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === "object") Object.values(value).forEach(collect);
  };
  collect(JSON.parse(text));
  return strings.join("\n");
}

/** The code points to keep: the base set and every printable character of `text`, ascending. */
export function characterSet(text: string): number[] {
  const codes = new Set<number>();
  for (const character of baseCharacters + text) {
    const code = character.codePointAt(0)!;
    // Controls and line breaks draw nothing; U+FEFF is a byte-order mark.
    if (code < 0x20 || (code >= 0x7f && code < 0xa0) || code === 0xfeff) continue;
    codes.add(code);
  }
  return [...codes].sort((a, b) => a - b);
}

/** The readers' text for measuring widths: the strings of the locales and the words of pages and articles. */
export function proseText(files: readonly string[]): string {
  return files
    .filter((file) => /\.(json|md)$/.test(file))
    .map((file) =>
      fileText(file)
        .replace(/\{\{[^}]*\}\}/g, " ") // placeholders
        .replace(/\]\([^)]*\)/g, " ") // Markdown link targets
        .replace(/[#*_`>|[\]]/g, " "),
    )
    .join(" ")
    .replace(/\s+/g, " ");
}

/** `U+20-7E, U+A0, …`: consecutive code points as ranges. */
export function unicodeRange(codes: readonly number[]): string {
  const sorted = [...new Set(codes)].sort((a, b) => a - b);
  const ranges: string[] = [];
  const hex = (code: number) => code.toString(16).toUpperCase();
  for (let i = 0; i < sorted.length; i++) {
    const start = sorted[i]!;
    let end = start;
    while (sorted[i + 1] === end + 1) end = sorted[++i]!;
    ranges.push(end === start ? `U+${hex(start)}` : `U+${hex(start)}-${hex(end)}`);
  }
  return ranges.join(", ");
}

/** Vertical metrics in font units, as browsers read them (hhea; Inter and Arial agree with OS/2). */
export interface VerticalMetrics {
  unitsPerEm: number;
  ascender: number;
  /** Negative, below the baseline. */
  descender: number;
  lineGap: number;
}

/** One face of the fallback: a local font at a weight band, scaled to the width of Inter at `weight`. */
export interface FallbackFace {
  weight: number;
  /** The band of requested weights this face answers, [from, to]. */
  range: readonly [number, number];
  /** Inter's width at `weight` over the local font's width, on the same text. */
  sizeAdjust: number;
}

/**
 * The local fonts the fallback uses, by full and PostScript name: Arial (Windows, macOS, iOS), Helvetica
 * (its metric twin on Apple systems), Liberation Sans and Arimo (metric-compatible with Arial: Linux,
 * ChromeOS, where Chromium answers Arial with Liberation Sans). Every one has Arial's advance widths, so one
 * size-adjust fits all.
 */
export const fallbackLocalNames = {
  regular: ["Arial", "ArialMT", "Helvetica", "Liberation Sans", "LiberationSans", "Arimo", "Arimo-Regular"],
  bold: [
    "Arial Bold",
    "Arial-BoldMT",
    "Helvetica Bold",
    "Helvetica-Bold",
    "Liberation Sans Bold",
    "LiberationSans-Bold",
    "Arimo Bold",
    "Arimo-Bold",
  ],
} as const;

/** Weights from 600 up take the bold local font, below it the regular one (as CSS font matching would). */
export function usesBoldFallback(weight: number): boolean {
  return weight >= 600;
}

/** Each weight answers requests from halfway to its neighbours; the first from 1, the last to 1000. */
export function weightBands(list: readonly number[]): [number, number][] {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted.map((weight, i) => {
    const previous = sorted[i - 1];
    const next = sorted[i + 1];
    const from = previous === undefined ? 1 : Math.floor((previous + weight) / 2) + 1;
    const to = next === undefined ? 1000 : Math.floor((weight + next) / 2);
    return [from, to];
  });
}

const percent = (value: number) => `${(value * 100).toFixed(2)}%`;

/**
 * The fallback's @font-face rules, as Next.js, fontaine and capsize make them: the local font is scaled by
 * size-adjust to Inter's width, and its ascent, descent and line gap are overridden with Inter's, divided by
 * that scale (the overrides apply to the adjusted size).
 */
export function fallbackCss(family: string, inter: VerticalMetrics, faces: readonly FallbackFace[]): string {
  const ascent = inter.ascender / inter.unitsPerEm;
  const descent = Math.abs(inter.descender) / inter.unitsPerEm;
  const lineGap = inter.lineGap / inter.unitsPerEm;
  return faces
    .map((face) => {
      const names = usesBoldFallback(face.weight) ? fallbackLocalNames.bold : fallbackLocalNames.regular;
      return [
        "@font-face {",
        `  font-family: "${family}";`,
        "  font-style: normal;",
        `  font-weight: ${face.range[0]} ${face.range[1]};`,
        `  src: ${names.map((name) => `local("${name}")`).join(", ")};`,
        `  size-adjust: ${percent(face.sizeAdjust)};`,
        `  ascent-override: ${percent(ascent / face.sizeAdjust)};`,
        `  descent-override: ${percent(descent / face.sizeAdjust)};`,
        `  line-gap-override: ${percent(lineGap / face.sizeAdjust)};`,
        "}",
      ].join("\n");
    })
    .join("\n");
}

/**
 * The web font's @font-face, with font-display: optional. The text is laid out once, in Inter when it has
 * arrived within the browser's short block period (100 ms at most; at once from the cache on later pages),
 * else in the fallback for the rest of that page's life: nothing ever moves. With swap, the metric-matched
 * fallback still breaks some lines elsewhere (no one scale matches every word and space; measured: the
 * English hero title takes 3 lines at 375 px in the fallback and 4 in Inter), so the swap moved the page
 * (CLS 0.027 in English, 0.023 in Spanish at 375 px).
 */
export function webFontCss(family: string, file: string, codes: readonly number[]): string {
  return [
    "@font-face {",
    `  font-family: "${family}";`,
    "  font-style: normal;",
    "  font-display: optional;",
    `  font-weight: ${Math.min(...weights)} ${Math.max(...weights)};`,
    `  src: url("${file}") format("woff2");`,
    `  unicode-range: ${unicodeRange(codes)};`,
    "}",
  ].join("\n");
}
