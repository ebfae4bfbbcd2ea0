/** Writing and reading the backups' runs (backup-runs-schema.ts). */

import type { BackupRun } from "./backup-runs-schema.ts";
import type { Database } from "./database.ts";

export async function startBackupRun(db: Database, trigger: string, now: Date): Promise<number> {
  const row = await db
    .insertInto("backup_runs")
    .values({
      started_at: now.toISOString(),
      finished_at: null,
      status: "running",
      trigger,
      archive_name: null,
      size_bytes: null,
      stores: null,
      error: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function finishBackupRun(
  db: Database,
  id: number,
  outcome: { status: "succeeded"; archiveName: string; sizeBytes: number; stores: string } | { status: "failed"; error: string },
  now: Date,
): Promise<void> {
  await db
    .updateTable("backup_runs")
    .set(
      outcome.status === "succeeded"
        ? {
            status: "succeeded",
            finished_at: now.toISOString(),
            archive_name: outcome.archiveName,
            size_bytes: outcome.sizeBytes,
            stores: outcome.stores,
          }
        : { status: "failed", finished_at: now.toISOString(), error: outcome.error.slice(0, 2000) },
    )
    .where("id", "=", id)
    .execute();
}

/** The newest run, whatever its outcome; undefined before the first. */
export async function lastBackupRun(db: Database): Promise<BackupRun | undefined> {
  return db.selectFrom("backup_runs").selectAll().orderBy("started_at", "desc").orderBy("id", "desc").limit(1).executeTakeFirst();
}

/** The newest run that succeeded. */
export async function lastSucceededBackup(db: Database): Promise<BackupRun | undefined> {
  return db
    .selectFrom("backup_runs")
    .selectAll()
    .where("status", "=", "succeeded")
    .orderBy("started_at", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** When the first run started: the 26 hours without a good backup count from it while none has succeeded. */
export async function firstBackupRun(db: Database): Promise<Pick<BackupRun, "started_at"> | undefined> {
  return db.selectFrom("backup_runs").select("started_at").orderBy("started_at").limit(1).executeTakeFirst();
}
