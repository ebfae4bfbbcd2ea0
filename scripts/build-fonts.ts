/**
 * The site's font, made at build time from the npm packages (nothing binary is committed):
 *
 *   node scripts/build-fonts.ts
 *
 * - app/generated/inter.woff2: Inter (variable, SIL Open Font License) cut down with HarfBuzz's subsetter
 *   to the characters English, Spanish and French need (scripts/fonts.ts: a fixed base set, plus every
 *   character of the content and the app's strings, so new content keeps its font), to the weights the
 *   CSS uses (the wght axis limited to 400-800), and to the OpenType features browsers apply by default
 *   (plus tnum, for the console's figures).
 * - app/generated/fonts.css, imported by app/app.css: its @font-face (font-display: optional, see
 *   webFontCss in scripts/fonts.ts), and the "Inter Fallback" faces: the local Arial (or its metric twins)
 *   scaled, weight by weight, to Inter's width on the site's own text, with Inter's ascent and descent, so a
 *   page set in the fallback (a first visit whose font comes late) takes the room Inter would.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as hb from "harfbuzzjs";
import subsetFont from "subset-font";
import {
  characterSet,
  contentFiles,
  type FallbackFace,
  fallbackCss,
  fileText,
  proseText,
  usesBoldFallback,
  type VerticalMetrics,
  webFontCss,
  weightBands,
  weights,
} from "./fonts.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outDir = path.join(root, "app/generated");
const sources = {
  inter: path.join(root, "node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2"),
  // Arimo has Arial's advance widths (and so Liberation Sans's and Helvetica's): it stands in for them here.
  arialRegular: path.join(root, "node_modules/@fontsource/arimo/files/arimo-latin-400-normal.woff"),
  arialBold: path.join(root, "node_modules/@fontsource/arimo/files/arimo-latin-700-normal.woff"),
};
/** What browsers apply unasked (HarfBuzz's defaults for Latin), and tabular figures for the console. */
const features = ["ccmp", "locl", "mark", "mkmk", "kern", "liga", "clig", "calt", "rlig", "rclt", "rvrn", "dist", "tnum"];

function rel(file: string): string {
  return path.relative(root, file);
}

/** The font as TrueType (HarfBuzz reads neither WOFF nor WOFF2), keeping the glyphs of `text`. */
async function truetype(file: string, text: string): Promise<Uint8Array> {
  return new Uint8Array(await subsetFont(await readFile(file), text, { targetFormat: "truetype" }));
}

/** The width of `text` in ems, shaped by HarfBuzz as a browser would (kerning included). */
function textWidth(font: Uint8Array, text: string, weight?: number): number {
  const face = new hb.Face(new hb.Blob(font));
  const hbFont = new hb.Font(face);
  if (weight !== undefined) hbFont.setVariations([new hb.Variation("wght", weight)]);
  const buffer = new hb.Buffer();
  buffer.addText(text);
  buffer.guessSegmentProperties();
  hb.shape(hbFont, buffer);
  const advance = buffer.getGlyphPositions().reduce((sum, position) => sum + position.xAdvance, 0);
  return advance / face.upem;
}

function verticalMetrics(font: Uint8Array): VerticalMetrics {
  const face = new hb.Face(new hb.Blob(font));
  const extents = new hb.Font(face).hExtents();
  return { unitsPerEm: face.upem, ascender: extents.ascender, descender: extents.descender, lineGap: extents.lineGap };
}

async function main(): Promise<void> {
  const files = contentFiles(root);
  const codes = characterSet(files.map(fileText).join("\n"));
  const text = String.fromCodePoint(...codes);

  const options = {
    keepFeatures: features,
    variationAxes: { wght: { min: Math.min(...weights), max: Math.max(...weights) } },
  };
  const original = await readFile(sources.inter);
  const woff2 = await subsetFont(original, text, { ...options, targetFormat: "woff2" });
  const inter = new Uint8Array(await subsetFont(original, text, { ...options, targetFormat: "truetype" }));
  const kept = [...new hb.Face(new hb.Blob(inter)).collectUnicodes()];
  const missing = codes.filter((code) => code >= 0x20 && !kept.includes(code));

  // Widths on the site's own prose, so the letters that are common in en/es/fr weigh the most.
  const prose = proseText(files);
  const arial = { regular: await truetype(sources.arialRegular, prose), bold: await truetype(sources.arialBold, prose) };
  const arialWidth = { regular: textWidth(arial.regular, prose), bold: textWidth(arial.bold, prose) };
  const bands = weightBands(weights);
  const faces: FallbackFace[] = weights.map((weight, i) => ({
    weight,
    range: bands[i]!,
    sizeAdjust: textWidth(inter, prose, weight) / arialWidth[usesBoldFallback(weight) ? "bold" : "regular"],
  }));

  const css = [
    "/* Made by scripts/build-fonts.ts at build time: do not edit (see that script). */",
    webFontCss("Inter Variable", "./inter.woff2", kept),
    fallbackCss("Inter Fallback", verticalMetrics(inter), faces),
    "",
  ].join("\n");

  await mkdir(outDir, { recursive: true });
  await writeFile(path.join(outDir, "inter.woff2"), woff2);
  await writeFile(path.join(outDir, "fonts.css"), css);

  console.log(
    `build-fonts: ${rel(path.join(outDir, "inter.woff2"))} ${woff2.length} B (from ${original.length} B), ` +
      `${kept.length} characters, wght ${options.variationAxes.wght.min}-${options.variationAxes.wght.max}`,
  );
  if (missing.length > 0) {
    const list = missing.map((code) => `U+${code.toString(16).toUpperCase()}`).join(" ");
    console.log(`build-fonts: not in Inter's Latin file, shown in the fallback font: ${list}`);
  }
  for (const face of faces) console.log(`build-fonts: fallback for ${face.weight}: size-adjust ${(face.sizeAdjust * 100).toFixed(2)}%`);
}

main().catch((error: unknown) => {
  console.error(`build-fonts: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});
