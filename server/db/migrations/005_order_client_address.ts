import type { Kysely } from "kysely";

/**
 * The visitor's address on an order while its payment is pending: a payment the processor declines later (a
 * bank debit that fails days after the checkout, a failed authentication) counts against the address that
 * placed the order, as a decline at the checkout does. Cleared once the payment is settled.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("orders").addColumn("client_address", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("orders").dropColumn("client_address").execute();
}
