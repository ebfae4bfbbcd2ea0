import { type Kysely, sql } from "kysely";

/**
 * The processor an order was placed with, which takes (or took) its payment: its name in PAYMENT_GATEWAY.
 * Orders paid before it was recorded get theirs from their session: a Stripe Checkout Session's id starts
 * with `cs_`, and every other payment went through the test gateway. Orders never paid keep none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("orders").addColumn("payment_processor", "text").execute();
  await sql`update orders
    set payment_processor = case when substr(payment_session_id, 1, 3) = 'cs_' then 'stripe' else 'test' end
    where paid_at is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("orders").dropColumn("payment_processor").execute();
}
