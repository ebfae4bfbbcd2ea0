import { type Kysely, sql } from "kysely";
import { idColumn, timestampType } from "./portable.ts";

/**
 * Background work as rows: provisioning webhooks, renewal reminders, expiries, alerts and the periodic sweeps
 * are jobs with a run time, attempts and the last error, claimed by whichever server gets there first. Also
 * the customers who asked for no more reminders, and when an order's late delivery was flagged.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("jobs")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("kind", "text", (column) => column.notNull())
    /** JSON: what the job needs (an order id, a reminder's lead time). */
    .addColumn("payload", "text", (column) => column.notNull())
    /** Set for work that must happen once (`reminder-7:42`): a second job with the same key is not added. */
    .addColumn("unique_key", "text")
    .addColumn("run_at", timestampType, (column) => column.notNull())
    .addColumn("attempts", "integer", (column) => column.notNull().defaultTo(0).check(sql`attempts >= 0`))
    .addColumn("max_attempts", "integer", (column) => column.notNull().check(sql`max_attempts >= 1`))
    .addColumn("last_error", "text")
    /** A claim: the server holding the job, until when. A crashed server's claim lapses and another takes over. */
    .addColumn("locked_by", "text")
    .addColumn("locked_until", timestampType)
    .addColumn("done_at", timestampType)
    /** Given up after its last attempt (or refused for good): kept, with its error, for the console. */
    .addColumn("failed_at", timestampType)
    .addColumn("created_at", timestampType, (column) => column.notNull())
    .addColumn("updated_at", timestampType, (column) => column.notNull())
    .execute();
  await db.schema.createIndex("jobs_unique_key_key").on("jobs").column("unique_key").unique().execute();
  await db.schema.createIndex("jobs_due_idx").on("jobs").column("run_at").where(sql.ref("done_at"), "is", null).execute();
  await db.schema.createIndex("jobs_kind_idx").on("jobs").columns(["kind", "created_at"]).execute();

  await db.schema
    .createTable("reminder_opt_outs")
    .addColumn("id", "integer", idColumn(db))
    /** Trimmed and lower-cased; unique. */
    .addColumn("email", "text", (column) => column.notNull())
    .addColumn("created_at", timestampType, (column) => column.notNull())
    .addColumn("updated_at", timestampType, (column) => column.notNull())
    .execute();
  await db.schema.createIndex("reminder_opt_outs_email_key").on("reminder_opt_outs").column("email").unique().execute();

  await db.schema.alterTable("orders").addColumn("delivery_alerted_at", timestampType).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("orders").dropColumn("delivery_alerted_at").execute();
  await db.schema.dropTable("reminder_opt_outs").ifExists().execute();
  await db.schema.dropTable("jobs").ifExists().execute();
}
