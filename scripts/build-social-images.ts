/**
 * Draws every page's social card (Open Graph / Twitter image, 1200x630 JPEG) with the page's title in its
 * language, into public/images/social/<language>/<page>.jpg.
 *
 *   node scripts/build-social-images.ts [--force]
 *
 * The list of cards and their titles comes from the app itself (app/content/social-cards.server.ts, loaded
 * through Vite so its content imports work). Text is drawn as vector paths from the Inter font file, so the
 * result never depends on the fonts installed on the build machine. A card is drawn again only when its
 * title, artwork or this script changed.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import opentype from "opentype.js";
import sharp from "sharp";
import { runnerImport } from "vite";
import { images } from "../app/images.ts";
import { socialImageSize } from "../app/social-images.ts";
import { blogContentAlias } from "./bundle/blog-content.ts";
import { fitTitle } from "./social-card-layout.ts";

type CardsModule = typeof import("../app/content/social-cards.server.ts");

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const publicDir = path.join(root, "public");
// Outside public/, so the stamps are never served.
const stampFile = path.join(root, "node_modules/.cache/build-social-images.json");
const force = process.argv.includes("--force");

const { width, height } = socialImageSize;
const margin = 80;
const titleSizes = [76, 68, 60, 52, 46];
const maxTitleLines = 3;
const colours = { ink: "#0b0b12", text: "#f4f4f8", accent: "#a78bfa" };

const fontFile = (weight: number) => path.join(root, `node_modules/@fontsource/inter/files/inter-latin-${weight}-normal.woff`);

async function loadFont(weight: number): Promise<opentype.Font> {
  const bytes = await readFile(fontFile(weight));
  return opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
}

/** A title with a character the font cannot draw would show an empty box: stop the build instead. */
function assertDrawable(font: opentype.Font, text: string): void {
  const missing = [...new Set(text)].filter((character) => character.trim() && font.charToGlyphIndex(character) === 0);
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

function textWidth(font: opentype.Font, text: string, size: number): number {
  return glyphRun(font, text, size).at(-1)?.x ?? 0;
}

function textPath(font: opentype.Font, text: string, x: number, y: number, size: number): string {
  return glyphRun(font, text, size)
    .slice(0, -1)
    .map(({ glyph, x: offset }) => glyph.getPath(x + offset, y, size).toPathData(1))
    .join(" ");
}

async function artwork(name: keyof typeof images): Promise<Buffer> {
  const spec = images[name];
  const source = path.join(root, "content/images", spec.source);
  const density = Math.ceil((72 * width * 1.25) / spec.width);
  return sharp(source, { density }).resize(width, height, { fit: "cover" }).png().toBuffer();
}

/** The overlay: a shade for contrast, the logo and brand name at the top, the title at the bottom. */
function overlay(title: string, brand: string, logoSvg: string, fonts: { title: opentype.Font; brand: opentype.Font }): string {
  assertDrawable(fonts.title, title);
  const layout = fitTitle(title, titleSizes, width - 2 * margin, maxTitleLines, (text, size) => textWidth(fonts.title, text, size));
  const lineHeight = Math.round(layout.fontSize * 1.12);
  const lastBaseline = height - margin;
  const titlePaths = layout.lines
    .map((line, index) =>
      textPath(fonts.title, line, margin, lastBaseline - (layout.lines.length - 1 - index) * lineHeight, layout.fontSize),
    )
    .join(" ");
  const logo = logoSvg
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
  <path d="${textPath(fonts.brand, brand, margin + 84, 101, 40)}" fill="${colours.text}"/>
  <rect x="${margin}" y="${lastBaseline - (layout.lines.length - 1) * lineHeight - layout.fontSize - 28}" width="96" height="8" rx="4" fill="${colours.accent}"/>
  <path d="${titlePaths}" fill="${colours.text}"/>
</svg>`;
}

async function readStamps(): Promise<Record<string, string>> {
  try {
    return JSON.parse(await readFile(stampFile, "utf8")) as Record<string, string>;
  } catch {
    return {};
  }
}

async function saveStamps(stamps: Record<string, string>): Promise<void> {
  await mkdir(path.dirname(stampFile), { recursive: true });
  await writeFile(stampFile, `${JSON.stringify(stamps, null, 2)}\n`);
}

async function main(): Promise<void> {
  const { module } = await runnerImport<CardsModule>(path.join(root, "app/content/social-cards.server.ts"), {
    configFile: false,
    logLevel: "error",
    resolve: { alias: blogContentAlias() },
  });
  const cards = module.socialCards();
  const brand = module.brandName;
  const logoSvg = await readFile(path.join(root, "content/images/logo.svg"), "utf8");
  const fonts = { title: await loadFont(800), brand: await loadFont(700) };
  const script = await readFile(fileURLToPath(import.meta.url));
  const stamps = force ? {} : await readStamps();
  const backgrounds = new Map<string, Promise<Buffer>>();
  let drawn = 0;
  let saving = Promise.resolve();

  async function draw(card: (typeof cards)[number]): Promise<void> {
    const artworkSource = await readFile(path.join(root, "content/images", images[card.background].source));
    const stamp = createHash("sha256").update(card.title).update(brand).update(artworkSource).update(logoSvg).update(script).digest("hex");
    const output = path.join(publicDir, card.path);
    if (stamps[card.path] === stamp && existsSync(output)) return;

    let background = backgrounds.get(card.background);
    if (!background) {
      background = artwork(card.background);
      backgrounds.set(card.background, background);
    }
    await mkdir(path.dirname(output), { recursive: true });
    await sharp(await background)
      .composite([{ input: Buffer.from(overlay(card.title, brand, logoSvg, fonts)) }])
      .flatten({ background: colours.ink })
      .jpeg({ quality: 82, mozjpeg: true })
      .toFile(output);
    stamps[card.path] = stamp;
    drawn++;
    // Thousands of article cards take minutes: a run stopped halfway keeps what it drew.
    // One save at a time: the cards are drawn several at once.
    if (drawn % 100 === 0) saving = saving.then(() => saveStamps(stamps));
  }

  // Several cards at once: sharp rasterises and encodes on its own threads while the next title is laid out,
  // so a blog of a thousand articles a language is drawn on every core (issue 22).
  const queue = [...cards];
  await Promise.all(
    Array.from({ length: Math.max(1, availableParallelism()) * 2 }, async () => {
      for (let card = queue.shift(); card; card = queue.shift()) await draw(card);
    }),
  );
  await saving;
  await saveStamps(stamps);
  console.log(`build-social-images: ${drawn} drawn, ${cards.length - drawn} up to date.`);
}

main().catch((error: unknown) => {
  console.error(`build-social-images: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});
