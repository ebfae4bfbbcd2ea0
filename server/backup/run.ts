/**
 * A backup run as the shop records it: a row in `backup_runs` when it starts, its outcome when it ends. Whoever
 * starts it (the daily job's child process, or `npm run backup`) goes through here, so the console's home and the
 * alert see every run.
 */
import type { ServerConfig } from "../config.ts";
import { finishBackupRun, startBackupRun } from "../db/backup-runs.ts";
import type { Database } from "../db/database.ts";
import { type BackupResult, takeBackup } from "./backup.ts";
import { configuredRetention, configuredStores, configuredTarget } from "./configured.ts";

export async function runBackup(
  config: ServerConfig,
  db: Database,
  trigger: "schedule" | "command",
  now = new Date(),
): Promise<{ ok: true; result: BackupResult } | { ok: false; error: string }> {
  const id = await startBackupRun(db, trigger, now);
  try {
    if (!config.BACKUP_ENCRYPTION_KEY) throw new Error("BACKUP_ENCRYPTION_KEY is not set: make one with `npm run backup -- --new-key`");
    const stores = configuredStores(config);
    const target = await configuredTarget(config, db);
    const result = await takeBackup(
      {
        key: config.BACKUP_ENCRYPTION_KEY,
        source: target.dialect === "sqlite" ? target : { dialect: "postgres", target: target.target, db },
        stores,
        retention: configuredRetention(config),
      },
      now,
    );
    const stored = stores.map((store) => store.label).join(", ");
    await finishBackupRun(db, id, { status: "succeeded", archiveName: result.name, sizeBytes: result.size, stores: stored }, new Date());
    return { ok: true, result };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await finishBackupRun(db, id, { status: "failed", error: reason }, new Date());
    return { ok: false, error: reason };
  }
}
