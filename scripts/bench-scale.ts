/**
 * `npm run bench:scale`: the shop at a million orders, as it would be a few years in. Seeds a database (SQLite under
 * $SCALE_DATA_DIR (default data/scale/), and PostgreSQL too when DATABASE_URL is set) through the fast path of
 * scripts/bench-scale/seed.ts, serves it with the built server (`npm run build` first), and times every
 * console page, an action, the exports, the public pages, a backup and its restore, and 100,000 jobs drained by two servers. Prints
 * each figure beside its budget.
 *
 *   --sqlite-only        skip PostgreSQL even when DATABASE_URL is set
 *   --postgres-only      skip SQLite (DATABASE_URL must be set)
 *   --skip-seed          reuse the seeded databases (SQLite file, PostgreSQL database) as they are
 *   --orders N           seed N orders (every other count in proportion); default 1,000,000
 *   --file PATH          the SQLite file; default $SCALE_DATA_DIR/scale.db
 *   --only a,b           parts: cold, pages, actions, exports, public, backup, drain, blog (default all); `--only blog` seeds
 *                        nothing
 *   --port N             the first of the two ports its servers listen on (default 3730)
 *   --page TEXT          only the console pages whose name contains TEXT, e.g. --page "customers"
 */
import { existsSync, rmSync } from "node:fs";
import { parseArgs } from "node:util";
import { closeDatabase, openDatabase } from "../server/db/database.ts";
import type { Figure } from "./bench-scale/console-pages.ts";
import { cpuMark } from "./bench-scale/cpu-mark.ts";
import { type DatabaseRun, figuresTable, missedBudgets } from "./bench-scale/report.ts";
import { benchDatabase, type Part } from "./bench-scale/run-database.ts";
import { defaultSqliteFile, seedDatabase } from "./bench-scale/seed-command.ts";

const { values } = parseArgs({
  options: {
    "sqlite-only": { type: "boolean", default: false },
    "postgres-only": { type: "boolean", default: false },
    "skip-seed": { type: "boolean", default: false },
    orders: { type: "string", default: "1000000" },
    file: { type: "string", default: defaultSqliteFile },
    only: { type: "string", default: "cold,pages,actions,exports,public,backup,drain,blog" },
    page: { type: "string" },
    port: { type: "string", default: "3730" },
  },
});
const log = (line: string) => console.log(line);
const asked = new Set(values.only.split(",").map((part) => part.trim()));
// The blog builds and serves a copy of its own (scripts/bench-scale/blog.ts): the databases are for the rest.
const parts = new Set([...asked].filter((part) => part !== "blog") as Part[]);
if (parts.size > 0 && !existsSync("build/server")) throw new Error("No build: run `npm run build` first");
const url = values["sqlite-only"] ? undefined : process.env.DATABASE_URL || undefined;
if (values["postgres-only"] && !url) throw new Error("--postgres-only needs DATABASE_URL");
const targets = [...(values["postgres-only"] ? [] : [{ name: "SQLite", url: undefined }]), ...(url ? [{ name: "PostgreSQL", url }] : [])];
// Stopped by a signal, the bench still exits through "exit", where each server it started is killed: a server
// left running would drain the next run's jobs.
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => process.exit(130));
const cpuBefore = cpuMark();
const runs: DatabaseRun[] = [];

for (const target of parts.size > 0 ? targets : []) {
  log(`\n${target.name}`);
  if (!values["skip-seed"]) {
    if (!target.url) for (const suffix of ["", "-wal", "-shm"]) rmSync(`${values.file}${suffix}`, { force: true });
    const summary = await seedDatabase({ url: target.url, file: values.file, orders: Number(values.orders), log });
    log(`  seeded in ${summary.seconds.toFixed(0)} s`);
  }
  const opened = openDatabase(target.url ? { url: target.url } : { sqliteFile: values.file });
  try {
    const env: Record<string, string> = target.url ? { DATABASE_URL: target.url } : { SQLITE_FILE: values.file };
    const figures: Figure[] = await benchDatabase({ ...opened, env, port: Number(values.port), parts, page: values.page, log });
    runs.push({ database: target.name, figures });
  } finally {
    await closeDatabase(opened.db);
  }
}

if (asked.has("blog"))
  try {
    // Written by another hand (the blog at scale): imported by a name the type checker does not resolve.
    const blogModule = "./bench-scale/blog.ts";
    const blog = (await import(blogModule).catch(() => null)) as { benchBlog?: (options: { log: typeof log }) => Promise<unknown> } | null;
    if (blog?.benchBlog) {
      log("\nBlog");
      const result = await blog.benchBlog({ log });
      if (Array.isArray(result)) runs.push({ database: "blog", figures: result as Figure[] });
    } else log("\nBlog: scripts/bench-scale/blog.ts is not there yet: skipped");
  } catch (error) {
    log(`\nBlog: failed: ${(error as Error).message}`);
  }

log(`\nServer time in ms (p95 of 20 after a warm-up, unless noted), ${Number(values.orders).toLocaleString("en")} orders:\n`);
log(figuresTable(runs));
log(`\nCPU mark (fixed work in this process, lower is faster): ${cpuBefore.toFixed(0)} ms before, ${cpuMark().toFixed(0)} ms after`);
log(`${missedBudgets(runs)} figure(s) over their budget.`);
