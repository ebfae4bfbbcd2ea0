/**
 * Fitting a title onto a social card: the largest font size at which it wraps into at most `maxLines`
 * lines no wider than `maxWidth`. Pure (the text is measured by the function given), so it is unit-tested.
 */

export interface TitleLayout {
  fontSize: number;
  lines: string[];
}

/** Width of `text` at `fontSize`, in the same unit as `maxWidth`. */
export type Measure = (text: string, fontSize: number) => number;

/** Greedy word wrap: each line takes words while they fit; a single word too wide gets a line of its own. */
export function wrapWords(text: string, fontSize: number, maxWidth: number, measure: Measure): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && measure(candidate, fontSize) > maxWidth) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Tries each size from the largest; the smallest size is used even if the title still needs more lines. */
export function fitTitle(text: string, sizes: readonly number[], maxWidth: number, maxLines: number, measure: Measure): TitleLayout {
  let layout: TitleLayout = { fontSize: 0, lines: [] };
  for (const fontSize of sizes) {
    layout = { fontSize, lines: wrapWords(text, fontSize, maxWidth, measure) };
    const fits = layout.lines.length <= maxLines && layout.lines.every((line) => measure(line, fontSize) <= maxWidth);
    if (fits) return layout;
  }
  return layout;
}
