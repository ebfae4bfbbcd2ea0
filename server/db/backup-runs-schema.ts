/** The backups' own table (migration 023): one row per run, read by the console's home and the daily check. */
import type { Generated, Selectable } from "kysely";
import type { Timestamp } from "./columns.ts";

export interface BackupRunsTable {
  id: Generated<number>;
  started_at: Timestamp;
  finished_at: Timestamp | null;
  status: "running" | "succeeded" | "failed";
  /** `schedule` (the daily job) or `command` (`npm run backup`). */
  trigger: string;
  archive_name: string | null;
  size_bytes: number | null;
  /** Where it was kept, the stores' labels joined by ", ". */
  stores: string | null;
  /** Why it failed, in words; never a key or a password. */
  error: string | null;
}

export type BackupRun = Selectable<BackupRunsTable>;
