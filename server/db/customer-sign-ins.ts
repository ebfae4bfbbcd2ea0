/**
 * Passwordless sign-ins (accounts-schema.ts): one row per request for a mail, holding the SHA-256 of a
 * 256-bit link token and a salted hash of a 6-digit code. Using either ends the sign-in. The link works for an
 * hour, whatever codes anyone types; the code for 15 minutes, only the address's newest, void after its
 * fifth wrong guess, and an address gets ten wrong codes a day across its sign-ins. A row with
 * `customer_session_id` confirms a signed-in session afresh (the step-up code) and has no link. Every check is
 * one conditional update or counter, so two servers answering the same link or code at once cannot both
 * succeed, and a burst of guesses cannot get past the limits. See docs/decisions/0018-passwordless-account-sign-in.md
 * and docs/decisions/0040-signing-in-while-someone-hammers-the-address.md.
 */
import { sql } from "kysely";
import { hashCustomerToken } from "./customer-sessions.ts";
import type { Database } from "./database.ts";
import { emailKey } from "./limit-keys.ts";
import { normalizeEmail } from "./newsletter.ts";
import { countAttempt, uncountAttempt } from "./rate-limits.ts";
import type { CustomerSignIn } from "./schema.ts";
import { codeMatches, hashedSecrets, newSecrets, type SignInSecrets } from "./sign-in-secrets.ts";

export { codeMatches, normalizeCode, type SignInSecrets } from "./sign-in-secrets.ts";

/** How long a code works (a sign-in's or a step-up's). */
export const SIGN_IN_VALID_MS = 15 * 60_000;
/**
 * How long a sign-in link works: the mail limit's window (ACCOUNT_MAIL_RATE_LIMIT an hour), so while the
 * address's mails are used up, the newest one sent is still live (decision 0040).
 */
export const SIGN_IN_LINK_VALID_MS = 60 * 60_000;
export const MAX_WRONG_CODES = 5;
/** Wrong codes an address may have in a day (UTC), across its sign-ins; step-up codes count apart. */
export const WRONG_CODES_PER_DAY = 10;
const oneDay = 24 * 60 * 60_000;

/**
 * Records a request for a mail and returns it with its secrets. Earlier codes of the same kind (the address's
 * sign-ins, or the session's step-ups) end, so one code per address is live to guess at; earlier links keep
 * working until they expire: asking again, or someone asking for the address, never takes a mail away.
 */
export async function recordSignIn(
  db: Database,
  { email, language, sessionId = null }: { email: string; language: string; sessionId?: number | null },
  now: Date = new Date(),
): Promise<{ signIn: CustomerSignIn; secrets: SignInSecrets }> {
  const at = now.toISOString();
  const secrets = newSecrets();
  const address = normalizeEmail(email);
  const record = async (transaction: Database) => {
    await transaction
      .updateTable("customer_sign_ins")
      .set({ wrong_codes: MAX_WRONG_CODES, updated_at: at })
      .where("email", "=", address)
      .where("customer_session_id", sessionId === null ? "is" : "=", sessionId)
      .where("used_at", "is", null)
      .where("wrong_codes", "<", MAX_WRONG_CODES)
      .execute();
    const signIn = await transaction
      .insertInto("customer_sign_ins")
      .values({
        email: address,
        language,
        ...hashedSecrets(secrets),
        customer_session_id: sessionId,
        wrong_codes: 0,
        // A step-up has no link: it ends with its code.
        expires_at: new Date(now.getTime() + (sessionId === null ? SIGN_IN_LINK_VALID_MS : SIGN_IN_VALID_MS)).toISOString(),
        used_at: null,
        created_at: at,
        updated_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { signIn, secrets };
  };
  return db.isTransaction ? record(db) : db.transaction().execute(record);
}

export async function findSignIn(db: Database, id: number): Promise<CustomerSignIn | undefined> {
  return db.selectFrom("customer_sign_ins").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * New secrets for a sign-in still live, for the mail about to be written; undefined when it is over. The
 * secrets made when it was recorded were never told to anyone (see `recordSignIn`'s callers).
 */
export async function renewSignInSecrets(db: Database, id: number, now: Date = new Date()): Promise<SignInSecrets | undefined> {
  const secrets = newSecrets();
  const result = await db
    .updateTable("customer_sign_ins")
    .set({ ...hashedSecrets(secrets), updated_at: now.toISOString() })
    .where("id", "=", id)
    .where("used_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? secrets : undefined;
}

/**
 * A sign-in link's sign-in while it may still be used (never a step-up's row, which has no link). Wrong codes
 * do not end it: the token cannot be guessed, and anyone can type wrong codes for an address.
 */
export async function liveSignInOfToken(db: Database, token: string, now: Date = new Date()): Promise<CustomerSignIn | undefined> {
  if (!token || token.length > 100) return undefined;
  return db
    .selectFrom("customer_sign_ins")
    .selectAll()
    .where("token_hash", "=", hashCustomerToken(token))
    .where("customer_session_id", "is", null)
    .where("used_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
}

/** Uses the link: the sign-in it belongs to, now used, or undefined when it was not live (or another request used it first). */
export async function spendSignInToken(db: Database, token: string, now: Date = new Date()): Promise<CustomerSignIn | undefined> {
  const signIn = await liveSignInOfToken(db, token, now);
  if (!signIn) return undefined;
  return (await markUsed(db, signIn.id, now)) ? signIn : undefined;
}

async function markUsed(db: Database, id: number, now: Date, takeBackAttempt = false): Promise<boolean> {
  const at = now.toISOString();
  const result = await db
    .updateTable("customer_sign_ins")
    .set((eb) => ({ used_at: at, updated_at: at, ...(takeBackAttempt ? { wrong_codes: eb("wrong_codes", "-", 1) } : {}) }))
    .where("id", "=", id)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export type CodeCheck =
  | { result: "signed-in"; signIn: CustomerSignIn }
  | { result: "wrong"; triesLeft: number }
  /** Five wrong codes: this code no longer works (its link does). */
  | { result: "void" }
  /** The address's wrong codes of the day are used up: no code is compared until the next day. */
  | { result: "locked" }
  /** No live code: expired, used, replaced by a newer mail, or never asked for. */
  | { result: "over" };

/** Whose code is being typed: an address signing in, or a signed-in session confirming itself afresh. */
export type CodeOwner = { email: string } | { sessionId: number };

/** The counter of an address's wrong codes of the day: sign-ins and a session's step-ups apart. */
const guessCounter = (owner: CodeOwner, email: string) => emailKey("email" in owner ? "account-wrong-code" : "step-up-wrong-code", email);

/**
 * Checks a code against the owner's newest live code. The guess is counted before the comparison, against
 * the address's day and by a conditional update against the sign-in, so however many guesses arrive at once
 * (on any number of servers) at most five a sign-in and ten an address a day are ever compared. A guess that
 * compares nothing, or a right code, takes its count back.
 */
export async function checkSignInCode(db: Database, owner: CodeOwner, code: string, now: Date = new Date()): Promise<CodeCheck> {
  const at = now.toISOString();
  const codeSince = new Date(now.getTime() - SIGN_IN_VALID_MS).toISOString();
  let query = db
    .selectFrom("customer_sign_ins")
    .selectAll()
    .where("used_at", "is", null)
    .where("expires_at", ">", at)
    .where("created_at", ">", codeSince);
  query =
    "email" in owner
      ? query.where("email", "=", normalizeEmail(owner.email)).where("customer_session_id", "is", null)
      : query.where("customer_session_id", "=", owner.sessionId);
  const signIn = await query.orderBy("id", "desc").executeTakeFirst();
  if (!signIn) return { result: "over" };
  const day = { windowMs: oneDay, now };
  const counter = guessCounter(owner, signIn.email);
  const guessed = await countAttempt(db, counter, day);
  if (guessed > WRONG_CODES_PER_DAY) return { result: "locked" };
  const counted = await db
    .updateTable("customer_sign_ins")
    .set({ wrong_codes: sql`wrong_codes + 1`, updated_at: at })
    .where("id", "=", signIn.id)
    .where("used_at", "is", null)
    .where("wrong_codes", "<", MAX_WRONG_CODES)
    .returning("wrong_codes")
    .executeTakeFirst();
  if (!counted) {
    await uncountAttempt(db, counter, day);
    return { result: signIn.wrong_codes >= MAX_WRONG_CODES ? "void" : "over" };
  }
  if (codeMatches(signIn.code_hash, code)) {
    await uncountAttempt(db, counter, day);
    return (await markUsed(db, signIn.id, now, true)) ? { result: "signed-in", signIn } : { result: "over" };
  }
  if (guessed >= WRONG_CODES_PER_DAY) return { result: "locked" };
  const wrong = Number(counted.wrong_codes);
  return wrong >= MAX_WRONG_CODES
    ? { result: "void" }
    : { result: "wrong", triesLeft: Math.min(MAX_WRONG_CODES - wrong, WRONG_CODES_PER_DAY - guessed) };
}

/** Whether the shop has anything to show this address: an order (in any state) or an access. */
export async function hasOrdersOrAccess(db: Database, email: string): Promise<boolean> {
  const address = normalizeEmail(email);
  const order = await db
    .selectFrom("orders")
    .select("id")
    .where(sql<string>`lower(${sql.ref("email")})`, "=", address)
    .limit(1)
    .executeTakeFirst();
  if (order) return true;
  return Boolean(await db.selectFrom("accesses").select("id").where("email", "=", address).limit(1).executeTakeFirst());
}
