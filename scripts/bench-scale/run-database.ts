/**
 * One database's part of the scale bench: the seeded database served by the built server, an operator
 * signed in, then every console page, an action, the exports, the public pages, a backup and its restore, and
 * the job drain timed.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import type { Database, DialectName } from "../../server/db/database.ts";
import { timeStopRenewal } from "./actions.ts";
import { timeBackupAndRestore } from "./backup.ts";
import { timeColdConsole } from "./cold-console.ts";
import { consolePaths, type Figure, searchSamples, timeConsole } from "./console-pages.ts";
import { drain, publicFloor, publicP99BudgetMs, publicPaths, queueMails, removeQueued } from "./drain.ts";
import { exportFigures, timeExport } from "./exports.ts";
import { addBenchOperator, signIn } from "./operator.ts";
import { scaleDataDir } from "./seed-command.ts";
import { type BenchServer, startBenchServer } from "./server.ts";
import { type Client, measurePage } from "./timing.ts";

export type Part = "cold" | "pages" | "actions" | "exports" | "public" | "backup" | "drain";

export interface DatabaseBench {
  dialect: DialectName;
  db: Database;
  /** What the servers need to find the database: SQLITE_FILE or DATABASE_URL. */
  env: Record<string, string>;
  port: number;
  parts: ReadonlySet<Part>;
  /** Only the console pages whose name contains this (to rerun one page). */
  page?: string;
  log: (line: string) => void;
}

export async function benchDatabase(bench: DatabaseBench): Promise<Figure[]> {
  const { db, log } = bench;
  const outbox = join(scaleDataDir, `outbox-${bench.dialect}`);
  const env = { ...bench.env, MAIL_OUTBOX_DIR: outbox };
  const logFile = join(scaleDataDir, `server-${bench.dialect}.log`);
  const operator = await addBenchOperator(db);
  let server: BenchServer = await startBenchServer(bench.port, env, logFile);
  const client: Client = { base: server.base, cookie: await signIn(server.base, operator), timeoutMs: 20_000 };
  // A page that did not answer may still hold the server (SQLite runs on its main thread): start afresh.
  const restart = async () => {
    log("  (restarting the server after a page that did not answer)");
    await server.stop();
    server = await startBenchServer(bench.port, env, logFile);
    client.cookie = await signIn(server.base, operator);
  };
  const figures: Figure[] = [];
  try {
    if (bench.parts.has("cold")) {
      const restartCold = async () => {
        await server.stop();
        server = await startBenchServer(bench.port, env, logFile);
      };
      const cold = { base: () => server.base, cookie: () => client.cookie, restart: restartCold, path: "/admin/orders", log };
      figures.push(...(await timeColdConsole(cold)));
      client.base = server.base;
    }
    if (bench.parts.has("pages")) {
      const paths = consolePaths(await searchSamples(db)).filter((page) => !bench.page || page.name.includes(bench.page));
      figures.push(...(await timeConsole(client, paths, restart, log)));
    }
    if (bench.parts.has("actions")) figures.push(await timeStopRenewal(client, db));
    if (bench.parts.has("exports")) {
      const year = new Date().getUTCFullYear() - 1;
      const month = (await searchSamples(db)).month;
      const exports = [
        ["orders.csv, a year", `/admin/orders.csv?from=${year}-01-01&to=${year}-12-31`],
        ["subscribers.csv", "/admin/subscribers.csv"],
        [`invoices.zip, ${month}`, `/admin/invoices.zip?month=${month}`],
      ] as const;
      for (const [name, path] of exports) {
        // A month of some 28,000 PDFs takes longer than 3 minutes even at a few ms each: the ZIP gets 6.
        const limitMs = path.startsWith("/admin/invoices.zip") ? 360_000 : 180_000;
        const figure = await timeExport(client, server.pid, name, path, limitMs);
        log(`  ${name}: ${figure.seconds?.toFixed(1) ?? "—"} s, +${figure.growthMb?.toFixed(1)} MB ${exportFigures(figure)[0]?.note}`);
        figures.push(...exportFigures(figure));
      }
    }
    if (bench.parts.has("public")) {
      for (const path of publicPaths) {
        const measured = await measurePage({ ...client, cookie: "" }, path);
        figures.push({ name: `public ${path}`, path, budgetMs: publicP99BudgetMs, ...measured });
      }
    }
    if (bench.parts.has("backup")) figures.push(...(await timeBackupAndRestore({ dialect: bench.dialect, env, base: server.base, log })));
    if (bench.parts.has("drain")) {
      const second = await startBenchServer(bench.port + 1, env, logFile.replace(".log", "-second.log"));
      let queued: { firstMail: number; firstJob: number } | undefined;
      try {
        const floor = await publicFloor(server.base, 30);
        log(`  public pages p99 with nothing due: ${floor.p99?.toFixed(1)} ms`);
        figures.push(floor);
        log("  queueing 100,000 mails…");
        const started = performance.now();
        queued = await queueMails(db, bench.dialect, 100_000);
        figures.push(...(await drain(db, queued.firstJob, server.base, started, log)));
      } finally {
        await second.stop();
        if (queued) await removeQueued(db, queued.firstMail, queued.firstJob);
        rmSync(outbox, { recursive: true, force: true });
      }
    }
  } finally {
    await server.stop();
  }
  return figures;
}
