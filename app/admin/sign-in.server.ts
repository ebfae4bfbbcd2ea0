/**
 * Signing in to the console: a password, then, when the operator has one, a second factor (a TOTP code or a
 * recovery code). Failures count against the account and the address (`signInFailures`); every attempt is
 * in the audit log.
 */
import { recordAudit } from "../../server/admin/audit.ts";
import { findOperatorByEmail, normalizeOperatorEmail } from "../../server/admin/operators.ts";
import { hashPassword, verifyPassword } from "../../server/admin/passwords.ts";
import { redeemRecoveryCode } from "../../server/admin/recovery-codes.ts";
import { type ActiveSession, createSession, verifySession } from "../../server/admin/sessions.ts";
import { verifyTotp } from "../../server/admin/totp.ts";
import type { Database } from "../../server/db/database.ts";
import { countAttempt } from "../../server/db/rate-limits.ts";
import { signInFailures } from "../rate-limit.server";
import { openSecret } from "./secrets.server";

/** Compared against when the e-mail is unknown, so a wrong address takes as long as a wrong password. */
const decoyHash = hashPassword("a decoy password nobody has");

export type PasswordOutcome = { kind: "blocked" } | { kind: "failed" } | { kind: "signed-in"; token: string; secondFactorDue: boolean };

export async function signInWithPassword(
  db: Database,
  input: { email: string; password: string; address: string },
): Promise<PasswordOutcome> {
  const email = normalizeOperatorEmail(input.email);
  const who = { address: input.address, email };
  if (await signInFailures.isBlocked(db, who)) {
    await recordAudit(db, { operatorId: null, operatorEmail: email, action: "sign-in-blocked", address: input.address });
    return { kind: "blocked" };
  }
  const operator = await findOperatorByEmail(db, email);
  const valid = await verifyPassword(input.password, operator?.password_hash ?? (await decoyHash));
  if (!operator || !valid) {
    await signInFailures.record(db, who);
    await recordAudit(db, { operatorId: operator?.id ?? null, operatorEmail: email, action: "sign-in-failed", address: input.address });
    return { kind: "failed" };
  }
  const secondFactorDue = operator.totp_enabled_at !== null;
  const token = await createSession(db, { operatorId: operator.id, address: input.address, verified: !secondFactorDue });
  if (!secondFactorDue) await recordAudit(db, { operatorId: operator.id, operatorEmail: email, action: "sign-in", address: input.address });
  return { kind: "signed-in", token, secondFactorDue };
}

/** A code that matches a TOTP step already used by this operator is refused: a code works once. */
async function freshStep(db: Database, operatorId: number, step: number): Promise<boolean> {
  return (await countAttempt(db, `totp-step:${operatorId}:${step}`, { windowMs: 5 * 60_000 })) === 1;
}

export type CodeOutcome = "verified" | "failed" | "blocked";

/** The second step: a current TOTP code, or one of the recovery codes (each works once). */
export async function verifySecondFactor(db: Database, active: ActiveSession, code: string, address: string): Promise<CodeOutcome> {
  const { operator, session } = active;
  const who = { address, email: operator.email };
  if (await signInFailures.isBlocked(db, who)) return "blocked";
  const cleaned = code.replace(/\s/g, "");
  let via: "totp" | "recovery" | undefined;
  if (/^\d{6}$/.test(cleaned) && operator.totp_secret) {
    const step = verifyTotp(openSecret(operator.totp_secret), cleaned, new Date());
    if (step !== null && (await freshStep(db, operator.id, step))) via = "totp";
  } else if (cleaned.length >= 12 && (await redeemRecoveryCode(db, operator.id, cleaned))) {
    via = "recovery";
  }
  if (!via) {
    await signInFailures.record(db, who);
    await recordAudit(db, {
      operatorId: operator.id,
      operatorEmail: operator.email,
      action: "sign-in-failed",
      address,
      details: { step: "second factor" },
    });
    return "failed";
  }
  await verifySession(db, session.id);
  await recordAudit(db, {
    operatorId: operator.id,
    operatorEmail: operator.email,
    action: "sign-in",
    address,
    details: { secondFactor: via },
  });
  return "verified";
}
