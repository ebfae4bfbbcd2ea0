/**
 * "No more renewal reminders": the addresses in `reminder_opt_outs`, and what the unsubscribe page does with
 * the signed link of a reminder. Addresses are stored trimmed and lower-cased, as the table's unique index
 * expects, so "Camille@Example.com" and "camille@example.com" are one customer.
 */
import type { Database } from "../../server/db/database.ts";
import { normalizeEmail } from "../../server/db/repositories.ts";
import { linkKey, readOptOutToken } from "./links.server";

export async function hasOptedOut(db: Database, email: string): Promise<boolean> {
  const row = await db.selectFrom("reminder_opt_outs").select("id").where("email", "=", normalizeEmail(email)).executeTakeFirst();
  return row !== undefined;
}

/** Records the opt-out; `false` when it was already there (the insert then changes nothing). */
export async function recordOptOut(db: Database, email: string, now: Date = new Date()): Promise<boolean> {
  const at = now.toISOString();
  const inserted = await db
    .insertInto("reminder_opt_outs")
    .values({ email: normalizeEmail(email), created_at: at, updated_at: at })
    .onConflict((conflict) => conflict.column("email").doNothing())
    .returning("id")
    .executeTakeFirst();
  return inserted !== undefined;
}

/**
 * What the unsubscribe page shows: `ask` (the button), `already` (nothing left to do), `done` (just now), or
 * `unknown` for a link that is not one of ours.
 */
export type OptOutState = { status: "unknown" } | { status: "ask" | "already" | "done"; email: string };

/** Opening the link changes nothing: mail scanners open every link, and must not unsubscribe anyone. */
export async function optOutState(db: Database, token: string, key: Buffer | undefined = linkKey()): Promise<OptOutState> {
  const email = readOptOutToken(token, key);
  if (!email) return { status: "unknown" };
  return { status: (await hasOptedOut(db, email)) ? "already" : "ask", email };
}

/** The button: records the opt-out of the link's address. */
export async function confirmOptOut(
  db: Database,
  token: string,
  now: Date = new Date(),
  key: Buffer | undefined = linkKey(),
): Promise<OptOutState> {
  const email = readOptOutToken(token, key);
  if (!email) return { status: "unknown" };
  return { status: (await recordOptOut(db, email, now)) ? "done" : "already", email };
}
