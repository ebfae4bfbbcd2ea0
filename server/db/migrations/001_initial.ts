import { type Kysely, sql } from "kysely";
import { idColumn, timestampType } from "./portable.ts";

/** Orders, contact messages, newsletter subscribers and the mail outbox. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const id = idColumn(db);

  await db.schema
    .createTable("orders")
    .addColumn("id", "integer", id)
    .addColumn("reference", "text", (column) => column.notNull())
    .addColumn("idempotency_key", "text", (column) => column.notNull())
    .addColumn("plan_key", "text", (column) => column.notNull())
    .addColumn("viewers", "integer", (column) => column.notNull().check(sql`viewers between 1 and 3`))
    .addColumn("amount_cents", "integer", (column) => column.notNull().check(sql`amount_cents >= 0`))
    .addColumn("currency", "text", (column) => column.notNull())
    .addColumn("language", "text", (column) => column.notNull())
    .addColumn("first_name", "text", (column) => column.notNull())
    .addColumn("last_name", "text", (column) => column.notNull())
    .addColumn("email", "text", (column) => column.notNull())
    .addColumn("phone", "text", (column) => column.notNull())
    .addColumn("country", "text", (column) => column.notNull())
    .addColumn("city", "text", (column) => column.notNull())
    .addColumn("postal_code", "text", (column) => column.notNull())
    .addColumn("address", "text", (column) => column.notNull())
    .addColumn("card_brand", "text", (column) => column.notNull())
    .addColumn("card_last4", "text", (column) => column.notNull())
    .addColumn("status", "text", (column) => column.notNull().check(sql`status in ('pending', 'paid', 'failed')`))
    .addColumn("gateway_reference", "text")
    .addColumn("failure_reason", "text")
    .addColumn("confirmation_mail_sent_at", timestampType)
    .addColumn("created_at", timestampType, (column) => column.notNull())
    .addColumn("updated_at", timestampType, (column) => column.notNull())
    .execute();
  await db.schema.createIndex("orders_reference_key").on("orders").column("reference").unique().execute();
  await db.schema.createIndex("orders_idempotency_key_key").on("orders").column("idempotency_key").unique().execute();
  await db.schema.createIndex("orders_email_idx").on("orders").column("email").execute();
  await db.schema.createIndex("orders_created_at_idx").on("orders").column("created_at").execute();

  await db.schema
    .createTable("contact_messages")
    .addColumn("id", "integer", id)
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("email", "text", (column) => column.notNull())
    .addColumn("subject", "text", (column) => column.notNull())
    .addColumn("message", "text", (column) => column.notNull())
    .addColumn("language", "text", (column) => column.notNull())
    .addColumn("mail_sent_at", timestampType)
    .addColumn("created_at", timestampType, (column) => column.notNull())
    .addColumn("updated_at", timestampType, (column) => column.notNull())
    .execute();
  await db.schema.createIndex("contact_messages_created_at_idx").on("contact_messages").column("created_at").execute();

  await db.schema
    .createTable("newsletter_subscribers")
    .addColumn("id", "integer", id)
    .addColumn("email", "text", (column) => column.notNull())
    .addColumn("language", "text", (column) => column.notNull())
    .addColumn("confirmation_token", "text", (column) => column.notNull())
    .addColumn("confirmed_at", timestampType)
    .addColumn("unsubscribed_at", timestampType)
    .addColumn("created_at", timestampType, (column) => column.notNull())
    .addColumn("updated_at", timestampType, (column) => column.notNull())
    .execute();
  await db.schema.createIndex("newsletter_subscribers_email_key").on("newsletter_subscribers").column("email").unique().execute();
  await db.schema
    .createIndex("newsletter_subscribers_confirmation_token_key")
    .on("newsletter_subscribers")
    .column("confirmation_token")
    .unique()
    .execute();

  await db.schema
    .createTable("outbox_mails")
    .addColumn("id", "integer", id)
    .addColumn("kind", "text", (column) => column.notNull())
    .addColumn("to_address", "text", (column) => column.notNull())
    .addColumn("subject", "text", (column) => column.notNull())
    .addColumn("body_text", "text", (column) => column.notNull())
    .addColumn("body_html", "text")
    .addColumn("attempts", "integer", (column) => column.notNull().defaultTo(0).check(sql`attempts >= 0`))
    .addColumn("last_error", "text")
    .addColumn("sent_at", timestampType)
    .addColumn("next_attempt_at", timestampType, (column) => column.notNull())
    .addColumn("created_at", timestampType, (column) => column.notNull())
    .addColumn("updated_at", timestampType, (column) => column.notNull())
    .execute();
  // Partial index (both databases have them): the sender only ever looks at mails not yet sent.
  await db.schema
    .createIndex("outbox_mails_due_idx")
    .on("outbox_mails")
    .column("next_attempt_at")
    .where(sql.ref("sent_at"), "is", null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("outbox_mails").ifExists().execute();
  await db.schema.dropTable("newsletter_subscribers").ifExists().execute();
  await db.schema.dropTable("contact_messages").ifExists().execute();
  await db.schema.dropTable("orders").ifExists().execute();
}
