/**
 * Accesses (accounts-schema.ts): what the customer watches with, and the orders that paid for each. Every
 * write of an access row is here, with the order's own write where the two go together (a delivery, a
 * renewal done); when each step happens, and what it sets in motion, is app/access's.
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

/** What creates an access: the first order that pays for it, delivered. */
export interface NewAccess {
  reference: string;
  email: string;
  planKey: Access["plan_key"];
  viewers: Access["viewers"];
  /** As `seal` made them: never plaintext. */
  sealedDetails: string;
  startsAt: Date;
  endsAt: Date;
  /** `paid` unless said: a free trial's line is `trial` (trials.ts). */
  kind?: Access["kind"];
}

export async function createAccess(db: Database, access: NewAccess, now: Date = new Date()): Promise<Access> {
  const at = now.toISOString();
  return db
    .insertInto("accesses")
    .values({
      reference: access.reference,
      email: normalizeEmail(access.email),
      plan_key: access.planKey,
      viewers: access.viewers,
      status: "active",
      details: access.sealedDetails,
      starts_at: access.startsAt.toISOString(),
      ends_at: access.endsAt.toISOString(),
      revoked_at: null,
      revoke_reason: null,
      kind: access.kind ?? "paid",
      created_at: at,
      updated_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface Delivery {
  /** The access details as `seal` made them: never plaintext. */
  sealedDetails: string;
  startsAt: Date;
  endsAt: Date;
}

/**
 * paid → fulfilled, for the access period, and the access it creates (with the sealed details) linked to it.
 * Conditional on the order still being paid, so two tabs delivering at once deliver once: the other call gets
 * undefined and creates nothing. Call inside a transaction, so the order and its access are written together.
 */
export async function markOrderDelivered(db: Database, id: number, delivery: Delivery, now: Date = new Date()): Promise<Order | undefined> {
  const delivered = await db
    .updateTable("orders")
    .set({
      status: "fulfilled",
      access_starts_at: delivery.startsAt.toISOString(),
      access_ends_at: delivery.endsAt.toISOString(),
      updated_at: now.toISOString(),
    })
    .where("id", "=", id)
    .where("status", "=", "paid")
    // A paid renewal already extends its access: it is extended, never delivered as a second line.
    .where("access_id", "is", null)
    .returningAll()
    .executeTakeFirst();
  if (!delivered) return undefined;
  const access = await createAccess(
    db,
    {
      reference: delivered.reference,
      email: delivered.email,
      planKey: delivered.plan_key,
      viewers: delivered.viewers,
      sealedDetails: delivery.sealedDetails,
      startsAt: delivery.startsAt,
      endsAt: delivery.endsAt,
    },
    now,
  );
  return db.updateTable("orders").set({ access_id: access.id }).where("id", "=", id).returningAll().executeTakeFirstOrThrow();
}

/**
 * A paid renewal, done: paid → fulfilled, with nothing to deliver (its access was extended when it was paid;
 * the provisioning system or the operator has now extended the line). Conditional, so it happens once.
 */
export async function markRenewalExtended(db: Database, id: number, now: Date = new Date()): Promise<Order | undefined> {
  return db
    .updateTable("orders")
    .set({ status: "fulfilled", updated_at: now.toISOString() })
    .where("id", "=", id)
    .where("status", "=", "paid")
    .where("access_id", "is not", null)
    .where("renews_access_id", "is not", null)
    .returningAll()
    .executeTakeFirst();
}

/**
 * The access, with its row locked until the transaction ends: writing the row first takes its lock
 * (PostgreSQL) or the database's (SQLite), so a second writer (a renewal paid on another server) waits here
 * and then reads what the first one wrote. Call inside a transaction.
 */
export async function lockAccess(db: Database, id: number): Promise<Access | undefined> {
  await db
    .updateTable("accesses")
    .set((set) => ({ updated_at: set.ref("updated_at") }))
    .where("id", "=", id)
    .execute();
  return findAccessById(db, id);
}

/** A renewal paid: the new end, the renewal's plan and viewers, and running again if it had expired. */
export async function extendAccess(
  db: Database,
  id: number,
  change: { endsAt: Date; planKey: Access["plan_key"]; viewers: Access["viewers"] },
  now: Date = new Date(),
): Promise<Access | undefined> {
  return db
    .updateTable("accesses")
    .set({
      ends_at: change.endsAt.toISOString(),
      plan_key: change.planKey,
      viewers: change.viewers,
      status: "active",
      updated_at: now.toISOString(),
    })
    .where("id", "=", id)
    .where("status", "!=", "revoked")
    .returningAll()
    .executeTakeFirst();
}

/** New sealed details (the operator changed them when extending by hand). */
export async function replaceAccessDetails(db: Database, id: number, sealedDetails: string, now: Date = new Date()): Promise<void> {
  await db.updateTable("accesses").set({ details: sealedDetails, updated_at: now.toISOString() }).where("id", "=", id).execute();
}

/** Ends an access for good (a full refund, a dispute); undefined when it was revoked already. */
export async function revokeAccess(
  db: Database,
  id: number,
  reason: "refund" | "dispute",
  now: Date = new Date(),
): Promise<Access | undefined> {
  const at = now.toISOString();
  return db
    .updateTable("accesses")
    .set({ status: "revoked", revoked_at: at, revoke_reason: reason, updated_at: at })
    .where("id", "=", id)
    .where("status", "!=", "revoked")
    .returningAll()
    .executeTakeFirst();
}

/**
 * active → expired, only once its end has passed: a renewal that moved the end meanwhile, or a revocation,
 * wins. Undefined when nothing changed.
 */
export async function markAccessExpired(db: Database, id: number, now: Date = new Date()): Promise<Access | undefined> {
  const at = now.toISOString();
  return db
    .updateTable("accesses")
    .set({ status: "expired", updated_at: at })
    .where("id", "=", id)
    .where("status", "=", "active")
    .where("ends_at", "<=", at)
    .returningAll()
    .executeTakeFirst();
}
