/**
 * The blog at scale: 1,000 generated articles per language (blog-corpus.ts), a production build against them
 * (BLOG_CONTENT_DIR), then the built server asked for searches, list pages and the sitemap.
 *
 *   node scripts/bench-scale/blog.ts [--no-build]
 *
 * The build and the server run in a copy of the project (scripts/support/project-copy.ts, with public/ so
 * the artwork is not drawn again), deleted afterwards: the project's own build/ and public/ are left alone.
 * `--no-build` measures the project's own last build instead (made with BLOG_CONTENT_DIR set to the same
 * articles).
 */
import { spawn } from "node:child_process";
import { cpSync } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort, startServer } from "../bench/server.ts";
import { copyProject, removeCopy } from "../support/project-copy.ts";
import { fixtureArticle, writeBlogFixture } from "./blog-corpus.ts";

export interface BlogFigure {
  name: string;
  figure: number;
  budget: number;
  unit: string;
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

async function timed(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url);
  await response.text();
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return performance.now() - started;
}

/** Distinct words of the generated articles, so no two searches share an address a cache could answer. */
function searchWords(): string[] {
  const words = new Set<string>();
  for (let index = 0; index < 40; index++) {
    for (const word of fixtureArticle(index)
      .files.en.toLowerCase()
      .match(/\b[a-z]{4,}\b/g) ?? [])
      words.add(word);
  }
  return [...words];
}

/** `build: false` measures the last build as it is (it must have been made with this fixture). */
export async function benchBlog({ log, build = true }: { log: (line: string) => void; build?: boolean }): Promise<BlogFigure[]> {
  const content = path.join(work, "content");
  let buildSeconds = Number.NaN;
  const project = build ? copyProject() : root;
  if (build) {
    cpSync(path.join(root, "public"), path.join(project, "public"), { recursive: true });
    log(`blog: writing ${articlesPerLanguage} articles per language to ${content}`);
    await writeBlogFixture(content, articlesPerLanguage);
    log(`blog: npm run build against them, in a copy of the project (${project})`);
    const buildStarted = performance.now();
    await run("npm", ["run", "build"], { ...process.env, BLOG_CONTENT_DIR: content }, project);
    buildSeconds = (performance.now() - buildStarted) / 1000;
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
    const [warmUp, measured] = [words.slice(0, 20), words.slice(20, 70)];
    for (const word of warmUp) await timed(`${base}/blog?search=${word}`);
    const searches: number[] = [];
    for (const word of measured) searches.push(await timed(`${base}/fr/blog?search=${word.slice(0, 5)}`));
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
        ? [{ name: `blog build, ${articlesPerLanguage} articles × 3 languages`, figure: buildSeconds, budget: 120, unit: "s" }]
        : []),
      { name: "blog search p95 (/fr/blog?search=, 50 words)", figure: p95(searches), budget: 20, unit: "ms" },
      { name: "blog list page p95 (/blog?page=N)", figure: p95(pages), budget: 20, unit: "ms" },
      { name: "sitemap addresses in its biggest file", figure: biggest, budget: 10_000, unit: "URLs" },
    ];
  } finally {
    await server.stop();
    if (project !== root) removeCopy(project);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const figures = await benchBlog({ log: (line) => console.log(line), build: !process.argv.includes("--no-build") });
  for (const { name, figure, budget, unit } of figures) {
    console.log(`${figure <= budget ? "ok  " : "OVER"} ${name}: ${figure.toFixed(1)} ${unit} (budget ${budget} ${unit})`);
  }
  if (process.argv.includes("--no-build")) console.log("measured the project's own build/, made with BLOG_CONTENT_DIR");
}
