/** The part of subset-font's API scripts/build-fonts.ts uses (the package ships no types). */
declare module "subset-font" {
  interface Options {
    targetFormat?: "sfnt" | "truetype" | "woff" | "woff2";
    /** OpenType feature tags to keep; every feature when left out. */
    keepFeatures?: string[];
    /** Axes to pin to a value, or to limit to a range. */
    variationAxes?: Record<string, number | { min: number; max: number; default?: number }>;
    preserveNameIds?: number[];
    noLayoutClosure?: boolean;
    noHinting?: boolean;
    /** Keep every glyph (then the text must be empty). */
    keepAllGlyphs?: boolean;
  }
  export default function subsetFont(font: Buffer | Uint8Array, text: string, options?: Options): Promise<Buffer>;
}
