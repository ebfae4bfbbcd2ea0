/**
 * Newsletter subscribers: double opt-in, confirmation and unsubscription.
 * Same conventions as every repository here: SQLite and PostgreSQL alike, an optional `now`.
 */
import { randomBytes } from "node:crypto";
import type { Database } from "./database.ts";
import type { Language, NewsletterSubscriber } from "./schema.ts";
import { timestamp } from "./time.ts";

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
