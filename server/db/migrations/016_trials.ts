import { type Kysely, sql } from "kysely";
import { idColumn, timestampType } from "./portable.ts";

/**
 * Free trials (docs/decisions/0026-free-trials.md): one row per request for a trial, holding the
 * salted hash of its mailed code until it is confirmed, then the trial's life (confirmed, delivered, expired)
 * and the access it made. The e-mail of a confirmed trial is unique (a partial index, so two servers
 * confirming the same address at once give one trial), which is the "one trial per e-mail, ever" limit.
 * `accesses.kind` tells a trial's line from a paid one; every existing access is paid.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("trials")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("reference", "text", (column) => column.notNull())
    .addColumn("email", "text", (column) => column.notNull())
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("country", "text", (column) => column.notNull())
    .addColumn("language", "text", (column) => column.notNull())
    .addColumn("client_address", "text")
    .addColumn("status", "text", (column) => column.notNull())
    .addColumn("code_hash", "text")
    .addColumn("wrong_codes", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("code_expires_at", timestampType, (column) => column.notNull())
    .addColumn("hours", "integer", (column) => column.notNull())
    .addColumn("viewers", "integer", (column) => column.notNull())
    .addColumn("access_id", "integer")
    .addColumn("confirmed_at", timestampType)
    .addColumn("delivered_at", timestampType)
    .addColumn("ends_at", timestampType)
    .addColumn("created_at", timestampType, (column) => column.notNull())
    .addColumn("updated_at", timestampType, (column) => column.notNull())
    .execute();
  await db.schema.createIndex("trials_reference_key").on("trials").column("reference").unique().execute();
  await db.schema
    .createIndex("trials_confirmed_email_key")
    .on("trials")
    .column("email")
    .unique()
    .where(sql.ref("status"), "<>", "requested")
    .execute();
  await db.schema.createIndex("trials_email_idx").on("trials").columns(["email", "id"]).execute();
  await db.schema.createIndex("trials_address_idx").on("trials").columns(["client_address", "confirmed_at"]).execute();
  await db.schema.createIndex("trials_status_idx").on("trials").columns(["status", "created_at"]).execute();

  await db.schema
    .alterTable("accesses")
    .addColumn("kind", "text", (column) => column.notNull().defaultTo("paid"))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("accesses").dropColumn("kind").execute();
  await db.schema.dropTable("trials").execute();
}
