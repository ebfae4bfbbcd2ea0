import { type Kysely, sql } from "kysely";
import { idColumn, timestampType } from "./portable.ts";

/**
 * Automatic renewal (docs/decisions/0025-automatic-renewal.md): the customer's choice at checkout on the order,
 * the subscription it starts, the order each automatic charge makes, and the test gateway's saved cards.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("orders")
    .addColumn("renews_automatically", "integer", (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("orders").addColumn("subscription_id", "integer").execute();

  await db.schema
    .createTable("subscriptions")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("order_id", "integer", (column) => column.notNull())
    .addColumn("access_id", "integer")
    .addColumn("email", "text", (column) => column.notNull())
    .addColumn("plan_key", "text", (column) => column.notNull())
    .addColumn("viewers", "integer", (column) => column.notNull())
    .addColumn("amount_cents", "integer", (column) => column.notNull())
    .addColumn("currency", "text", (column) => column.notNull())
    .addColumn("processor", "text", (column) => column.notNull())
    .addColumn("processor_subscription_id", "text")
    .addColumn("processor_customer_id", "text")
    .addColumn("payment_method", "text")
    .addColumn("card_brand", "text")
    .addColumn("card_last4", "text")
    .addColumn("status", "text", (column) => column.notNull().check(sql`status in ('active', 'failing', 'stopping', 'ended')`))
    .addColumn("next_charge_at", timestampType)
    .addColumn("failed_attempts", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("next_retry_at", timestampType)
    .addColumn("pay_url", "text")
    .addColumn("ended_at", timestampType)
    .addColumn("end_reason", "text")
    .addColumn("created_at", timestampType, (column) => column.notNull())
    .addColumn("updated_at", timestampType, (column) => column.notNull())
    .execute();
  await db.schema.createIndex("subscriptions_order_key").on("subscriptions").column("order_id").unique().execute();
  await db.schema.createIndex("subscriptions_processor_key").on("subscriptions").column("processor_subscription_id").unique().execute();
  await db.schema.createIndex("subscriptions_access_idx").on("subscriptions").column("access_id").execute();
  await db.schema.createIndex("subscriptions_email_idx").on("subscriptions").column("email").execute();
  await db.schema.createIndex("subscriptions_status_idx").on("subscriptions").columns(["status", "next_charge_at"]).execute();

  // The test gateway keeps a card as a processor does: an id, what it shows, and how it will answer.
  await db.schema
    .createTable("test_gateway_cards")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("brand", "text", (column) => column.notNull())
    .addColumn("last4", "text", (column) => column.notNull())
    .addColumn("outcome", "text", (column) => column.notNull())
    .addColumn("created_at", timestampType, (column) => column.notNull())
    .addColumn("updated_at", timestampType, (column) => column.notNull())
    .execute();
  await db.schema.alterTable("test_gateway_payments").addColumn("saved_card_id", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("test_gateway_payments").dropColumn("saved_card_id").execute();
  await db.schema.dropTable("test_gateway_cards").execute();
  await db.schema.dropTable("subscriptions").execute();
  await db.schema.alterTable("orders").dropColumn("subscription_id").execute();
  await db.schema.alterTable("orders").dropColumn("renews_automatically").execute();
}
