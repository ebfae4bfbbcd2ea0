/**
 * Time-based one-time passwords (RFC 6238: HMAC-SHA1, 6 digits, 30-second steps), the kind every
 * authenticator app speaks, with secrets in RFC 4648 base32 as those apps expect them.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

const BASE32_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
const STEP_SECONDS = 30;
const DIGITS = 6;

/** RFC 4648 base32, without padding (authenticator apps and otpauth URIs leave it out). */
export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let text = "";
  for (const byte of bytes) {
    // Only the bits not yet written matter (at most 12), so the rest is masked off before it overflows.
    value = ((value << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      text += BASE32_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) text += BASE32_ALPHABET[(value << (5 - bits)) & 31];
  return text;
}

/** Decodes base32 as people copy it: any case, spaces and padding ignored. Throws on any other character. */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, "").toUpperCase();
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const character of clean) {
    const index = BASE32_ALPHABET.indexOf(character);
    if (index < 0) throw new Error("A TOTP secret must be base32 (letters A to Z and digits 2 to 7)");
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** A new secret: 160 random bits, the HMAC-SHA1 key size RFC 4226 recommends. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** The step counter at a time: what `verifyTotp` returns, for refusing a code already used. */
export function totpStep(at: Date): number {
  return Math.floor(at.getTime() / 1000 / STEP_SECONDS);
}

function codeAtStep(key: Buffer, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac("sha1", key).update(counter).digest();
  // RFC 4226 §5.3, dynamic truncation.
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const number = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(number % 10 ** DIGITS).padStart(DIGITS, "0");
}

export function totpCode(secret: string, at: Date): string {
  return codeAtStep(base32Decode(secret), totpStep(at));
}

/**
 * The step whose code `code` is, within `window` steps either side of `at` (clock drift, a slow typist);
 * null when none. The caller stores the step and refuses a code whose step is not newer than the last one.
 */
export function verifyTotp(secret: string, code: string, at: Date, { window = 1 }: { window?: number } = {}): number | null {
  const given = code.replace(/\s/g, "");
  if (!new RegExp(`^\\d{${DIGITS}}$`).test(given)) return null;
  const key = base32Decode(secret);
  const current = totpStep(at);
  let matched: number | null = null;
  // Every step in the window is computed and compared, so the time taken says nothing about which matched.
  for (let step = current - window; step <= current + window; step++) {
    if (step < 0) continue;
    const equal = timingSafeEqual(Buffer.from(codeAtStep(key, step)), Buffer.from(given));
    if (equal && matched === null) matched = step;
  }
  return matched;
}

/** The `otpauth://` URI an authenticator app reads from a QR code (Google's Key URI format). */
export function otpauthUri({ secret, account, issuer }: { secret: string; account: string; issuer: string }): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const parameters = [
    `secret=${encodeURIComponent(secret)}`,
    `issuer=${encodeURIComponent(issuer)}`,
    "algorithm=SHA1",
    `digits=${DIGITS}`,
    `period=${STEP_SECONDS}`,
  ];
  return `otpauth://totp/${label}?${parameters.join("&")}`;
}
