import type { Kysely } from "kysely";
import { idColumn, timestampType } from "./portable.ts";

/**
 * The operator console: operators and their sessions, second factors and recovery codes, an audit log of
 * every operator action, a timeline of every order, access delivered to customers (encrypted), and an inbox
 * state for contact messages. Mails now name the order they are about, so its timeline can show them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const id = idColumn(db);

  await db.schema
    .createTable("operators")
    .addColumn("id", "integer", id)
    .addColumn("email", "text", (column) => column.notNull())
    .addColumn("password_hash", "text", (column) => column.notNull())
    .addColumn("totp_secret", "text")
    .addColumn("totp_enabled_at", timestampType)
    .addColumn("created_at", timestampType, (column) => column.notNull())
    .addColumn("updated_at", timestampType, (column) => column.notNull())
    .execute();
  await db.schema.createIndex("operators_email_key").on("operators").column("email").unique().execute();

  await db.schema
    .createTable("operator_recovery_codes")
    .addColumn("id", "integer", id)
    .addColumn("operator_id", "integer", (column) => column.notNull().references("operators.id").onDelete("cascade"))
    .addColumn("code_hash", "text", (column) => column.notNull())
    .addColumn("used_at", timestampType)
    .addColumn("created_at", timestampType, (column) => column.notNull())
    .addColumn("updated_at", timestampType, (column) => column.notNull())
    .execute();
  await db.schema.createIndex("operator_recovery_codes_operator_idx").on("operator_recovery_codes").column("operator_id").execute();

  await db.schema
    .createTable("operator_sessions")
    .addColumn("id", "integer", id)
    .addColumn("operator_id", "integer", (column) => column.notNull().references("operators.id").onDelete("cascade"))
    /** SHA-256 of the cookie's secret: a leaked table cannot be replayed as cookies. */
    .addColumn("token_hash", "text", (column) => column.notNull())
    /** Set once the second factor is given (or at sign-in when there is none): only then does the session open the console. */
    .addColumn("verified_at", timestampType)
    .addColumn("address", "text", (column) => column.notNull())
    .addColumn("last_seen_at", timestampType, (column) => column.notNull())
    .addColumn("expires_at", timestampType, (column) => column.notNull())
    .addColumn("ended_at", timestampType)
    .addColumn("created_at", timestampType, (column) => column.notNull())
    .addColumn("updated_at", timestampType, (column) => column.notNull())
    .execute();
  await db.schema.createIndex("operator_sessions_token_key").on("operator_sessions").column("token_hash").unique().execute();
  await db.schema.createIndex("operator_sessions_operator_idx").on("operator_sessions").column("operator_id").execute();

  await db.schema
    .createTable("audit_log")
    .addColumn("id", "integer", id)
    /** Null for a failed sign-in with an unknown address. */
    .addColumn("operator_id", "integer")
    /** The address typed or the operator's, kept even if the operator is removed later. */
    .addColumn("operator_email", "text")
    .addColumn("action", "text", (column) => column.notNull())
    .addColumn("subject", "text")
    .addColumn("address", "text", (column) => column.notNull())
    .addColumn("details", "text")
    .addColumn("created_at", timestampType, (column) => column.notNull())
    .addColumn("updated_at", timestampType, (column) => column.notNull())
    .execute();
  await db.schema.createIndex("audit_log_created_at_idx").on("audit_log").column("created_at").execute();

  await db.schema
    .createTable("order_events")
    .addColumn("id", "integer", id)
    .addColumn("order_id", "integer", (column) => column.notNull().references("orders.id"))
    .addColumn("type", "text", (column) => column.notNull())
    /** `system`, `customer`, `processor`, or an operator's e-mail. */
    .addColumn("actor", "text", (column) => column.notNull())
    .addColumn("details", "text")
    .addColumn("created_at", timestampType, (column) => column.notNull())
    .addColumn("updated_at", timestampType, (column) => column.notNull())
    .execute();
  await db.schema.createIndex("order_events_order_idx").on("order_events").columns(["order_id", "created_at"]).execute();

  await db.schema.alterTable("orders").addColumn("access_details", "text").execute();
  await db.schema.alterTable("orders").addColumn("access_starts_at", timestampType).execute();
  await db.schema.alterTable("orders").addColumn("access_ends_at", timestampType).execute();
  await db.schema.createIndex("orders_status_idx").on("orders").columns(["status", "created_at"]).execute();

  await db.schema.alterTable("outbox_mails").addColumn("order_id", "integer").execute();
  await db.schema.createIndex("outbox_mails_order_idx").on("outbox_mails").column("order_id").execute();

  await db.schema.alterTable("contact_messages").addColumn("handled_at", timestampType).execute();
  await db.schema.alterTable("contact_messages").addColumn("handled_by", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("contact_messages").dropColumn("handled_by").execute();
  await db.schema.alterTable("contact_messages").dropColumn("handled_at").execute();
  await db.schema.dropIndex("outbox_mails_order_idx").ifExists().execute();
  await db.schema.alterTable("outbox_mails").dropColumn("order_id").execute();
  await db.schema.dropIndex("orders_status_idx").ifExists().execute();
  for (const column of ["access_ends_at", "access_starts_at", "access_details"])
    await db.schema.alterTable("orders").dropColumn(column).execute();
  for (const table of ["order_events", "audit_log", "operator_sessions", "operator_recovery_codes", "operators"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
