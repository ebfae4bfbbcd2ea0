/**
 * Recovery codes: the way back in for an operator who lost their authenticator. Shown once, stored as
 * SHA-256 hashes (60 random bits each is beyond brute force, so a slow hash would add nothing), each usable once.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Database } from "../db/database.ts";

/** Crockford's base 32: no I, L, O or U, so a code copied from paper is unambiguous. */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const GROUPS = 3;
const GROUP_LENGTH = 4;

/** `count` codes such as `7KQ2-M9XP-4TZA`: 12 characters of 5 bits, 60 bits from the system's CSPRNG. */
export function newRecoveryCodes(count = 10): string[] {
  return Array.from({ length: count }, () => {
    // 256 is a multiple of 32, so each byte modulo 32 keeps every character equally likely.
    const characters = Array.from(randomBytes(GROUPS * GROUP_LENGTH), (byte) => ALPHABET[byte % 32]).join("");
    return characters.match(new RegExp(`.{${GROUP_LENGTH}}`, "g"))!.join("-");
  });
}

/**
 * SHA-256 (hex) of a code as typed: case, spaces and dashes don't matter, and Crockford's look-alikes
 * (O for 0, I and L for 1) are read as the digits they were meant to be.
 */
export function hashRecoveryCode(code: string): string {
  const normalized = code.toUpperCase().replace(/[\s-]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1");
  return createHash("sha256").update(normalized).digest("hex");
}

/** Stores a new set of codes for an operator; the previous set stops working. */
export async function replaceRecoveryCodes(
  db: Database,
  operatorId: number,
  codes: readonly string[],
  now: Date = new Date(),
): Promise<void> {
  const at = now.toISOString();
  await db.transaction().execute(async (transaction) => {
    await transaction.deleteFrom("operator_recovery_codes").where("operator_id", "=", operatorId).execute();
    if (codes.length === 0) return;
    await transaction
      .insertInto("operator_recovery_codes")
      .values(
        codes.map((code) => ({
          operator_id: operatorId,
          code_hash: hashRecoveryCode(code),
          used_at: null,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
  });
}

/**
 * Uses up one code. One conditional update, so when the same code is sent twice at once (double submit,
 * two servers) exactly one call gets `true`.
 */
export async function redeemRecoveryCode(db: Database, operatorId: number, code: string, now: Date = new Date()): Promise<boolean> {
  const at = now.toISOString();
  const result = await db
    .updateTable("operator_recovery_codes")
    .set({ used_at: at, updated_at: at })
    .where("operator_id", "=", operatorId)
    .where("code_hash", "=", hashRecoveryCode(code))
    .where("used_at", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** How many unused codes an operator has left (the console suggests new ones when few remain). */
export async function remainingRecoveryCodes(db: Database, operatorId: number): Promise<number> {
  const row = await db
    .selectFrom("operator_recovery_codes")
    .select((select) => select.fn.countAll().as("count"))
    .where("operator_id", "=", operatorId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  // PostgreSQL's count is a bigint, which pg returns as a string.
  return Number(row.count);
}
