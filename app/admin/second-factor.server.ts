/**
 * Checking an operator's second factor, wherever it is asked for (the sign-in's code step, turning two-step
 * sign-in off): counted against the sign-in limits before it is checked, a TOTP code only for a time step
 * later than the last one used, a recovery code once.
 */
import { claimTotpStep } from "../../server/admin/operators.ts";
import { redeemRecoveryCode } from "../../server/admin/recovery-codes.ts";
import { verifyTotp } from "../../server/admin/totp.ts";
import type { Database } from "../../server/db/database.ts";
import type { Operator } from "../../server/db/schema.ts";
import { openSecret } from "../access/secrets.server";
import { signInAttempts } from "../rate-limit.server";

export type SecondFactor = "totp" | "recovery";

/** A TOTP code for a step later than any used before: each code, and each earlier step's code, works once. */
export async function acceptTotp(db: Database, operator: Operator, code: string, now: Date = new Date()): Promise<boolean> {
  if (!operator.totp_secret || !/^\d{6}$/.test(code)) return false;
  const step = verifyTotp(openSecret(operator.totp_secret), code, now);
  return step !== null && (await claimTotpStep(db, operator.id, step, now));
}

/** Which factor `code` proved, undefined when it proved none, "blocked" when the limit was reached first. */
export async function verifyFactor(
  db: Database,
  operator: Operator,
  code: string,
  address: string,
): Promise<SecondFactor | "blocked" | undefined> {
  const attempt = await signInAttempts.begin(db, { address, email: operator.email });
  if (!attempt.allowed) return "blocked";
  const cleaned = code.replace(/\s/g, "");
  let factor: SecondFactor | undefined;
  if (await acceptTotp(db, operator, cleaned)) factor = "totp";
  else if (cleaned.length >= 12 && (await redeemRecoveryCode(db, operator.id, cleaned))) factor = "recovery";
  if (factor) await attempt.succeeded();
  return factor;
}
