/**
 * Customers' account sessions, in the database so every server shares them. The cookie carries a random
 * token; the table keeps its SHA-256 only. A session ends 12 hours after sign-in, unless access details were
 * revealed within 10 minutes of signing in (a device set up from the account, such as a TV box): that one
 * lasts 30 days. Sign-out ends one session, "sign out everywhere" every session of the address.
 */
import { createHash, randomBytes } from "node:crypto";
import { knownTimeZone } from "../../common/time-zone.ts";
import type { Database } from "./database.ts";
import { normalizeEmail } from "./newsletter.ts";
import type { CustomerSession } from "./schema.ts";

export const CUSTOMER_SESSION_SHORT_MS = 12 * 60 * 60_000;
export const CUSTOMER_SESSION_LONG_MS = 30 * 24 * 60 * 60_000;
/** How long after a proof of the mailbox (sign-in or fresh code) the session may reveal access details. */
export const CUSTOMER_SESSION_FRESH_MS = 10 * 60_000;

export const hashCustomerToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Opens a session for an address that just proved it reads its mail. Returns the cookie's token. */
export async function createCustomerSession(
  db: Database,
  { email, address, timeZone = null }: { email: string; address: string; timeZone?: string | null },
  now: Date = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const at = now.toISOString();
  await db
    .insertInto("customer_sessions")
    .values({
      email: normalizeEmail(email),
      token_hash: hashCustomerToken(token),
      verified_at: at,
      expires_at: new Date(now.getTime() + CUSTOMER_SESSION_SHORT_MS).toISOString(),
      ended_at: null,
      address,
      time_zone: knownTimeZone(timeZone),
      created_at: at,
      updated_at: at,
    })
    .execute();
  return token;
}

/** The live session of a cookie's token; undefined when there is none, or it ended or expired. */
export async function readCustomerSession(
  db: Database,
  token: string | undefined,
  now: Date = new Date(),
): Promise<CustomerSession | undefined> {
  if (!token || token.length > 100) return undefined;
  return db
    .selectFrom("customer_sessions")
    .selectAll()
    .where("token_hash", "=", hashCustomerToken(token))
    .where("ended_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
}

/** Whether the session proved the mailbox recently enough to reveal access details without a fresh code. */
export function isFreshSession(session: Pick<CustomerSession, "verified_at">, now: Date = new Date()): boolean {
  return now.getTime() - Date.parse(session.verified_at) < CUSTOMER_SESSION_FRESH_MS;
}

/** A fresh code was given: the session may reveal again for the next 10 minutes. */
export async function confirmCustomerSession(db: Database, sessionId: number, now: Date = new Date()): Promise<void> {
  const at = now.toISOString();
  await db.updateTable("customer_sessions").set({ verified_at: at, updated_at: at }).where("id", "=", sessionId).execute();
}

/** Access details were revealed: within 10 minutes of signing in, the session is kept for 30 days. */
export async function noteAccessRevealed(db: Database, session: CustomerSession, now: Date = new Date()): Promise<void> {
  const signedInAt = Date.parse(session.created_at);
  if (now.getTime() - signedInAt > CUSTOMER_SESSION_FRESH_MS) return;
  const expiresAt = new Date(signedInAt + CUSTOMER_SESSION_LONG_MS).toISOString();
  if (expiresAt <= session.expires_at) return;
  await db
    .updateTable("customer_sessions")
    .set({ expires_at: expiresAt, updated_at: now.toISOString() })
    .where("id", "=", session.id)
    .where("ended_at", "is", null)
    .execute();
}

export async function endCustomerSession(db: Database, sessionId: number, now: Date = new Date()): Promise<void> {
  const at = now.toISOString();
  await db
    .updateTable("customer_sessions")
    .set({ ended_at: at, updated_at: at })
    .where("id", "=", sessionId)
    .where("ended_at", "is", null)
    .execute();
}

/** "Sign out everywhere", and what an erased account does: every live session of the address ends. */
export async function endCustomerSessionsOf(db: Database, email: string, now: Date = new Date()): Promise<number> {
  const at = now.toISOString();
  const result = await db
    .updateTable("customer_sessions")
    .set({ ended_at: at, updated_at: at })
    .where("email", "=", normalizeEmail(email))
    .where("ended_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
