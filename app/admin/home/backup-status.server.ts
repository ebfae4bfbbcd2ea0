/**
 * What the console's home says of the backups: whether they are set up, the last run (when, its result, its size,
 * where it went or why it failed), the last good one, and whether none has succeeded for 26 hours.
 */
import { backupsConfigured } from "../../../server/backup/configured.ts";
import { alertsDue } from "../../../server/backup/schedule.ts";
import type { ServerConfig } from "../../../server/config.ts";
import { firstBackupRun, lastBackupRun, lastSucceededBackup } from "../../../server/db/backup-runs.ts";
import type { Database } from "../../../server/db/database.ts";

export interface BackupStatus {
  configured: boolean;
  time: string;
  last?: {
    startedAt: string;
    status: "running" | "succeeded" | "failed";
    sizeBytes: number | null;
    archive: string | null;
    stores: string | null;
    error: string | null;
  };
  lastGoodAt?: string;
  overdue: boolean;
}

export async function loadBackupStatus(db: Database, config: ServerConfig, now = new Date()): Promise<BackupStatus> {
  const [last, lastGood, first] = await Promise.all([lastBackupRun(db), lastSucceededBackup(db), firstBackupRun(db)]);
  const configured = backupsConfigured(config);
  // Said only where the owners are told too: without backups set up, no alert is mailed.
  const overdue = configured && alertsDue(now, { lastSucceeded: lastGood, first }).some((alert) => alert.kind === "overdue");
  return {
    configured,
    time: config.BACKUP_TIME,
    last: last && {
      startedAt: last.started_at,
      status: last.status,
      sizeBytes: last.size_bytes,
      archive: last.archive_name,
      stores: last.stores,
      error: last.error,
    },
    lastGoodAt: lastGood?.started_at,
    overdue,
  };
}
