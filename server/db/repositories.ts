/**
 * Every read and write the site makes, as small typed functions over Kysely. Each works unchanged on
 * SQLite and PostgreSQL; each takes an optional `now` so tests can control time.
 */
import { randomBytes } from "node:crypto";
import { site } from "../../content/site.ts";
import type { Database } from "./database.ts";
import type { ContactMessage, Language, NewsletterSubscriber, Order, OrderInsert, OutboxMail, Timestamp } from "./schema.ts";

function timestamp(now: Date): Timestamp {
  return now.toISOString();
}

// ---------------------------------------------------------------------------------------------------------
// Orders
// ---------------------------------------------------------------------------------------------------------

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
 * pending → paid. Returns the updated order, or `undefined` when no pending order has this id (unknown id,
 * or already paid or failed: a payment result is applied once). The one exception is an order failed as
 * `abandoned` (reconciliation found no payment for it, nothing was charged as far as anyone knew): a payment
 * that succeeds after all is real money, and the order becomes paid.
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
      updated_at: timestamp(now),
    })
    .where("id", "=", id)
    .where((where) =>
      where.or([where("status", "=", "pending"), where.and([where("status", "=", "failed"), where("failure_reason", "=", "abandoned")])]),
    )
    .returningAll()
    .executeTakeFirst();
}

/** pending → failed, keeping why. Returns the updated order, or `undefined` when no pending order has this id. */
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

// ---------------------------------------------------------------------------------------------------------
// Contact messages
// ---------------------------------------------------------------------------------------------------------

export interface NewContactMessage {
  name: string;
  email: string;
  subject: string;
  message: string;
  language: Language;
}

export async function saveContactMessage(db: Database, input: NewContactMessage, now: Date = new Date()): Promise<ContactMessage> {
  const at = timestamp(now);
  return db
    .insertInto("contact_messages")
    .values({
      name: input.name,
      email: input.email,
      subject: input.subject,
      message: input.message,
      language: input.language,
      mail_sent_at: null,
      created_at: at,
      updated_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function markContactMessageMailSent(db: Database, id: number, now: Date = new Date()): Promise<boolean> {
  const at = timestamp(now);
  const result = await db
    .updateTable("contact_messages")
    .set({ mail_sent_at: at, updated_at: at })
    .where("id", "=", id)
    .where("mail_sent_at", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

// ---------------------------------------------------------------------------------------------------------
// Newsletter
// ---------------------------------------------------------------------------------------------------------

/** The form of an address the newsletter table stores and compares: trimmed, lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** 32 random bytes, URL-safe: the secret in confirmation and unsubscribe links. */
export function newConfirmationToken(): string {
  return randomBytes(32).toString("base64url");
}

export interface SubscribeResult {
  /**
   * `created`: a new address (send the confirmation mail). `already-subscribed`: nothing changed (confirmed or
   * still awaiting confirmation, see `subscriber.confirmed_at`). `resubscribed`: the address had unsubscribed;
   * it is active again, unconfirmed, with a fresh token (send the confirmation mail).
   */
  status: "created" | "already-subscribed" | "resubscribed";
  subscriber: NewsletterSubscriber;
}

export async function subscribeToNewsletter(
  db: Database,
  input: { email: string; language: Language },
  now: Date = new Date(),
): Promise<SubscribeResult> {
  const email = normalizeEmail(input.email);
  const at = timestamp(now);
  for (let attempt = 0; attempt < 5; attempt++) {
    const created = await db
      .insertInto("newsletter_subscribers")
      .values({
        email,
        language: input.language,
        confirmation_token: newConfirmationToken(),
        confirmed_at: null,
        unsubscribed_at: null,
        created_at: at,
        updated_at: at,
      })
      .onConflict((conflict) => conflict.doNothing())
      .returningAll()
      .executeTakeFirst();
    if (created) return { status: "created", subscriber: created };

    const existing = await db.selectFrom("newsletter_subscribers").selectAll().where("email", "=", email).executeTakeFirst();
    if (!existing) continue; // the token collided (practically impossible): try another
    if (existing.unsubscribed_at === null) return { status: "already-subscribed", subscriber: existing };

    // Conditional on still being unsubscribed, so two simultaneous sign-ups resubscribe once.
    const resubscribed = await db
      .updateTable("newsletter_subscribers")
      .set({
        language: input.language,
        confirmation_token: newConfirmationToken(),
        confirmed_at: null,
        unsubscribed_at: null,
        updated_at: at,
      })
      .where("id", "=", existing.id)
      .where("unsubscribed_at", "is not", null)
      .returningAll()
      .executeTakeFirst();
    if (resubscribed) return { status: "resubscribed", subscriber: resubscribed };
  }
  throw new Error("subscribeToNewsletter: the subscription kept changing underneath; try again");
}

export type ConfirmSubscriptionResult =
  | { status: "confirmed" | "already-confirmed" | "unsubscribed"; subscriber: NewsletterSubscriber }
  | { status: "unknown-token" };

/** Confirms the address holding this token. An address that has since unsubscribed stays unsubscribed. */
export async function confirmSubscription(db: Database, token: string, now: Date = new Date()): Promise<ConfirmSubscriptionResult> {
  const at = timestamp(now);
  const confirmed = await db
    .updateTable("newsletter_subscribers")
    .set({ confirmed_at: at, updated_at: at })
    .where("confirmation_token", "=", token)
    .where("confirmed_at", "is", null)
    .where("unsubscribed_at", "is", null)
    .returningAll()
    .executeTakeFirst();
  if (confirmed) return { status: "confirmed", subscriber: confirmed };
  const subscriber = await findSubscriberByToken(db, token);
  if (!subscriber) return { status: "unknown-token" };
  return { status: subscriber.unsubscribed_at === null ? "already-confirmed" : "unsubscribed", subscriber };
}

export type UnsubscribeResult =
  | { status: "unsubscribed" | "already-unsubscribed"; subscriber: NewsletterSubscriber }
  | { status: "unknown-token" };

/** Unsubscribes the address holding this token (the row is kept, with `unsubscribed_at` set). */
export async function unsubscribe(db: Database, token: string, now: Date = new Date()): Promise<UnsubscribeResult> {
  const at = timestamp(now);
  const unsubscribed = await db
    .updateTable("newsletter_subscribers")
    .set({ unsubscribed_at: at, updated_at: at })
    .where("confirmation_token", "=", token)
    .where("unsubscribed_at", "is", null)
    .returningAll()
    .executeTakeFirst();
  if (unsubscribed) return { status: "unsubscribed", subscriber: unsubscribed };
  const subscriber = await findSubscriberByToken(db, token);
  return subscriber ? { status: "already-unsubscribed", subscriber } : { status: "unknown-token" };
}

export async function findSubscriberByToken(db: Database, token: string): Promise<NewsletterSubscriber | undefined> {
  return db.selectFrom("newsletter_subscribers").selectAll().where("confirmation_token", "=", token).executeTakeFirst();
}

export async function findSubscriberByEmail(db: Database, email: string): Promise<NewsletterSubscriber | undefined> {
  return db.selectFrom("newsletter_subscribers").selectAll().where("email", "=", normalizeEmail(email)).executeTakeFirst();
}

// ---------------------------------------------------------------------------------------------------------
// Mail outbox
// ---------------------------------------------------------------------------------------------------------

/** After this many failed attempts a mail is no longer retried (it stays in the table with its last error). */
export const MAX_MAIL_ATTEMPTS = 10;
const FIRST_RETRY_DELAY_MS = 60_000;
const MAX_RETRY_DELAY_MS = 6 * 60 * 60_000;
/** How long a sender that claimed a mail has to report back before another sender may take it. */
export const DEFAULT_MAIL_LEASE_MS = 5 * 60_000;

/** Wait before the next try after `attempts` failures: 1 min, 2, 4, 8 … capped at 6 hours. */
export function mailRetryDelayMs(attempts: number): number {
  const exponent = Math.max(0, attempts - 1);
  return Math.min(FIRST_RETRY_DELAY_MS * 2 ** exponent, MAX_RETRY_DELAY_MS);
}

export interface NewMail {
  kind: string;
  to_address: string;
  subject: string;
  body_text: string;
  body_html?: string | null;
  /** The order the mail is about, for the order's timeline. */
  order_id?: number | null;
}

/** Queues a mail, due at once. */
export async function enqueueMail(db: Database, mail: NewMail, now: Date = new Date()): Promise<OutboxMail> {
  const at = timestamp(now);
  return db
    .insertInto("outbox_mails")
    .values({
      kind: mail.kind,
      to_address: mail.to_address,
      subject: mail.subject,
      body_text: mail.body_text,
      body_html: mail.body_html ?? null,
      order_id: mail.order_id ?? null,
      attempts: 0,
      last_error: null,
      sent_at: null,
      next_attempt_at: at,
      created_at: at,
      updated_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Claims up to `limit` mails that are due (unsent, `next_attempt_at <= now`, attempts left), oldest first.
 * Claiming moves a mail's `next_attempt_at` to `now + leaseMs` with a compare-and-set on its old value, so
 * when several servers poll at once each mail goes to one of them; a sender that crashes before calling
 * `markMailSent` or `markMailFailed` lets the mail fall due again when the lease ends.
 */
export async function dueMails(
  db: Database,
  now: Date = new Date(),
  limit = 20,
  leaseMs: number = DEFAULT_MAIL_LEASE_MS,
): Promise<OutboxMail[]> {
  const at = timestamp(now);
  const leaseUntil = timestamp(new Date(now.getTime() + Math.max(1, leaseMs)));
  const candidates = await db
    .selectFrom("outbox_mails")
    .selectAll()
    .where("sent_at", "is", null)
    .where("next_attempt_at", "<=", at)
    .where("attempts", "<", MAX_MAIL_ATTEMPTS)
    .orderBy("next_attempt_at")
    .orderBy("id")
    .limit(limit)
    .execute();
  const claimed: OutboxMail[] = [];
  for (const candidate of candidates) {
    const mail = await db
      .updateTable("outbox_mails")
      .set({ next_attempt_at: leaseUntil, updated_at: at })
      .where("id", "=", candidate.id)
      .where("sent_at", "is", null)
      .where("next_attempt_at", "=", candidate.next_attempt_at)
      .returningAll()
      .executeTakeFirst();
    if (mail) claimed.push(mail);
  }
  return claimed;
}

/** Marks a mail sent. `true` only for the call that set it. */
export async function markMailSent(db: Database, id: number, now: Date = new Date()): Promise<boolean> {
  const at = timestamp(now);
  const result = await db
    .updateTable("outbox_mails")
    .set({ sent_at: at, last_error: null, updated_at: at })
    .where("id", "=", id)
    .where("sent_at", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Records a failed attempt: counts it, keeps the error (shortened), and schedules the next try after
 * {@link mailRetryDelayMs}. Returns the updated mail, or `undefined` if it is unknown or already sent.
 */
export async function markMailFailed(db: Database, id: number, error: string, now: Date = new Date()): Promise<OutboxMail | undefined> {
  const current = await db
    .selectFrom("outbox_mails")
    .select(["attempts"])
    .where("id", "=", id)
    .where("sent_at", "is", null)
    .executeTakeFirst();
  if (!current) return undefined;
  const attempts = current.attempts + 1;
  return db
    .updateTable("outbox_mails")
    .set({
      attempts,
      last_error: error.slice(0, 2000),
      next_attempt_at: timestamp(new Date(now.getTime() + mailRetryDelayMs(attempts))),
      updated_at: timestamp(now),
    })
    .where("id", "=", id)
    .where("sent_at", "is", null)
    .where("attempts", "=", current.attempts)
    .returningAll()
    .executeTakeFirst();
}
