/**
 * Drawing a social card (Open Graph / Twitter image, 1200x630 JPEG): a title over an artwork, with a shade
 * for contrast, the logo and the brand name at the top. Shared by the build (scripts/build-social-images.ts
 * draws the pages' cards) and the server (articles' cards, drawn on their first request: decision 0030).
 *
 * The artwork with its shade, logo and brand is the same for every card on it: it is drawn once per artwork
 * and process and kept as raw pixels, so a card costs only its title's outline, one composite and the JPEG.
 */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import opentype from "opentype.js";
import sharp from "sharp";
import { type ImageName, images } from "../images";
import { socialImageSize } from "../social-images";
import { assertDrawable, textPath, textWidth } from "./glyph-paths";
import { fitTitle } from "./title-layout";

/** Change it when the drawing changes: it is part of every card's stamp, so cards kept anywhere are drawn again. */
const designVersion = "2";

const { width, height } = socialImageSize;
const margin = 80;
const titleSizes = [76, 68, 60, 52, 46];
const maxTitleLines = 3;
const colours = { ink: "#0b0b12", text: "#f4f4f8", accent: "#a78bfa" };
/** Measured (decision 0030): mozjpeg's smaller files are not worth three times the encoding time per request. */
const jpeg = { quality: 82, progressive: true, optimiseCoding: true } as const;

// The artwork is built into the server (a few kilobytes of SVG each), so no path has to be found at run time.
const svgs = import.meta.glob<string>("../../content/images/*.svg", { query: "?raw", import: "default", eager: true });
const svgSource = (file: string): string => {
  const source = svgs[`../../content/images/${file}`];
  if (source === undefined) throw new Error(`content/images/${file} is missing.`);
  return source;
};

/** What a card shows. */
export interface CardContent {
  title: string;
  background: ImageName;
  brand: string;
}

/** A card's identity: the same stamp, the same picture. It names the card on disk and is its ETag. */
export function cardStamp({ title, background, brand }: CardContent): string {
  return createHash("sha256")
    .update(`${designVersion}\n${title}\n${brand}\n`)
    .update(svgSource(images[background].source))
    .update(svgSource("logo.svg"))
    .digest("base64url")
    .slice(0, 27);
}

interface Fonts {
  title: opentype.Font;
  brand: opentype.Font;
}

// From node_modules wherever this module runs: its source in the build script, build/server/ in the server.
const require = createRequire(import.meta.url);
async function loadFont(weight: number): Promise<opentype.Font> {
  const bytes = await readFile(require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`));
  return opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
}

let fonts: Promise<Fonts> | undefined;
function cardFonts(): Promise<Fonts> {
  fonts ??= Promise.all([loadFont(800), loadFont(700)]).then(([title, brand]) => ({ title, brand }));
  fonts.catch(() => {
    fonts = undefined;
  });
  return fonts;
}

/** Whether every character of a title can be drawn: the build checks every article's with it. */
export async function checkDrawable(title: string): Promise<void> {
  assertDrawable((await cardFonts()).title, title);
}

/** The top of the card: shade, logo, brand. */
function frameSvg(brand: string, font: opentype.Font): string {
  const logo = svgSource("logo.svg")
    .replace(/<svg[^>]*>/, `<svg x="${margin}" y="56" width="64" height="64" viewBox="0 0 64 64">`)
    .replace(/<\?xml[^>]*>/, "");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="shade" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${colours.ink}" stop-opacity="0.55"/>
      <stop offset="0.45" stop-color="${colours.ink}" stop-opacity="0.35"/>
      <stop offset="1" stop-color="${colours.ink}" stop-opacity="0.92"/>
    </linearGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#shade)"/>
  ${logo}
  <path d="${textPath(font, brand, margin + 84, 101, 40)}" fill="${colours.text}"/>
</svg>`;
}

/**
 * The bottom of the card: the accent bar and the title, as large as fits in three lines. Only the band they
 * take is drawn (about half the card): compositing is most of a card's cost.
 */
function titleBand(title: string, font: opentype.Font): { svg: string; top: number } {
  assertDrawable(font, title);
  const layout = fitTitle(title, titleSizes, width - 2 * margin, maxTitleLines, (text, size) => textWidth(font, text, size));
  const lineHeight = Math.round(layout.fontSize * 1.12);
  const lastBaseline = height - margin;
  const paths = layout.lines
    .map((line, index) => textPath(font, line, margin, lastBaseline - (layout.lines.length - 1 - index) * lineHeight, layout.fontSize))
    .join(" ");
  const barTop = lastBaseline - (layout.lines.length - 1) * lineHeight - layout.fontSize - 28;
  const top = Math.max(0, Math.floor(barTop) - 8);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height - top}" viewBox="0 ${top} ${width} ${height - top}">
  <rect x="${margin}" y="${barTop}" width="96" height="8" rx="4" fill="${colours.accent}"/>
  <path d="${paths}" fill="${colours.text}"/>
</svg>`;
  return { svg, top };
}

interface Backdrop {
  pixels: Buffer;
  channels: 3;
}

const backdrops = new Map<string, Promise<Backdrop>>();

/** The artwork with the frame, flattened to raw RGB: drawn once per artwork and brand. */
function backdrop(background: ImageName, brand: string): Promise<Backdrop> {
  const key = `${background}\n${brand}`;
  let drawn = backdrops.get(key);
  if (!drawn) {
    const spec = images[background];
    drawn = cardFonts().then(async (loaded) => {
      const density = Math.ceil((72 * width * 1.25) / spec.width);
      const artwork = await sharp(Buffer.from(svgSource(spec.source)), { density })
        .resize(width, height, { fit: "cover" })
        .png()
        .toBuffer();
      const pixels = await sharp(artwork)
        .composite([{ input: Buffer.from(frameSvg(brand, loaded.brand)) }])
        .flatten({ background: colours.ink })
        .removeAlpha()
        .raw()
        .toBuffer();
      return { pixels, channels: 3 as const };
    });
    drawn.catch(() => backdrops.delete(key));
    backdrops.set(key, drawn);
  }
  return drawn;
}

/** The card as a JPEG. Throws when the title has a character the font cannot draw. */
export async function drawCard(content: CardContent): Promise<Buffer> {
  const [{ title: font }, { pixels, channels }] = await Promise.all([cardFonts(), backdrop(content.background, content.brand)]);
  const band = titleBand(content.title, font);
  return sharp(pixels, { raw: { width, height, channels } })
    .composite([{ input: Buffer.from(band.svg), top: band.top, left: 0 }])
    .jpeg(jpeg)
    .toBuffer();
}
