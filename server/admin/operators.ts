/**
 * The people who run the shop from the console: accounts (made with `npm run operator`), passwords and
 * second factors. Same conventions as server/db/repositories.ts: SQLite and PostgreSQL alike, optional `now`.
 */
import type { Database } from "../db/database.ts";
import type { Operator, Timestamp } from "../db/schema.ts";

/** Addresses are compared as typed by people: surrounding spaces and case don't matter. */
export function normalizeOperatorEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A plausible address: one @, a dotted domain, no spaces or characters that need quoting; at most 254 characters. */
export function isOperatorEmail(email: string): boolean {
  const normalized = normalizeOperatorEmail(email);
  return normalized.length <= 254 && /^[^\s<>@",;]+@[^\s<>@",;.]+(\.[^\s<>@",;.]+)+$/.test(normalized);
}

export const DUPLICATE_OPERATOR_MESSAGE = "An operator with this e-mail already exists";

/** Adds an operator; throws `DUPLICATE_OPERATOR_MESSAGE` when the address is taken (the unique index decides, so no race). */
export async function createOperator(db: Database, email: string, passwordHash: string, now: Date = new Date()): Promise<Operator> {
  const at = now.toISOString();
  const inserted = await db
    .insertInto("operators")
    .values({
      email: normalizeOperatorEmail(email),
      password_hash: passwordHash,
      totp_secret: null,
      totp_enabled_at: null,
      created_at: at,
      updated_at: at,
    })
    .onConflict((conflict) => conflict.column("email").doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!inserted) throw new Error(DUPLICATE_OPERATOR_MESSAGE);
  return inserted;
}

export async function findOperatorByEmail(db: Database, email: string): Promise<Operator | undefined> {
  return db.selectFrom("operators").selectAll().where("email", "=", normalizeOperatorEmail(email)).executeTakeFirst();
}

export async function findOperatorById(db: Database, id: number): Promise<Operator | undefined> {
  return db.selectFrom("operators").selectAll().where("id", "=", id).executeTakeFirst();
}

export interface OperatorSummary {
  id: number;
  email: string;
  createdAt: Timestamp;
  totpEnabled: boolean;
  /** When a session last got past every factor; null if never. */
  lastSignInAt: Timestamp | null;
}

/** Every operator by address, without secrets or hashes. */
export async function listOperators(db: Database): Promise<OperatorSummary[]> {
  const rows = await db
    .selectFrom("operators")
    .select((select) => [
      "operators.id",
      "operators.email",
      "operators.created_at",
      "operators.totp_enabled_at",
      select
        .selectFrom("operator_sessions")
        .select((sessions) => sessions.fn.max("operator_sessions.verified_at").as("last"))
        .whereRef("operator_sessions.operator_id", "=", "operators.id")
        .as("last_sign_in_at"),
    ])
    .orderBy("operators.email")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    createdAt: row.created_at,
    totpEnabled: row.totp_enabled_at !== null,
    lastSignInAt: row.last_sign_in_at ?? null,
  }));
}

/** Removes an operator with their sessions and recovery codes (explicitly, not only by cascade). The audit log keeps their address. */
export async function removeOperator(db: Database, email: string): Promise<boolean> {
  return db.transaction().execute(async (transaction) => {
    const operator = await findOperatorByEmail(transaction, email);
    if (!operator) return false;
    await transaction.deleteFrom("operator_sessions").where("operator_id", "=", operator.id).execute();
    await transaction.deleteFrom("operator_recovery_codes").where("operator_id", "=", operator.id).execute();
    const result = await transaction.deleteFrom("operators").where("id", "=", operator.id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  });
}

/** Sets a new password and ends every session of the operator: whoever knew the old one is out. False for an unknown address. */
export async function setOperatorPassword(db: Database, email: string, passwordHash: string, now: Date = new Date()): Promise<boolean> {
  const at = now.toISOString();
  return db.transaction().execute(async (transaction) => {
    const updated = await transaction
      .updateTable("operators")
      .set({ password_hash: passwordHash, updated_at: at })
      .where("email", "=", normalizeOperatorEmail(email))
      .returning("id")
      .executeTakeFirst();
    if (!updated) return false;
    await endSessions(transaction, updated.id, at);
    return true;
  });
}

async function endSessions(db: Database, operatorId: number, at: Timestamp): Promise<void> {
  await db
    .updateTable("operator_sessions")
    .set({ ended_at: at, updated_at: at })
    .where("operator_id", "=", operatorId)
    .where("ended_at", "is", null)
    .execute();
}

/**
 * Stores the (sealed) TOTP secret being set up, or clears it. Refused (false) once a second factor is
 * enabled: a set-up page must not swap a working authenticator for a new one; disable it first.
 */
export async function setTotpSecret(
  db: Database,
  operatorId: number,
  sealedSecret: string | null,
  now: Date = new Date(),
): Promise<boolean> {
  const result = await db
    .updateTable("operators")
    .set({ totp_secret: sealedSecret, updated_at: now.toISOString() })
    .where("id", "=", operatorId)
    .where("totp_enabled_at", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Turns the second factor on once the operator has shown a code; false without a secret or when already on. */
export async function enableTotp(db: Database, operatorId: number, now: Date = new Date()): Promise<boolean> {
  const at = now.toISOString();
  const result = await db
    .updateTable("operators")
    .set({ totp_enabled_at: at, updated_at: at })
    .where("id", "=", operatorId)
    .where("totp_secret", "is not", null)
    .where("totp_enabled_at", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Turns the second factor off: the secret and the recovery codes go with it. */
export async function disableTotp(db: Database, operatorId: number, now: Date = new Date()): Promise<void> {
  const at = now.toISOString();
  await db.transaction().execute(async (transaction) => {
    await transaction
      .updateTable("operators")
      .set({ totp_secret: null, totp_enabled_at: null, updated_at: at })
      .where("id", "=", operatorId)
      .execute();
    await transaction.deleteFrom("operator_recovery_codes").where("operator_id", "=", operatorId).execute();
  });
}

/**
 * Records that a TOTP code of `step` was accepted, only when `step` is later than the last accepted one; false
 * otherwise (a replayed code, or an earlier step's code after a later one). One conditional update, so two
 * servers given the same code at once accept it once.
 */
export async function claimTotpStep(db: Database, operatorId: number, step: number, now: Date = new Date()): Promise<boolean> {
  const result = await db
    .updateTable("operators")
    .set({ totp_last_step: step, updated_at: now.toISOString() })
    .where("id", "=", operatorId)
    .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", step)]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
