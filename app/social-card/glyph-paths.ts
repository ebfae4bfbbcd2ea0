/**
 * A line of text as SVG path data, glyph by glyph from a font file, so a card looks the same whatever fonts
 * the machine drawing it has installed.
 */
import type opentype from "opentype.js";

/** A title with a character the font cannot draw would show an empty box: refuse it instead. */
export function missingGlyphs(font: opentype.Font, text: string): string[] {
  return [...new Set(text)].filter((character) => character.trim() && font.charToGlyphIndex(character) === 0);
}

export function assertDrawable(font: opentype.Font, text: string): void {
  const missing = missingGlyphs(font, text);
  if (missing.length > 0)
    throw new Error(`The card font has no glyph for ${missing.map((c) => JSON.stringify(c)).join(", ")} in "${text}".`);
}

/**
 * Glyph by glyph with kerning. opentype.js's own text shaping stops on a substitution table Inter uses,
 * and these titles need no shaping beyond kerning.
 */
function glyphRun(font: opentype.Font, text: string, size: number): { glyph: opentype.Glyph; x: number }[] {
  const scale = size / font.unitsPerEm;
  const run: { glyph: opentype.Glyph; x: number }[] = [];
  let x = 0;
  let previous: opentype.Glyph | undefined;
  for (const character of text) {
    const glyph = font.charToGlyph(character);
    if (previous) x += font.getKerningValue(previous, glyph) * scale;
    run.push({ glyph, x });
    x += (glyph.advanceWidth ?? 0) * scale;
    previous = glyph;
  }
  run.push({ glyph: font.charToGlyph(" "), x });
  return run;
}

export function textWidth(font: opentype.Font, text: string, size: number): number {
  return glyphRun(font, text, size).at(-1)?.x ?? 0;
}

/** The text's outline with its baseline starting at (x, y). */
export function textPath(font: opentype.Font, text: string, x: number, y: number, size: number): string {
  return glyphRun(font, text, size)
    .slice(0, -1)
    .map(({ glyph, x: offset }) => glyph.getPath(x + offset, y, size).toPathData(1))
    .join(" ");
}
