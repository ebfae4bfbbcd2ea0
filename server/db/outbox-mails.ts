/**
 * The mail outbox's rows: queueing, claiming with a lease, sent and failed.
 * Same conventions as every repository here: SQLite and PostgreSQL alike, an optional `now`.
 */
import type { Database } from "./database.ts";
import type { OutboxMail } from "./schema.ts";
import { timestamp } from "./time.ts";

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
