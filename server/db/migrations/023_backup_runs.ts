import { type Kysely, sql } from "kysely";
import { idColumn, timestampType } from "./portable.ts";

/**
 * One row per backup run, whoever started it (the daily job or `npm run backup`): when, the outcome, the archive's
 * name and size, and a failure's reason in words. The console's home reads the last one; the daily check mails
 * the owners when it failed or is older than 26 hours.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("backup_runs")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("started_at", timestampType, (column) => column.notNull())
    .addColumn("finished_at", timestampType)
    .addColumn("status", "text", (column) => column.notNull().check(sql`status in ('running', 'succeeded', 'failed')`))
    .addColumn("trigger", "text", (column) => column.notNull())
    .addColumn("archive_name", "text")
    .addColumn("size_bytes", "integer")
    .addColumn("stores", "text")
    .addColumn("error", "text")
    .execute();
  await db.schema.createIndex("backup_runs_started_idx").on("backup_runs").column("started_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("backup_runs").execute();
}
