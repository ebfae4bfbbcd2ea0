/**
 * Backups at scale, as an operator runs them: `npm run backup` in a process of its own beside the serving server
 * (as the daily job's child process does), the public pages timed meanwhile beside their floor taken just before,
 * the archive's size, then `npm run restore -- --latest --check` (decrypted, unpacked, restored to a scratch place,
 * migrated and counted): the time a restore takes. The archives go to a folder of their own, removed afterwards.
 */
import { spawn } from "node:child_process";
import { readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { newBackupKey } from "../../server/backup/encryption.ts";
import type { DialectName } from "../../server/db/database.ts";
import type { Figure } from "./console-pages.ts";
import { publicFloor, publicP99BudgetMs, publicPaths, timePublic } from "./drain.ts";
import { scaleDataDir } from "./seed-command.ts";
import { benchEnvironment } from "./server.ts";
import { percentile } from "./timing.ts";

interface Finished {
  code: number | null;
  seconds: number;
  output: string;
}

/** Runs one of the project's commands (scripts/NAME.ts) to its end. */
function runScript(name: string, args: string[], env: NodeJS.ProcessEnv): Promise<Finished> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [`scripts/${name}.ts`, ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
    const output: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => output.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => output.push(chunk));
    child.on("error", reject);
    child.on("close", (code) =>
      resolve({ code, seconds: (performance.now() - started) / 1000, output: Buffer.concat(output).toString("utf8").trim() }),
    );
  });
}

const seconds = (name: string, run: Finished): Figure => ({
  name,
  path: "",
  budgetMs: null,
  p95: run.code === 0 ? run.seconds : null,
  p99: null,
  runs: 1,
  status: run.code ?? 0,
  note: run.code === 0 ? "" : "failed",
});

export async function timeBackupAndRestore(options: {
  dialect: DialectName;
  env: Record<string, string>;
  base: string;
  log: (line: string) => void;
}): Promise<Figure[]> {
  const { log } = options;
  const folder = join(scaleDataDir, `backups-${options.dialect}`);
  rmSync(folder, { recursive: true, force: true });
  const env = benchEnvironment({ ...options.env, BACKUP_ENCRYPTION_KEY: (await newBackupKey()).key, BACKUP_DIR: folder });
  try {
    const floor = await publicFloor(options.base, 30);
    log(`  public pages p99 before the backup: ${floor.p99?.toFixed(1)} ms`);
    let backup: Finished | undefined;
    const running = runScript("backup", [], env).then((finished) => {
      backup = finished;
    });
    const during = await timePublic(options.base, async () => backup !== undefined);
    await running;
    const taken = backup as Finished;
    log(`  backup: ${taken.seconds.toFixed(0)} s, exit ${taken.code}: ${taken.output.split("\n")[0]}`);
    const archive = readdirSync(folder).find((name) => !name.startsWith("."));
    const sizeMb = archive ? statSync(join(folder, archive)).size / 1_000_000 : null;
    const restore = await runScript("restore", ["--latest", "--check"], env);
    log(`  restore --check: ${restore.seconds.toFixed(0)} s, exit ${restore.code}: ${restore.output.replaceAll("\n", " ")}`);
    const p99 = percentile(during.times, 99);
    return [
      { ...floor, name: "public pages p99, before the backup (floor)" },
      seconds("backup, checked, compressed and encrypted (s)", taken),
      { name: "the backup's archive (MB)", path: archive ?? "", budgetMs: null, p95: sizeMb, p99: null, runs: 1, status: 0, note: "" },
      {
        name: "public pages p99 during the backup",
        path: publicPaths.join(" "),
        budgetMs: publicP99BudgetMs,
        p95: p99,
        p99,
        runs: during.times.length,
        status: 0,
        note: during.failures ? `${during.failures} failed` : `${during.times.length} requests`,
      },
      seconds("restore of that archive to a scratch place, checked (s)", restore),
    ];
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
