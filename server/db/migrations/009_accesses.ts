import type { Kysely } from "kysely";
import { idColumn, timestampType } from "./portable.ts";

/**
 * Accesses, separate from the orders that pay for them: an access (one line in the operator's panel) has one
 * or more orders, each adding a period. Orders say which access they paid for, and which they renew.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("accesses")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("reference", "text", (column) => column.notNull())
    .addColumn("email", "text", (column) => column.notNull())
    .addColumn("plan_key", "text", (column) => column.notNull())
    .addColumn("viewers", "integer", (column) => column.notNull())
    .addColumn("status", "text", (column) => column.notNull())
    .addColumn("details", "text")
    .addColumn("starts_at", timestampType, (column) => column.notNull())
    .addColumn("ends_at", timestampType, (column) => column.notNull())
    .addColumn("revoked_at", timestampType)
    .addColumn("revoke_reason", "text")
    .addColumn("created_at", timestampType, (column) => column.notNull())
    .addColumn("updated_at", timestampType, (column) => column.notNull())
    .execute();
  await db.schema.createIndex("accesses_reference_key").on("accesses").column("reference").unique().execute();
  await db.schema.createIndex("accesses_email_idx").on("accesses").columns(["email", "ends_at"]).execute();
  await db.schema.createIndex("accesses_status_ends_idx").on("accesses").columns(["status", "ends_at"]).execute();

  await db.schema.alterTable("orders").addColumn("access_id", "integer").execute();
  await db.schema.alterTable("orders").addColumn("renews_access_id", "integer").execute();
  await db.schema.createIndex("orders_access_idx").on("orders").column("access_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("orders_access_idx").execute();
  await db.schema.alterTable("orders").dropColumn("renews_access_id").execute();
  await db.schema.alterTable("orders").dropColumn("access_id").execute();
  await db.schema.dropTable("accesses").execute();
}
