/** The backups as the environment configures them (server/config/backup-variables.ts): the key, the stores, the retention. */
import { sql } from "kysely";
import type { ServerConfig } from "../config.ts";
import { closeDatabase, type Database, openDatabase } from "../db/database.ts";
import type { PostgresTarget } from "./postgres-dump.ts";
import type { RestoreTarget } from "./restore.ts";
import type { RetentionPolicy } from "./retention.ts";
import { s3Store } from "./s3-store.ts";
import { type ArchiveStore, directoryStore } from "./stores.ts";

type BackupConfig = Pick<
  ServerConfig,
  | "BACKUP_ENCRYPTION_KEY"
  | "BACKUP_DIR"
  | "BACKUP_S3_BUCKET"
  | "BACKUP_S3_PREFIX"
  | "BACKUP_S3_REGION"
  | "BACKUP_S3_ENDPOINT"
  | "BACKUP_KEEP_DAILY"
  | "BACKUP_KEEP_WEEKLY"
  | "BACKUP_KEEP_MONTHLY"
  | "DATABASE_URL"
  | "SQLITE_FILE"
>;

/** Every place archives go, in the order they are written: the folder first, then the bucket. */
export function configuredStores(config: BackupConfig): ArchiveStore[] {
  const stores: ArchiveStore[] = [];
  if (config.BACKUP_DIR) stores.push(directoryStore(config.BACKUP_DIR));
  if (config.BACKUP_S3_BUCKET) {
    stores.push(
      s3Store({
        bucket: config.BACKUP_S3_BUCKET,
        prefix: config.BACKUP_S3_PREFIX,
        region: config.BACKUP_S3_REGION,
        endpoint: config.BACKUP_S3_ENDPOINT,
      }),
    );
  }
  return stores;
}

export const configuredRetention = (config: BackupConfig): RetentionPolicy => ({
  daily: config.BACKUP_KEEP_DAILY,
  weekly: config.BACKUP_KEEP_WEEKLY,
  monthly: config.BACKUP_KEEP_MONTHLY,
});

/** Whether backups are set up: a key and somewhere to keep them. */
export const backupsConfigured = (config: BackupConfig) => Boolean(config.BACKUP_ENCRYPTION_KEY) && configuredStores(config).length > 0;

/**
 * The configured database as a backup or a restore addresses it: the SQLite file, or PostgreSQL's URL and the
 * shop's schema (asked of `db`, or of a connection opened for the question). The SQLite file is never opened
 * here: opening it would create it, and a restore must find a deleted database missing.
 */
export async function configuredTarget(config: BackupConfig, db?: Database): Promise<RestoreTarget> {
  if (!config.DATABASE_URL) return { dialect: "sqlite", file: config.SQLITE_FILE };
  if (db) return { dialect: "postgres", target: await postgresTarget(config.DATABASE_URL, db) };
  const opened = openDatabase({ url: config.DATABASE_URL, postgresPoolMax: 1 }).db;
  try {
    return { dialect: "postgres", target: await postgresTarget(config.DATABASE_URL, opened) };
  } finally {
    await closeDatabase(opened);
  }
}

async function postgresTarget(url: string, db: Database): Promise<PostgresTarget> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return { url, schema: rows[0]?.schema ?? "public" };
}
