import { type Kysely, sql } from "kysely";
import { idColumn, isPostgres, timestampType } from "./portable.ts";

/**
 * Every state an order can be in (docs/decisions/0013-order-states.md); the check constraint and `OrderStatus`
 * list the same.
 */
const orderStatuses = ["pending", "paid", "failed", "fulfilled", "expired", "refunded"];

/**
 * Payments through a processor's hosted page and the background work around them:
 * - orders may be paid without a card number ever reaching us (brand and last four become optional), carry
 *   the processor's session, what was refunded, when they were paid, and when reconciliation next looks at
 *   them; their status gains the states after the sale;
 * - `payment_events`: each processor event id once, so a replayed webhook changes nothing;
 * - `rate_limit_counters`: per-key counts in fixed windows, shared by every server (form limits, declines);
 * - `test_gateway_payments`: the built-in test gateway's own records, as a processor keeps them, so it can
 *   answer reconciliation after a crash and authentication and refunds across servers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await relaxOrders(db);
  await db.schema.alterTable("orders").addColumn("payment_session_id", "text").execute();
  await db.schema.alterTable("orders").addColumn("paid_at", timestampType).execute();
  await db.schema
    .alterTable("orders")
    .addColumn("refunded_cents", "integer", (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("orders").addColumn("refund_reference", "text").execute();
  await db.schema.alterTable("orders").addColumn("next_check_at", timestampType).execute();
  await db.schema.createIndex("orders_payment_session_id_key").on("orders").column("payment_session_id").unique().execute();
  await db.schema.createIndex("orders_gateway_reference_idx").on("orders").column("gateway_reference").execute();
  // Reconciliation only ever looks at pending orders.
  await db.schema.createIndex("orders_pending_idx").on("orders").column("created_at").where(sql.ref("status"), "=", "pending").execute();

  await db.schema
    .createTable("payment_events")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("provider", "text", (column) => column.notNull())
    .addColumn("event_id", "text", (column) => column.notNull())
    .addColumn("type", "text", (column) => column.notNull())
    .addColumn("order_reference", "text")
    .addColumn("created_at", timestampType, (column) => column.notNull())
    .addColumn("updated_at", timestampType, (column) => column.notNull())
    .execute();
  await db.schema.createIndex("payment_events_event_key").on("payment_events").columns(["provider", "event_id"]).unique().execute();

  await db.schema
    .createTable("rate_limit_counters")
    .addColumn("key", "text", (column) => column.notNull())
    .addColumn("window_start", timestampType, (column) => column.notNull())
    .addColumn("count", "integer", (column) => column.notNull().check(sql`count >= 0`))
    .addColumn("created_at", timestampType, (column) => column.notNull())
    .addColumn("updated_at", timestampType, (column) => column.notNull())
    .addPrimaryKeyConstraint("rate_limit_counters_pkey", ["key", "window_start"])
    .execute();
  await db.schema.createIndex("rate_limit_counters_window_idx").on("rate_limit_counters").column("window_start").execute();

  await db.schema
    .createTable("test_gateway_payments")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("order_reference", "text", (column) => column.notNull())
    .addColumn("amount_cents", "integer", (column) => column.notNull().check(sql`amount_cents >= 0`))
    .addColumn("currency", "text", (column) => column.notNull())
    .addColumn("status", "text", (column) => column.notNull().check(sql`status in ('requires_action', 'succeeded', 'failed')`))
    .addColumn("failure_reason", "text")
    .addColumn("refunded_cents", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("created_at", timestampType, (column) => column.notNull())
    .addColumn("updated_at", timestampType, (column) => column.notNull())
    .execute();
  await db.schema.createIndex("test_gateway_payments_order_idx").on("test_gateway_payments").column("order_reference").execute();
}

/**
 * Card brand and last four become optional (a hosted payment page may never tell them, PayPal has none) and
 * the status check admits the new states. PostgreSQL alters the table in place; SQLite cannot change a
 * column's constraints, so the table is rebuilt with the same rows, as SQLite's documentation describes.
 */
async function relaxOrders(db: Kysely<unknown>): Promise<void> {
  const statusCheckText = `status in (${orderStatuses.map((status) => `'${status}'`).join(", ")})`;
  const statusCheck = sql.raw(statusCheckText);
  if (isPostgres(db)) {
    await sql`alter table orders alter column card_brand drop not null, alter column card_last4 drop not null`.execute(db);
    await sql`alter table orders drop constraint if exists orders_status_check`.execute(db);
    await sql`alter table orders add constraint orders_status_check check (${statusCheck})`.execute(db);
    return;
  }
  const { rows } = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'orders'`.execute(db);
  const original = rows[0]?.sql;
  if (!original) throw new Error("002_payments: the orders table is missing");
  const rebuilt = original
    .replace(/^create table "?orders"?/i, 'create table "orders_rebuilt"')
    .replace(/("card_brand" text) not null/i, "$1")
    .replace(/("card_last4" text) not null/i, "$1")
    .replace(/status in \('pending', 'paid', 'failed'\)/, statusCheckText);
  if (rebuilt.includes("'failed')") && !rebuilt.includes("'refunded'")) throw new Error("002_payments: could not widen the status check");
  const { rows: indexes } = await sql<{ sql: string }>`
    select sql from sqlite_master where type = 'index' and tbl_name = 'orders' and sql is not null`.execute(db);
  await sql.raw(rebuilt).execute(db);
  await sql`insert into orders_rebuilt select * from orders`.execute(db);
  await sql`drop table orders`.execute(db);
  await sql`alter table orders_rebuilt rename to orders`.execute(db);
  for (const index of indexes) await sql.raw(index.sql).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("test_gateway_payments").ifExists().execute();
  await db.schema.dropTable("rate_limit_counters").ifExists().execute();
  await db.schema.dropTable("payment_events").ifExists().execute();
  for (const index of ["orders_pending_idx", "orders_gateway_reference_idx", "orders_payment_session_id_key"]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  for (const column of ["next_check_at", "refund_reference", "refunded_cents", "paid_at", "payment_session_id"]) {
    await db.schema.alterTable("orders").dropColumn(column).execute();
  }
}
