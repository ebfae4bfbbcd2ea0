/**
 * Operators' passwords: scrypt from node:crypto, stored self-describing
 * (`scrypt$<N>$<r>$<p>$<salt b64>$<hash b64>`) so the cost can be raised later without breaking old hashes.
 */
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";

const COST = { N: 2 ** 15, r: 8, p: 1 } as const;
const SALT_BYTES = 16;
const KEY_BYTES = 64;

export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 1024;

// Bounds on what a stored value may ask for: a corrupted or planted row must not make a sign-in burn gigabytes.
const MAX_N = 2 ** 20;
const MAX_R = 32;
const MAX_P = 16;

function deriveKey(password: string, salt: Buffer, cost: { N: number; r: number; p: number }, keyBytes: number): Promise<Buffer> {
  // scrypt needs 128·N·r bytes; Node's default limit (32 MiB) is exactly that for N = 2^15, r = 8, and
  // OpenSSL's own overhead then tips it over, so the limit is given explicitly with room to spare.
  const options: ScryptOptions = { ...cost, maxmem: 256 * cost.N * cost.r + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFC"), salt, keyBytes, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await deriveKey(password, salt, COST, KEY_BYTES);
  return ["scrypt", COST.N, COST.r, COST.p, salt.toString("base64"), key.toString("base64")].join("$");
}

interface StoredHash {
  cost: { N: number; r: number; p: number };
  salt: Buffer;
  key: Buffer;
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

function parseStored(stored: string): StoredHash | null {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return null;
  const [N, r, p] = parts.slice(1, 4).map((part) => (/^\d{1,9}$/.test(part ?? "") ? Number(part) : Number.NaN));
  const [salt, key] = parts.slice(4);
  if (N === undefined || r === undefined || p === undefined || salt === undefined || key === undefined) return null;
  if (!(N > 1 && N <= MAX_N && (N & (N - 1)) === 0 && r >= 1 && r <= MAX_R && p >= 1 && p <= MAX_P)) return null;
  if (!BASE64.test(salt) || !BASE64.test(key)) return null;
  const parsed = { cost: { N, r, p }, salt: Buffer.from(salt, "base64"), key: Buffer.from(key, "base64") };
  if (parsed.salt.length < 8 || parsed.key.length < 16 || parsed.key.length > 256) return null;
  return parsed;
}

/** Whether `password` matches `stored`; false (never an exception) for a value this module did not write. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseStored(stored);
  if (!parsed) return false;
  try {
    const key = await deriveKey(password, parsed.salt, parsed.cost, parsed.key.length);
    return timingSafeEqual(key, parsed.key);
  } catch {
    return false;
  }
}

/** Why a new password is refused, as a sentence for the command line; null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  // Code points, not UTF-16 units: an emoji is one character to the person typing it.
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) return `The password must have at least ${MIN_PASSWORD_LENGTH} characters (it has ${length}).`;
  if (length > MAX_PASSWORD_LENGTH) return `The password must have at most ${MAX_PASSWORD_LENGTH} characters.`;
  return null;
}
