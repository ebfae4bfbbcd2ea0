/**
 * Draws every page's social card (Open Graph / Twitter image, 1200x630 JPEG) with the page's title in its
 * language, into public/images/social/<language>/<page>.jpg, and checks that every article's title can be
 * drawn: articles' cards are drawn by the server on their first request (decision 0030), so a build takes
 * the same time whatever the number of articles.
 *
 *   node scripts/build-social-images.ts [--force]
 *
 * The cards, their titles and the drawing come from the app itself (app/content/social-cards.server.ts,
 * app/social-card/card-drawing.server.ts, loaded through Vite so their content imports work). A card is
 * drawn again only when its title, artwork or drawing changed.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { runnerImport } from "vite";
import { languages } from "../common/languages.ts";
import { blogContentAlias } from "./bundle/blog-content.ts";

type CardsModule = typeof import("../app/content/social-cards.server.ts");
type DrawingModule = typeof import("../app/social-card/card-drawing.server.ts");

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const publicDir = path.join(root, "public");
// Outside public/, so the stamps are never served.
const stampFile = path.join(root, "node_modules/.cache/build-social-images.json");
const force = process.argv.includes("--force");
/** The drawing's own code is part of every stamp: a change to it draws the cards again. */
const drawingSources = ["app/social-card/card-drawing.server.ts", "app/social-card/glyph-paths.ts", "app/social-card/title-layout.ts"];

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

/** Articles' cards drawn by earlier builds would be served instead of the server's: they go. */
async function removeArticleCards(): Promise<number> {
  let removed = 0;
  for (const language of languages) {
    const folder = path.join(publicDir, "images/social", language, "blog");
    removed += (await readdir(folder).catch(() => [])).length;
    await rm(folder, { recursive: true, force: true });
  }
  return removed;
}

async function main(): Promise<void> {
  const load = <T>(file: string) =>
    runnerImport<T>(path.join(root, file), { configFile: false, logLevel: "error", resolve: { alias: blogContentAlias() } });
  const [{ module: cards }, { module: drawing }] = await Promise.all([
    load<CardsModule>("app/content/social-cards.server.ts"),
    load<DrawingModule>("app/social-card/card-drawing.server.ts"),
  ]);
  const brand = cards.brandName;
  const code = await Promise.all(drawingSources.map((file) => readFile(path.join(root, file))));
  const stamps = force ? {} : await readStamps();
  let drawn = 0;

  const pages = cards.pageCards();
  for (const card of pages) {
    const content = { title: card.title, background: card.background, brand };
    const stamp = createHash("sha256").update(drawing.cardStamp(content)).update(Buffer.concat(code)).digest("hex");
    const output = path.join(publicDir, card.path);
    if (stamps[card.path] === stamp && existsSync(output)) continue;
    await mkdir(path.dirname(output), { recursive: true });
    await writeFile(output, await drawing.drawCard(content));
    stamps[card.path] = stamp;
    drawn++;
  }
  await saveStamps(stamps);

  const articles = cards.articleCards();
  for (const card of articles) {
    await drawing.checkDrawable(card.title).catch((error: Error) => {
      throw new Error(`${card.path}: ${error.message}`);
    });
  }
  const removed = await removeArticleCards();
  console.log(
    `build-social-images: ${drawn} drawn, ${pages.length - drawn} up to date; ${articles.length} articles' titles drawable` +
      (removed > 0 ? `; ${removed} article cards of an earlier build removed` : ""),
  );
}

main().catch((error: unknown) => {
  console.error(`build-social-images: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});
