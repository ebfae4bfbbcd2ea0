/**
 * The blog at scale: 1,000 generated articles per language (blog-corpus.ts), a production build against them
 * (BLOG_CONTENT_DIR), then the built server asked for searches, list pages and the sitemap.
 *
 *   node scripts/bench-scale/blog.ts [--no-build]
 *
 * The build and the server run in a copy of the project (scripts/support/project-copy.ts, with public/'s
 * artwork so it is not rasterised again, but not its social cards: they are drawn as on a fresh checkout),
 * deleted afterwards: the project's own build/ and public/ are left alone. Each step of `npm run build` is
 * timed on its own, to see which grows with the articles.
 * `--no-build` measures the project's own last build instead (made with BLOG_CONTENT_DIR set to the same
 * articles).
 */
import { spawn } from "node:child_process";
import { cpSync, readFileSync, rmSync } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort, startServer } from "../bench/server.ts";
import { copyProject, removeCopy } from "../support/project-copy.ts";
import { fixtureArticle, writeBlogFixture } from "./blog-corpus.ts";
import type { Figure } from "./console-pages.ts";

/** A figure in the scale bench's table (its column is "blog"); times in ms, like every other figure there. */
function figure(name: string, path: string, value: number, budgetMs: number | null, runs: number, note = ""): Figure {
  return { name, path, budgetMs, p95: value, p99: null, runs, status: 200, note };
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const work = path.join(process.env.SCALE_DATA_DIR ?? path.join(root, "tmp-scale"), "blog");
const articlesPerLanguage = 1000;

function run(command: string, args: string[], env: NodeJS.ProcessEnv, cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ["ignore", "ignore", "inherit"] });
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited with ${code}`))));
  });
}

function p95(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? 0;
}

/** Over HTTP, and the server's own time for the search when it says (Server-Timing). */
async function timedWithServer(url: string): Promise<{ http: number; search: number }> {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const search = Number(/search;dur=([\d.]+)/.exec(response.headers.get("server-timing") ?? "")?.[1] ?? Number.NaN);
  return { http: performance.now() - started, search };
}

async function timed(url: string): Promise<number> {
  return (await timedWithServer(url)).http;
}

/** `npm run build`, step by step as package.json chains them, each step's seconds logged; the total returned. */
async function timedBuild(project: string, env: NodeJS.ProcessEnv, log: (line: string) => void): Promise<number> {
  const script = (JSON.parse(readFileSync(path.join(project, "package.json"), "utf8")) as { scripts: { build: string } }).scripts.build;
  let total = 0;
  for (const step of script.split("&&").map((part) => part.trim())) {
    const [command = "", ...args] = step.split(/\s+/);
    const started = performance.now();
    // `react-router` is a script of node_modules/.bin, as npm run finds it: run by this Node (24), not the PATH's.
    const [program, ...rest] = command === "node" ? args : [path.join(project, "node_modules/.bin", command), ...args];
    await run(process.execPath, [program ?? "", ...rest], env, project);
    const seconds = (performance.now() - started) / 1000;
    log(`blog:   ${step}: ${seconds.toFixed(1)} s`);
    total += seconds;
  }
  return total;
}

/**
 * Distinct French words of the generated articles, for searches of the French blog that find something (a
 * search that finds nothing is cheaper than one that does), no two at the same address a cache could answer.
 */
function searchWords(): string[] {
  const words = new Set<string>();
  for (let index = 0; index < 60; index++) {
    for (const word of fixtureArticle(index)
      .files.fr.toLowerCase()
      .match(/\p{L}{4,}/gu) ?? [])
      words.add(word);
  }
  return [...words];
}

/** `build: false` measures the last build as it is (it must have been made with this fixture). */
export async function benchBlog({ log, build = true }: { log: (line: string) => void; build?: boolean }): Promise<Figure[]> {
  const content = path.join(work, "content");
  let buildSeconds = Number.NaN;
  const project = build ? copyProject() : root;
  if (build) {
    cpSync(path.join(root, "public"), path.join(project, "public"), { recursive: true });
    rmSync(path.join(project, "public/images/social"), { recursive: true, force: true });
    log(`blog: writing ${articlesPerLanguage} articles per language to ${content}`);
    await writeBlogFixture(content, articlesPerLanguage);
    log(`blog: npm run build against them, in a copy of the project (${project})`);
    buildSeconds = await timedBuild(project, { ...process.env, BLOG_CONTENT_DIR: content }, log);
    log(`blog: build ${buildSeconds.toFixed(1)} s`);
  }

  await rm(path.join(work, "data"), { recursive: true, force: true });
  await mkdir(path.join(work, "data"), { recursive: true });
  Object.assign(process.env, {
    NODE_ENV: "production",
    SQLITE_FILE: path.join(work, "data/site.db"),
    MAIL_OUTBOX_DIR: path.join(work, "data/outbox"),
    LOG_LEVEL: "warn",
  });
  delete process.env.DATABASE_URL;
  const port = await freePort(3200, 3299);
  const server = await startServer(port, path.join(work, "server.log"), project);
  const base = `http://127.0.0.1:${port}`;
  try {
    const words = searchWords();
    const [warmUp, measured] = [words.slice(0, 20), words.slice(20, 120)];
    for (const word of warmUp) await timed(`${base}/fr/blog?search=${encodeURIComponent(word)}`);
    const searches: number[] = [];
    const searchTimes: number[] = [];
    for (const word of measured) {
      const { http, search } = await timedWithServer(`${base}/fr/blog?search=${encodeURIComponent(word.slice(0, 5))}`);
      searches.push(http);
      searchTimes.push(search);
    }
    // What the search box asks for once the page has its JavaScript: the list's data, not a page.
    const dataSearches: number[] = [];
    for (const word of measured) dataSearches.push(await timed(`${base}/fr/blog.data?search=${encodeURIComponent(word.slice(0, 4))}`));
    const median = (times: number[]) => [...times].sort((a, b) => a - b)[times.length >> 1] ?? Number.NaN;
    log(
      `blog: ${searches.length} searches: the search alone (Server-Timing) p50 ${median(searchTimes).toFixed(2)}, p95 ${p95(searchTimes).toFixed(2)} ms;` +
        ` the page over HTTP p50 ${median(searches).toFixed(1)}, p95 ${p95(searches).toFixed(1)} ms; its data p50 ${median(dataSearches).toFixed(1)} ms`,
    );
    const card = `${base}/images/social/fr/blog/${fixtureArticle(7).slug}.jpg`;
    const [firstCard, keptCard] = [await timed(card), await timed(card)];
    log(`blog: an article's social card: ${firstCard.toFixed(0)} ms on its first request, ${keptCard.toFixed(1)} ms once kept`);
    const pages: number[] = [];
    for (let page = 1; page <= 40; page++) pages.push(await timed(`${base}/blog?page=${page * 2}`));
    const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
    const files = sitemap.includes("<sitemapindex")
      ? await Promise.all(
          [...sitemap.matchAll(/<loc>[^<]*(\/sitemap\/\d+\.xml)<\/loc>/g)].map(async ([, file]) => (await fetch(base + file)).text()),
        )
      : [sitemap];
    const urls = files.reduce((sum, file) => sum + (file.match(/<url>/g)?.length ?? 0), 0);
    const biggest = Math.max(...files.map((file) => file.match(/<url>/g)?.length ?? 0));
    log(`blog: sitemap ${urls} addresses in ${files.length} file(s), the biggest ${biggest}`);
    if (urls < articlesPerLanguage * 3) throw new Error(`The sitemap lists ${urls} addresses, fewer than the articles.`);
    return [
      ...(build
        ? [figure(`blog build, ${articlesPerLanguage} articles × 3 languages`, "npm run build", buildSeconds * 1000, 120_000, 1)]
        : []),
      figure("blog search, page (/fr/blog?search=), 100 words", "/fr/blog?search=", p95(searches), 20, searches.length),
      figure("blog search, data (/fr/blog.data?search=), 100 words", "/fr/blog.data?search=", p95(dataSearches), 20, dataSearches.length),
      figure("blog search alone (Server-Timing)", "/fr/blog?search=", p95(searchTimes), null, searchTimes.length),
      figure("blog list page (/blog?page=N)", "/blog?page=N", p95(pages), 20, pages.length),
      figure("sitemap: addresses in its biggest file", "/sitemap.xml", biggest, 10_000, 1, "a count, not ms"),
    ];
  } finally {
    await server.stop();
    if (project !== root) removeCopy(project);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const figures = await benchBlog({ log: (line) => console.log(line), build: !process.argv.includes("--no-build") });
  for (const { name, p95: value, budgetMs } of figures) {
    const verdict = budgetMs === null ? "    " : (value ?? Number.NaN) <= budgetMs ? "ok  " : "OVER";
    console.log(`${verdict} ${name}: ${value?.toFixed(1)}${budgetMs === null ? "" : ` (budget ${budgetMs})`}`);
  }
  if (process.argv.includes("--no-build")) console.log("measured the project's own build/, made with BLOG_CONTENT_DIR");
}
