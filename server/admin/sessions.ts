/**
 * Operator sessions, kept in the database so every server shares them. The cookie carries a random token;
 * the table keeps only its SHA-256, so a copy of the table opens nothing. A session ends after 30 minutes
 * without a request, 12 hours after sign-in whatever happens, on sign-out, or when its operator signs out
 * everywhere (or their password changes).
 */
import { createHash, randomBytes } from "node:crypto";
import type { Database } from "../db/database.ts";
import type { Operator, OperatorSession } from "../db/schema.ts";

export const SESSION_IDLE_MS = 30 * 60_000;
export const SESSION_MAX_MS = 12 * 60 * 60_000;
/** A request within this of the last one does not write `last_seen_at` again. */
const touchEveryMs = 60_000;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Opens a session; `verified` is false while a second factor is still owed. Returns the cookie's token. */
export async function createSession(
  db: Database,
  { operatorId, address, verified }: { operatorId: number; address: string; verified: boolean },
  now: Date = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const at = now.toISOString();
  await db
    .insertInto("operator_sessions")
    .values({
      operator_id: operatorId,
      token_hash: hashToken(token),
      verified_at: verified ? at : null,
      address,
      last_seen_at: at,
      expires_at: new Date(now.getTime() + SESSION_MAX_MS).toISOString(),
      ended_at: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return token;
}

export interface ActiveSession {
  session: OperatorSession;
  operator: Operator;
}

/** The live session of a token, with its operator, marked as used now; undefined when none is live. */
export async function readSession(db: Database, token: string | undefined, now: Date = new Date()): Promise<ActiveSession | undefined> {
  if (!token || token.length > 100) return undefined;
  const row = await db
    .selectFrom("operator_sessions")
    .innerJoin("operators", "operators.id", "operator_sessions.operator_id")
    .selectAll("operator_sessions")
    .select([
      "operators.email",
      "operators.password_hash",
      "operators.totp_secret",
      "operators.totp_enabled_at",
      "operators.totp_last_step",
    ])
    .select(["operators.created_at as operator_created_at", "operators.updated_at as operator_updated_at"])
    .where("token_hash", "=", hashToken(token))
    .where("ended_at", "is", null)
    .executeTakeFirst();
  if (!row) return undefined;
  const idleSince = now.getTime() - Date.parse(row.last_seen_at);
  if (Date.parse(row.expires_at) <= now.getTime() || idleSince >= SESSION_IDLE_MS) return undefined;
  if (idleSince >= touchEveryMs) {
    await db
      .updateTable("operator_sessions")
      .set({ last_seen_at: now.toISOString(), updated_at: now.toISOString() })
      .where("id", "=", row.id)
      .execute();
  }
  const { email, password_hash, totp_secret, totp_enabled_at, totp_last_step, operator_created_at, operator_updated_at, ...session } = row;
  return {
    session,
    operator: {
      id: row.operator_id,
      email,
      password_hash,
      totp_secret,
      totp_enabled_at,
      totp_last_step,
      created_at: operator_created_at,
      updated_at: operator_updated_at,
    },
  };
}

/**
 * The second factor was given: the session that owed it ends, and a new, verified one opens the console.
 * Its token is new, so a token seen before the second factor (a shared machine, a fixated cookie) opens
 * nothing. Returns the new token; undefined when the old session had ended meanwhile.
 */
export async function verifySession(db: Database, session: OperatorSession, now: Date = new Date()): Promise<string | undefined> {
  return db.transaction().execute(async (transaction) => {
    const ended = await transaction
      .updateTable("operator_sessions")
      .set({ ended_at: now.toISOString(), updated_at: now.toISOString() })
      .where("id", "=", session.id)
      .where("ended_at", "is", null)
      .executeTakeFirst();
    if (ended.numUpdatedRows === 0n) return undefined;
    return createSession(transaction, { operatorId: session.operator_id, address: session.address, verified: true }, now);
  });
}

export async function endSession(db: Database, token: string, now: Date = new Date()): Promise<void> {
  await db
    .updateTable("operator_sessions")
    .set({ ended_at: now.toISOString(), updated_at: now.toISOString() })
    .where("token_hash", "=", hashToken(token))
    .where("ended_at", "is", null)
    .execute();
}

/**
 * Ends every session of an operator (sign out everywhere, a new password), or every one but `keep` (two-step
 * sign-in turned on: a session opened with the password alone must not outlive it). Returns how many ended.
 */
export async function endAllSessions(db: Database, operatorId: number, now: Date = new Date(), keep?: number): Promise<number> {
  const result = await db
    .updateTable("operator_sessions")
    .set({ ended_at: now.toISOString(), updated_at: now.toISOString() })
    .where("operator_id", "=", operatorId)
    .where("ended_at", "is", null)
    .$if(keep !== undefined, (query) => query.where("id", "!=", keep as number))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
