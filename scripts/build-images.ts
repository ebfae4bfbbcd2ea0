/**
 * Rasterise the SVG artwork in content/images/ to responsive AVIF + WebP.
 *
 *   node scripts/build-images.ts [--force]
 *
 * - Every entry of `images` in app/images.ts is rendered at each of its
 *   widths to public/images/generated/<name>-<width>.{avif,webp}.
 *   Outputs newer than their SVG source (and this script) are skipped.
 * - content/images/logo.svg is copied to public/favicon.svg and rendered to
 *   public/apple-touch-icon.png (180), public/icon-192.png, public/icon-512.png
 *   (logo centred on the page background).
 */
import { copyFile, mkdir, stat } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { type ImageName, type ImageSpec, images } from "../app/images.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const sourceDir = path.join(root, "content/images");
const publicDir = path.join(root, "public");
const outDir = path.join(publicDir, "images/generated");
const background = "#0b0b12";
const force = process.argv.includes("--force");

const AVIF = { quality: 50, effort: 4 } as const;
const WEBP = { quality: 72, effort: 5 } as const;

let written = 0;
let skipped = 0;

function rel(file: string): string {
  return path.relative(root, file);
}

async function mtime(file: string): Promise<number | undefined> {
  try {
    return (await stat(file)).mtimeMs;
  } catch {
    return undefined;
  }
}

async function isFresh(output: string, inputs: readonly number[]): Promise<boolean> {
  if (force) return false;
  const out = await mtime(output);
  return out !== undefined && inputs.every((t) => out > t);
}

async function report(file: string): Promise<void> {
  const { size } = await stat(file);
  written++;
  console.log(`${rel(file).padEnd(44)} ${String(size).padStart(8)} B  (${(size / 1024).toFixed(1)} KB)`);
}

/** Density (DPI) that renders an SVG of `intrinsicWidth` at >= `targetWidth` px. */
function densityFor(intrinsicWidth: number, targetWidth: number): number {
  // librsvg renders at 72 DPI = 1 px per user unit; oversample 1.25x for crisp edges.
  return Math.min(2400, Math.ceil((72 * targetWidth * 1.25) / intrinsicWidth));
}

async function buildImage(name: ImageName, spec: ImageSpec, scriptTime: number): Promise<void> {
  const source = path.join(sourceDir, spec.source);
  const srcTime = await mtime(source);
  if (srcTime === undefined) throw new Error(`Missing source for "${name}": ${rel(source)}`);

  const largest = Math.max(...spec.widths);
  let rendered: Buffer | undefined;

  for (const width of spec.widths) {
    const height = Math.round((width * spec.height) / spec.width);
    for (const format of ["avif", "webp"] as const) {
      const output = path.join(outDir, `${name}-${width}.${format}`);
      if (await isFresh(output, [srcTime, scriptTime])) {
        skipped++;
        continue;
      }
      // Rasterise once per source, at a density crisp enough for the largest width.
      rendered ??= await sharp(source, { density: densityFor(spec.width, largest) })
        .flatten({ background })
        .png()
        .toBuffer();
      const pipeline = sharp(rendered).resize(width, height, { fit: "cover", kernel: "lanczos3" });
      if (format === "avif") await pipeline.avif(AVIF).toFile(output);
      else await pipeline.webp(WEBP).toFile(output);
      await report(output);
    }
  }
}

async function buildIcons(scriptTime: number): Promise<void> {
  const logo = path.join(sourceDir, "logo.svg");
  const logoTime = await mtime(logo);
  if (logoTime === undefined) throw new Error(`Missing logo source: ${rel(logo)}`);

  const favicon = path.join(publicDir, "favicon.svg");
  if (!(await isFresh(favicon, [logoTime]))) {
    await copyFile(logo, favicon);
    await report(favicon);
  } else skipped++;

  const icons = [
    ["apple-touch-icon.png", 180],
    ["icon-192.png", 192],
    ["icon-512.png", 512],
  ] as const;
  for (const [file, size] of icons) {
    const output = path.join(publicDir, file);
    if (await isFresh(output, [logoTime, scriptTime])) {
      skipped++;
      continue;
    }
    // Logo occupies ~62% of the tile: safe inside iOS/Android mask crops.
    const inner = Math.round(size * 0.62);
    const meta = await sharp(logo).metadata();
    const density = Math.ceil((72 * inner * 2) / (meta.width ?? inner));
    const mark = await sharp(logo, { density }).resize(inner, inner, { fit: "contain", background: "#0000" }).png().toBuffer();
    const tile = await sharp({ create: { width: size, height: size, channels: 4, background } })
      .composite([{ input: mark, gravity: "centre" }])
      .png()
      .toBuffer();
    // Opaque RGB PNG (iOS renders transparency in touch icons as black anyway).
    await sharp(tile).removeAlpha().png({ compressionLevel: 9 }).toFile(output);
    await report(output);
  }
}

async function main(): Promise<void> {
  await mkdir(outDir, { recursive: true });
  const scriptTime = (await mtime(fileURLToPath(import.meta.url))) ?? 0;

  // Check all sources up front so a missing file fails before any work.
  const missing: string[] = [];
  for (const spec of Object.values(images) as ImageSpec[]) {
    if ((await mtime(path.join(sourceDir, spec.source))) === undefined) missing.push(spec.source);
  }
  if ((await mtime(path.join(sourceDir, "logo.svg"))) === undefined) missing.push("logo.svg");
  if (missing.length > 0) {
    throw new Error(`Missing SVG source(s) in ${rel(sourceDir)}/: ${missing.join(", ")}`);
  }

  for (const [name, spec] of Object.entries(images) as [ImageName, ImageSpec][]) {
    await buildImage(name, spec, scriptTime);
  }
  await buildIcons(scriptTime);
  console.log(`build-images: ${written} written, ${skipped} up to date.`);
}

main().catch((error: unknown) => {
  console.error(`build-images: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
