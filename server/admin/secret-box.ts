/**
 * Secrets at rest (customers' access details, operators' TOTP secrets): AES-256-GCM, so a copy of the
 * database without the key reveals nothing and any change to a stored value is detected.
 * Format: `v1.<iv>.<tag>.<ciphertext>`, base64url, with a fresh 12-byte IV per value.
 */
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

const VERSION = "v1";
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A 32-byte key from 64 hex characters or base64 (standard or URL-safe) of 32 bytes. The key is never echoed. */
export function parseEncryptionKey(text: string): Buffer {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, "hex");
  const base64 = value.replace(/-/g, "+").replace(/_/g, "/").replace(/=$/, "");
  if (/^[A-Za-z0-9+/]{43}$/.test(base64)) {
    const key = Buffer.from(base64, "base64");
    // 43 characters carry 258 bits: re-encoding catches text whose last two bits are not the zeros a key gives.
    if (key.length === KEY_BYTES && key.toString("base64").replace(/=$/, "") === base64) return key;
  }
  throw new Error(
    "The encryption key must be 32 bytes written as 64 hexadecimal characters or as base64 (44 characters), e.g. the output of `openssl rand -hex 32`",
  );
}

function checkKey(key: Buffer): void {
  if (key.length !== KEY_BYTES) throw new Error(`The encryption key must be ${KEY_BYTES} bytes (got ${key.length})`);
}

export function seal(key: Buffer, plaintext: string): string {
  checkKey(key);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** Strict base64url: Node's decoder skips characters it does not know, which would let an altered value through. */
function decodePart(text: string): Buffer | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  const bytes = Buffer.from(text, "base64url");
  return bytes.toString("base64url") === text ? bytes : null;
}

/** The plaintext of a value `seal` made with this key; throws when the key is wrong or the value was altered. */
export function open(key: Buffer, sealed: string): string {
  checkKey(key);
  const parts = sealed.split(".");
  const [iv, tag, ciphertext] = parts.slice(1).map(decodePart);
  if (parts.length !== 4 || parts[0] !== VERSION || !iv || !tag || !ciphertext || iv.length !== IV_BYTES || tag.length !== TAG_BYTES) {
    throw new Error("The sealed value is malformed");
  }
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString("utf8");
  } catch {
    throw new Error("The sealed value cannot be opened: wrong key, or it was altered");
  }
}
