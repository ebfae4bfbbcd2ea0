/**
 * Orders: references, idempotent creation, payment outcomes.
 * Same conventions as every repository here: SQLite and PostgreSQL alike, an optional `now`.
 */
import { randomBytes } from "node:crypto";
import { site } from "../../content/site.ts";
import type { Database } from "./database.ts";
import type { Order, OrderInsert } from "./schema.ts";
import { timestamp } from "./time.ts";

/** Crockford's base 32: digits and capitals without I, L, O and U, so a reference read aloud is unambiguous. */
const REFERENCE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** The brand's capitals (`NovaStream` → `NS`), so references look like the shop's own. */
export const ORDER_REFERENCE_PREFIX = referencePrefix(site.brand.name);

function referencePrefix(brand: string): string {
  const capitals = brand.replace(/[^A-Z]/g, "");
  const letters = brand.toUpperCase().replace(/[^A-Z]/g, "");
  const prefix = capitals.length >= 2 ? capitals : letters;
  return prefix.slice(0, 3) || "OR";
}

/**
 * A new order reference such as `NS-7F3K-9QXD`: 8 random characters from a 32-letter alphabet (40 bits from
 * the system's CSPRNG), so references cannot be guessed or enumerated.
 */
export function newOrderReference(prefix: string = ORDER_REFERENCE_PREFIX): string {
  // 256 is a multiple of 32, so taking each byte modulo 32 keeps every character equally likely.
  const characters = Array.from(randomBytes(8), (byte) => REFERENCE_ALPHABET[byte % 32]).join("");
  return `${prefix}-${characters.slice(0, 4)}-${characters.slice(4)}`;
}

/** What the checkout supplies; the reference, status and times are set here. */
export type NewOrder = Omit<
  OrderInsert,
  | "id"
  | "reference"
  | "status"
  | "gateway_reference"
  | "failure_reason"
  | "confirmation_mail_sent_at"
  | "paid_at"
  | "refunded_cents"
  | "refund_reference"
  | "next_check_at"
  | "created_at"
  | "updated_at"
>;

export interface CreateOrderResult {
  order: Order;
  /** `false` when an order with the same idempotency key already existed: that order is returned as it is. */
  created: boolean;
}

/**
 * Records a pending order. A second call with the same `idempotency_key` (double click, reload, two servers
 * at once) creates nothing and returns the first order: the insert is `ON CONFLICT DO NOTHING`, so the
 * database's unique index decides, never a read-then-write race.
 */
export async function createOrder(db: Database, input: NewOrder, now: Date = new Date()): Promise<CreateOrderResult> {
  const at = timestamp(now);
  // A fresh reference colliding with an existing one is a one-in-a-trillion event; it is retried.
  for (let attempt = 0; attempt < 5; attempt++) {
    const inserted = await db
      .insertInto("orders")
      .values({
        // Field by field rather than `...input`: whatever else the caller's object carries (a form with the
        // card number, say) can never reach the database.
        idempotency_key: input.idempotency_key,
        plan_key: input.plan_key,
        viewers: input.viewers,
        amount_cents: input.amount_cents,
        currency: input.currency,
        language: input.language,
        first_name: input.first_name,
        last_name: input.last_name,
        email: input.email,
        phone: input.phone,
        country: input.country,
        city: input.city,
        postal_code: input.postal_code,
        address: input.address,
        card_brand: input.card_brand ?? null,
        card_last4: input.card_last4 ?? null,
        payment_session_id: input.payment_session_id ?? null,
        payment_processor: input.payment_processor ?? null,
        client_address: input.client_address ?? null,
        ip_country: input.ip_country ?? null,
        renews_access_id: input.renews_access_id ?? null,
        renews_automatically: input.renews_automatically ?? 0,
        subscription_id: input.subscription_id ?? null,
        reference: newOrderReference(),
        status: "pending",
        gateway_reference: null,
        failure_reason: null,
        confirmation_mail_sent_at: null,
        created_at: at,
        updated_at: at,
      })
      .onConflict((conflict) => conflict.doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) return { order: inserted, created: true };
    const existing = await findOrderByIdempotencyKey(db, input.idempotency_key);
    if (existing) return { order: existing, created: false };
  }
  throw new Error("createOrder: could not find a free order reference");
}

export async function findOrderByIdempotencyKey(db: Database, idempotencyKey: string): Promise<Order | undefined> {
  return db.selectFrom("orders").selectAll().where("idempotency_key", "=", idempotencyKey).executeTakeFirst();
}

/** Looks an order up by the reference the customer sees; case and surrounding spaces don't matter. */
export async function findOrderByReference(db: Database, reference: string): Promise<Order | undefined> {
  return db.selectFrom("orders").selectAll().where("reference", "=", reference.trim().toUpperCase()).executeTakeFirst();
}

export async function findOrderById(db: Database, id: number): Promise<Order | undefined> {
  return db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * pending → paid, forgetting the visitor's address (kept only to count a decline). Returns the updated order,
 * or `undefined` when no pending order has this id (unknown id, or already paid or failed: a payment result
 * is applied once). The one exception is an order failed as `abandoned` (reconciliation found no payment for
 * it, nothing was charged as far as anyone knew): a payment that succeeds after all is real money, and the
 * order becomes paid.
 */
export async function markOrderPaid(
  db: Database,
  id: number,
  payment: { gatewayReference: string | null },
  now: Date = new Date(),
): Promise<Order | undefined> {
  return db
    .updateTable("orders")
    .set({
      status: "paid",
      gateway_reference: payment.gatewayReference,
      failure_reason: null,
      paid_at: timestamp(now),
      next_check_at: null,
      client_address: null,
      updated_at: timestamp(now),
    })
    .where("id", "=", id)
    .where((where) =>
      where.or([where("status", "=", "pending"), where.and([where("status", "=", "failed"), where("failure_reason", "=", "abandoned")])]),
    )
    .returningAll()
    .executeTakeFirst();
}

/**
 * pending → failed, keeping why, and forgetting the visitor's address (read from the pending order to count a
 * decline). Returns the updated order, or `undefined` when no pending order has this id.
 */
export async function markOrderFailed(
  db: Database,
  id: number,
  failure: { reason: string; gatewayReference?: string | null },
  now: Date = new Date(),
): Promise<Order | undefined> {
  return db
    .updateTable("orders")
    .set({
      status: "failed",
      failure_reason: failure.reason,
      gateway_reference: failure.gatewayReference ?? null,
      next_check_at: null,
      client_address: null,
      updated_at: timestamp(now),
    })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .returningAll()
    .executeTakeFirst();
}

/** Notes that the confirmation mail went out. `true` only for the call that set it, so it is sent once. */
export async function markOrderConfirmationMailSent(db: Database, id: number, now: Date = new Date()): Promise<boolean> {
  const at = timestamp(now);
  const result = await db
    .updateTable("orders")
    .set({ confirmation_mail_sent_at: at, updated_at: at })
    .where("id", "=", id)
    .where("confirmation_mail_sent_at", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
