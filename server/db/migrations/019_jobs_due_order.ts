import { type Kysely, sql } from "kysely";

/**
 * The job runners claim due jobs oldest first, `order by run_at, id` (server/jobs/queue.ts). The due index
 * held `run_at` alone: on PostgreSQL every claim of 20 then read and sorted every due job sharing a `run_at`,
 * and 100,000 mails queued at once cost about 50 ms of database time per claim (the scale bench's drain). Ending in
 * `id`, and leaving out the jobs given up on, the index hands a claim its 20 rows in order and stops there.
 * SQLite's indexes carry the rowid already; the same definition keeps both databases alike.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("jobs_due_order_idx")
    .on("jobs")
    .columns(["run_at", "id"])
    .where((where) => where.and([where(sql.ref("done_at"), "is", null), where(sql.ref("failed_at"), "is", null)]))
    .execute();
  await db.schema.dropIndex("jobs_due_idx").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("jobs_due_idx").on("jobs").column("run_at").where(sql.ref("done_at"), "is", null).execute();
  await db.schema.dropIndex("jobs_due_order_idx").execute();
}
