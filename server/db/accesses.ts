/**
 * Accesses (accounts-schema.ts): what the customer watches with, and the orders that paid for each. Reads
 * here; what creates, extends, expires and revokes an access lives with those steps (app/access).
 */
import { sql } from "kysely";
import type { Database } from "./database.ts";
import { normalizeEmail } from "./newsletter.ts";
import type { Access, Order } from "./schema.ts";

/** The address's accesses, the one ending last first. */
export async function accessesOf(db: Database, email: string): Promise<Access[]> {
  return db
    .selectFrom("accesses")
    .selectAll()
    .where("email", "=", normalizeEmail(email))
    .orderBy("ends_at", "desc")
    .orderBy("id", "desc")
    .execute();
}

export async function findAccessById(db: Database, id: number): Promise<Access | undefined> {
  return db.selectFrom("accesses").selectAll().where("id", "=", id).executeTakeFirst();
}

/** By the reference the customer and the provisioning system see; case and surrounding spaces don't matter. */
export async function findAccessByReference(db: Database, reference: string): Promise<Access | undefined> {
  return db.selectFrom("accesses").selectAll().where("reference", "=", reference.trim().toUpperCase()).executeTakeFirst();
}

/** The orders that paid for (or renew) an access, oldest first. */
export async function ordersOfAccess(db: Database, accessId: number): Promise<Order[]> {
  return db
    .selectFrom("orders")
    .selectAll()
    .where((where) => where.or([where("access_id", "=", accessId), where("renews_access_id", "=", accessId)]))
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/** Every order placed with the address, newest first, whatever its case at checkout. */
export async function ordersOfEmail(db: Database, email: string): Promise<Order[]> {
  return db
    .selectFrom("orders")
    .selectAll()
    .where(sql<string>`lower(${sql.ref("email")})`, "=", normalizeEmail(email))
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
}
