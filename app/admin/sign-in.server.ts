/**
 * Signing in to the console: a password, then, when the operator has one, a second factor (a TOTP code or a
 * recovery code). Every attempt is counted before it is checked (`signInAttempts`), so a burst sent at once
 * is held to the limit; every attempt is in the audit log.
 */
import { recordAudit } from "../../server/admin/audit.ts";
import { findOperatorByEmail, normalizeOperatorEmail } from "../../server/admin/operators.ts";
import { hashPassword, verifyPassword } from "../../server/admin/passwords.ts";
import { type ActiveSession, createSession, verifySession } from "../../server/admin/sessions.ts";
import type { Database } from "../../server/db/database.ts";
import { signInAttempts } from "../rate-limit.server";
import { type SecondFactor, verifyFactor } from "./second-factor.server";

/** Compared against when the e-mail is unknown, so a wrong address takes as long as a wrong password. */
const decoyHash = hashPassword("a decoy password nobody has");

export type PasswordOutcome = { kind: "blocked" } | { kind: "failed" } | { kind: "signed-in"; token: string; secondFactorDue: boolean };

export async function signInWithPassword(
  db: Database,
  input: { email: string; password: string; address: string },
): Promise<PasswordOutcome> {
  const email = normalizeOperatorEmail(input.email);
  const attempt = await signInAttempts.begin(db, { address: input.address, email });
  if (!attempt.allowed) {
    await recordAudit(db, { operatorId: null, operatorEmail: email, action: "sign-in-blocked", address: input.address });
    return { kind: "blocked" };
  }
  const operator = await findOperatorByEmail(db, email);
  const valid = await verifyPassword(input.password, operator?.password_hash ?? (await decoyHash));
  if (!operator || !valid) {
    await recordAudit(db, { operatorId: operator?.id ?? null, operatorEmail: email, action: "sign-in-failed", address: input.address });
    return { kind: "failed" };
  }
  await attempt.succeeded();
  const secondFactorDue = operator.totp_enabled_at !== null;
  const token = await createSession(db, { operatorId: operator.id, address: input.address, verified: !secondFactorDue });
  if (!secondFactorDue) await recordAudit(db, { operatorId: operator.id, operatorEmail: email, action: "sign-in", address: input.address });
  return { kind: "signed-in", token, secondFactorDue };
}

export type CodeOutcome = { kind: "verified"; token: string } | { kind: "failed" } | { kind: "blocked" };

/**
 * The second step: a current TOTP code, or one of the recovery codes (each works once). Once accepted, the
 * session is replaced by a verified one under a new token, for the caller to set as the cookie.
 */
export async function verifySecondFactor(db: Database, active: ActiveSession, code: string, address: string): Promise<CodeOutcome> {
  const { operator, session } = active;
  const factor: SecondFactor | "blocked" | undefined = await verifyFactor(db, operator, code, address);
  if (factor === "blocked") return { kind: "blocked" };
  const token = factor ? await verifySession(db, session) : undefined;
  if (!token) {
    const details = { step: "second factor" };
    await recordAudit(db, { operatorId: operator.id, operatorEmail: operator.email, action: "sign-in-failed", address, details });
    return { kind: "failed" };
  }
  await recordAudit(db, {
    operatorId: operator.id,
    operatorEmail: operator.email,
    action: "sign-in",
    address,
    details: { secondFactor: factor },
  });
  return { kind: "verified", token };
}
