import type { Kysely } from "kysely";
import { idColumn, timestampType } from "./portable.ts";

/** The customer's account: passwordless sign-ins (link and code, hashed), sessions, and preferences. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const id = idColumn(db);
  await db.schema
    .createTable("customer_sign_ins")
    .addColumn("id", "integer", id)
    .addColumn("email", "text", (column) => column.notNull())
    .addColumn("language", "text", (column) => column.notNull())
    .addColumn("token_hash", "text", (column) => column.notNull())
    .addColumn("code_hash", "text", (column) => column.notNull())
    .addColumn("customer_session_id", "integer")
    .addColumn("wrong_codes", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("expires_at", timestampType, (column) => column.notNull())
    .addColumn("used_at", timestampType)
    .addColumn("created_at", timestampType, (column) => column.notNull())
    .addColumn("updated_at", timestampType, (column) => column.notNull())
    .execute();
  await db.schema.createIndex("customer_sign_ins_token_key").on("customer_sign_ins").column("token_hash").unique().execute();
  await db.schema.createIndex("customer_sign_ins_email_idx").on("customer_sign_ins").columns(["email", "created_at"]).execute();

  await db.schema
    .createTable("customer_sessions")
    .addColumn("id", "integer", id)
    .addColumn("email", "text", (column) => column.notNull())
    .addColumn("token_hash", "text", (column) => column.notNull())
    .addColumn("verified_at", timestampType, (column) => column.notNull())
    .addColumn("expires_at", timestampType, (column) => column.notNull())
    .addColumn("ended_at", timestampType)
    .addColumn("address", "text", (column) => column.notNull())
    .addColumn("time_zone", "text")
    .addColumn("created_at", timestampType, (column) => column.notNull())
    .addColumn("updated_at", timestampType, (column) => column.notNull())
    .execute();
  await db.schema.createIndex("customer_sessions_token_key").on("customer_sessions").column("token_hash").unique().execute();
  await db.schema.createIndex("customer_sessions_email_idx").on("customer_sessions").column("email").execute();

  await db.schema
    .createTable("customer_preferences")
    .addColumn("id", "integer", id)
    .addColumn("email", "text", (column) => column.notNull())
    .addColumn("mail_language", "text")
    .addColumn("created_at", timestampType, (column) => column.notNull())
    .addColumn("updated_at", timestampType, (column) => column.notNull())
    .execute();
  await db.schema.createIndex("customer_preferences_email_key").on("customer_preferences").column("email").unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["customer_preferences", "customer_sessions", "customer_sign_ins"]) await db.schema.dropTable(table).execute();
}
