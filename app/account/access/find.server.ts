/** One access of the signed-in customer, by its reference, and the order whose timeline speaks for it. */
import { findAccessByReference, ordersOfAccess } from "../../../server/db/accesses.ts";
import type { Database } from "../../../server/db/database.ts";
import { normalizeEmail } from "../../../server/db/newsletter.ts";
import { findOrderByReference } from "../../../server/db/orders.ts";
import type { Access, CustomerSession, Order } from "../../../server/db/schema.ts";

/**
 * The access if it belongs to the session's address; undefined otherwise, exactly as for a reference that
 * does not exist, so the page never tells whether someone else's reference is real.
 */
export async function ownAccess(db: Database, session: Pick<CustomerSession, "email">, reference: string): Promise<Access | undefined> {
  if (reference.length > 40) return undefined;
  const access = await findAccessByReference(db, reference);
  return access && access.email === normalizeEmail(session.email) ? access : undefined;
}

/** The order that created the access (same reference), else its first order: where its lines go in the console. */
export async function creatingOrder(db: Database, access: Access): Promise<Order | undefined> {
  return (await findOrderByReference(db, access.reference)) ?? (await ordersOfAccess(db, access.id))[0];
}
