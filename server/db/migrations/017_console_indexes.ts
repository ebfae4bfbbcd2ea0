import { type Kysely, type RawBuilder, sql } from "kysely";
import { isPostgres } from "./portable.ts";

/**
 * The console at a million orders (docs/decisions/0027-the-console-at-scale.md):
 * - every list is read page by page from a key (`created_at, id` or `ends_at, id`), not by an offset, so the
 *   indexes end in `id`: PostgreSQL needs it to resume exactly after the last row shown (SQLite's indexes
 *   carry the rowid already, and the same definition keeps both databases alike);
 * - the orders' search looks for the start of a reference, an e-mail, a full name or a last name, in lower
 *   case, each from an index of its own. On PostgreSQL the lower-cased text is compared in the "C" collation,
 *   so a prefix is a plain range of bytes whatever the database's locale;
 * - the orders' list marks the disputed ones from the few timeline lines that say so.
 */
const listIndexes: [name: string, table: string, columns: string[]][] = [
  ["orders_created_idx", "orders", ["created_at", "id"]],
  ["orders_status_created_idx", "orders", ["status", "created_at", "id"]],
  ["contact_messages_created_idx", "contact_messages", ["created_at", "id"]],
  ["newsletter_subscribers_created_idx", "newsletter_subscribers", ["created_at", "id"]],
  ["audit_log_created_idx", "audit_log", ["created_at", "id"]],
  ["audit_log_action_idx", "audit_log", ["action", "created_at", "id"]],
  ["trials_created_idx", "trials", ["created_at", "id"]],
  ["trials_status_created_idx", "trials", ["status", "created_at", "id"]],
  ["accesses_kind_ends_idx", "accesses", ["kind", "ends_at", "id"]],
  ["accesses_kind_status_ends_idx", "accesses", ["kind", "status", "ends_at", "id"]],
];

/** Indexes these replace: the same columns without the id. */
const replaced: [name: string, table: string, columns: string[]][] = [
  ["orders_created_at_idx", "orders", ["created_at"]],
  ["orders_status_idx", "orders", ["status", "created_at"]],
  ["contact_messages_created_at_idx", "contact_messages", ["created_at"]],
  ["audit_log_created_at_idx", "audit_log", ["created_at"]],
  ["trials_status_idx", "trials", ["status", "created_at"]],
];

const searchIndexes: [name: string, expression: string][] = [
  ["orders_search_reference_idx", "lower(reference)"],
  ["orders_search_email_idx", "lower(email)"],
  ["orders_search_name_idx", "lower(first_name || ' ' || last_name)"],
  ["orders_search_last_name_idx", "lower(last_name)"],
];

function searchExpression(db: Kysely<unknown>, expression: string): RawBuilder<unknown> {
  return isPostgres(db) ? sql.raw(`(${expression} collate "C")`) : sql.raw(`(${expression})`);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, table, columns] of listIndexes) await db.schema.createIndex(name).on(table).columns(columns).execute();
  for (const [name] of replaced) await db.schema.dropIndex(name).execute();
  for (const [name, expression] of searchIndexes) {
    await db.schema.createIndex(name).on("orders").expression(searchExpression(db, expression)).execute();
  }
  // The inbox's waiting messages, listed and counted apart from the many already handled.
  await db.schema
    .createIndex("contact_messages_waiting_idx")
    .on("contact_messages")
    .columns(["created_at", "id"])
    .where(sql.ref("handled_at"), "is", null)
    .execute();
  await db.schema
    .createIndex("order_events_disputed_idx")
    .on("order_events")
    .column("order_id")
    .where(sql.ref("type"), "=", "disputed")
    .execute();
  // The planners learn what the new indexes hold now, not at their next statistics run.
  for (const table of new Set([...listIndexes.map(([, table]) => table), "orders", "order_events"])) {
    await sql`analyze ${sql.table(table)}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("order_events_disputed_idx").execute();
  await db.schema.dropIndex("contact_messages_waiting_idx").execute();
  for (const [name] of searchIndexes) await db.schema.dropIndex(name).execute();
  for (const [name, table, columns] of replaced) await db.schema.createIndex(name).on(table).columns(columns).execute();
  for (const [name] of listIndexes) await db.schema.dropIndex(name).execute();
}
