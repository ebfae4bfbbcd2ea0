/**
 * The signed-in customer's own invoices and credit notes, found by number. A document of someone else's
 * order is answered exactly as a number that does not exist (undefined), so nobody learns which numbers are
 * real. Numbers are short: anything longer than a number can be is not looked up.
 */
import type { Database } from "../../../server/db/database.ts";
import { findInvoiceByNumber } from "../../../server/db/invoices.ts";
import { normalizeEmail } from "../../../server/db/newsletter.ts";
import { findOrderById } from "../../../server/db/orders.ts";
import type { CreditNote, Invoice, Order } from "../../../server/db/schema.ts";

const MAX_NUMBER_LENGTH = 40;

async function ownOrder(db: Database, session: { email: string }, orderId: number): Promise<Order | undefined> {
  const order = await findOrderById(db, orderId);
  return order && normalizeEmail(order.email) === normalizeEmail(session.email) ? order : undefined;
}

export async function ownInvoice(db: Database, session: { email: string }, number: string) {
  const invoice = number.length <= MAX_NUMBER_LENGTH ? await findInvoiceByNumber(db, number) : undefined;
  const order = invoice && (await ownOrder(db, session, invoice.order_id));
  return invoice && order ? { invoice, order } : undefined;
}

export async function ownCreditNote(
  db: Database,
  session: { email: string },
  number: string,
): Promise<{ note: CreditNote; invoice: Invoice; order: Order } | undefined> {
  if (number.length > MAX_NUMBER_LENGTH) return undefined;
  const note = await db.selectFrom("credit_notes").selectAll().where("number", "=", number).executeTakeFirst();
  const order = note && (await ownOrder(db, session, note.order_id));
  const invoice = order && (await db.selectFrom("invoices").selectAll().where("id", "=", note.invoice_id).executeTakeFirst());
  return note && order && invoice ? { note, invoice, order } : undefined;
}
