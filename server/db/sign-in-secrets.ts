/**
 * The secrets of a sign-in (customer-sign-ins.ts) and how they are stored: a 256-bit link token kept as its
 * SHA-256, and a 6-digit code kept as a random salt and the SHA-256 of both. Why the salt and not more: the
 * five-try limit is what protects a code (docs/decisions/0018-passwordless-account-sign-in.md).
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { hashCustomerToken } from "./customer-sessions.ts";

export interface SignInSecrets {
  token: string;
  code: string;
}

export function newSecrets(): SignInSecrets {
  return { token: randomBytes(32).toString("base64url"), code: String(randomInt(0, 1_000_000)).padStart(6, "0") };
}

const codeDigest = (salt: string, code: string) => createHash("sha256").update(`${salt}.${code}`).digest("hex");

/** The stored form of a code: a random salt per sign-in and the hash of both (see the decision record). */
function hashCode(code: string): string {
  const salt = randomBytes(16).toString("hex");
  return `${salt}.${codeDigest(salt, code)}`;
}

/** Whether `code` is the one `stored` was made from, compared in constant time. */
export function codeMatches(stored: string, code: string): boolean {
  const [salt = "", digest = ""] = stored.split(".");
  const expected = Buffer.from(digest, "hex");
  const given = Buffer.from(codeDigest(salt, code), "hex");
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Six digits, whatever spaces or dashes were typed between them; undefined for anything else. */
export function normalizeCode(value: string): string | undefined {
  const digits = value.replace(/[\s-]/g, "");
  return /^\d{6}$/.test(digits) ? digits : undefined;
}

export const hashedSecrets = (secrets: SignInSecrets) => ({
  token_hash: hashCustomerToken(secrets.token),
  code_hash: hashCode(secrets.code),
});
