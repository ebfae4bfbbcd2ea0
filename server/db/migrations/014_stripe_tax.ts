import type { Kysely } from "kysely";

/**
 * What the payment processor computed of the tax in an order's payment (Stripe Tax, TAX_MODE=stripe;
 * docs/decisions/0024-vat-at-checkout-and-stripe-tax.md): the tax in cents, its rate in basis points, and
 * the country of the address it taxed, a third piece of evidence of where the customer is beside the billing
 * country they typed (`country`) and their address's (`ip_country`). Null on orders it did not tax.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("orders").addColumn("processor_tax_cents", "integer").execute();
  await db.schema.alterTable("orders").addColumn("processor_tax_rate_basis_points", "integer").execute();
  await db.schema.alterTable("orders").addColumn("processor_tax_country", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ["processor_tax_country", "processor_tax_rate_basis_points", "processor_tax_cents"]) {
    await db.schema.alterTable("orders").dropColumn(column).execute();
  }
}
