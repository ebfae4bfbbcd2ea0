/** Turning two-step sign-in on and off from the account page. */

import { site } from "../../../content/site";
import { recordAudit } from "../../../server/admin/audit.ts";
import { disableTotp, enableTotp, setTotpSecret } from "../../../server/admin/operators.ts";
import { qrSvg } from "../../../server/admin/qr.ts";
import { newRecoveryCodes, remainingRecoveryCodes, replaceRecoveryCodes } from "../../../server/admin/recovery-codes.ts";
import { type ActiveSession, endAllSessions } from "../../../server/admin/sessions.ts";
import { newTotpSecret, otpauthUri } from "../../../server/admin/totp.ts";
import type { Database } from "../../../server/db/database.ts";
import { encryptionKey, openSecret, sealSecret } from "../../access/secrets.server";
import { acceptTotp, verifyFactor } from "../second-factor.server";

export interface TwoFactorState {
  enabledAt: string | null;
  recoveryCodesLeft: number;
  /** While setting up: the QR code and the key to type by hand. */
  setup: { qr: string; secret: string } | null;
  keyMissing: boolean;
}

export async function twoFactorState(db: Database, { operator }: ActiveSession, qrLabel: string): Promise<TwoFactorState> {
  const keyMissing = !encryptionKey();
  if (operator.totp_enabled_at) {
    return {
      enabledAt: operator.totp_enabled_at,
      recoveryCodesLeft: await remainingRecoveryCodes(db, operator.id),
      setup: null,
      keyMissing,
    };
  }
  if (!operator.totp_secret || keyMissing) return { enabledAt: null, recoveryCodesLeft: 0, setup: null, keyMissing };
  const secret = openSecret(operator.totp_secret);
  const uri = otpauthUri({ secret, account: operator.email, issuer: site.brand.name });
  return {
    enabledAt: null,
    recoveryCodesLeft: 0,
    setup: { qr: await qrSvg(uri, qrLabel), secret: secret.replace(/(.{4})/g, "$1 ").trim() },
    keyMissing,
  };
}

/** A fresh secret, kept sealed until a code proves the app has it. */
export async function startSetup(db: Database, { operator }: ActiveSession): Promise<void> {
  await setTotpSecret(db, operator.id, sealSecret(newTotpSecret()));
}

/**
 * Turns it on when the code matches the secret being set up; gives the recovery codes to show once. Every
 * other session of the operator ends: one opened with the password alone (perhaps by whoever made them set
 * up a second factor) must not outlive it.
 */
export async function confirmSetup(
  db: Database,
  { operator, session }: ActiveSession,
  code: string,
  address: string,
): Promise<string[] | null> {
  if (!(await acceptTotp(db, operator, code.replace(/\s/g, "")))) return null;
  if (!(await enableTotp(db, operator.id))) return null;
  const codes = newRecoveryCodes();
  await replaceRecoveryCodes(db, operator.id, codes);
  const endedSessions = await endAllSessions(db, operator.id, new Date(), session.id);
  await recordAudit(db, {
    operatorId: operator.id,
    operatorEmail: operator.email,
    action: "2fa-enabled",
    address,
    details: { endedSessions },
  });
  return codes;
}

/**
 * Turns it off, with a current code or a recovery code as proof that the operator still has their factor;
 * the code is counted against the sign-in limits like any other, so a stolen session cannot guess it.
 */
export async function disable(
  db: Database,
  { operator }: ActiveSession,
  code: string,
  address: string,
): Promise<"disabled" | "failed" | "blocked"> {
  const factor = await verifyFactor(db, operator, code, address);
  if (factor === "blocked") return "blocked";
  if (!factor) return "failed";
  await disableTotp(db, operator.id);
  await recordAudit(db, { operatorId: operator.id, operatorEmail: operator.email, action: "2fa-disabled", address });
  return "disabled";
}
