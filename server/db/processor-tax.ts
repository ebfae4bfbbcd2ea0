/** What the payment processor computed of an order's tax (Stripe Tax; migration 014, decision 0024). */
import type { Database } from "./database.ts";
import { timestamp } from "./time.ts";

export interface ProcessorTaxColumns {
  taxCents: number;
  rateBasisPoints: number;
  country: string | null;
}

/**
 * Keeps the processor's tax on an order whose payment is about to be recorded (pending, or failed as
 * abandoned and paid after all): the invoice issued with the payment reads it. Once paid, an order's tax is
 * what its invoice says, so a later lookup changes nothing; the same answer written twice is harmless.
 */
export async function recordProcessorTax(db: Database, orderId: number, tax: ProcessorTaxColumns, now = new Date()): Promise<void> {
  await db
    .updateTable("orders")
    .set({
      processor_tax_cents: tax.taxCents,
      processor_tax_rate_basis_points: tax.rateBasisPoints,
      processor_tax_country: tax.country,
      updated_at: timestamp(now),
    })
    .where("id", "=", orderId)
    .where("status", "in", ["pending", "failed"])
    .execute();
}
