/**
 * The signed links of the renewal reminders: "renew" (back to the checkout with the last order's plan and
 * details, for 30 days) and "no more reminders" (for good). Signed rather than stored, so no table grows
 * with every mail; the key is derived from ACCESS_ENCRYPTION_KEY, never the key itself, so a link can
 * reveal nothing about what seals access details. Format: `base64url(JSON payload) . base64url(HMAC-SHA256)`.
 */
import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { parseEncryptionKey } from "../../server/admin/secret-box.ts";
import { serverConfig } from "../../server/config.ts";
import { normalizeEmail } from "../../server/db/repositories.ts";

export const RENEWAL_LINK_DAYS = 30;
const dayMs = 24 * 60 * 60_000;
/** Far longer than any link this file makes, and short enough that a forged giant costs nothing to refuse. */
const maxTokenLength = 1000;

/** What each MAC also covers, so a link of one kind can never be passed off as the other. */
type Purpose = "renew" | "opt-out";

let configured: Buffer | undefined;

export function deriveLinkKey(encryptionKey: Buffer): Buffer {
  return Buffer.from(hkdfSync("sha256", encryptionKey, "", "renewal-links", 32));
}

/** The configured links key; undefined without ACCESS_ENCRYPTION_KEY (production refuses to start then). */
export function linkKey(): Buffer | undefined {
  const secret = serverConfig().ACCESS_ENCRYPTION_KEY;
  if (!secret) return undefined;
  configured ??= deriveLinkKey(parseEncryptionKey(secret));
  return configured;
}

function requireKey(key: Buffer | undefined): Buffer {
  if (!key) throw new Error("ACCESS_ENCRYPTION_KEY is not set: reminder links cannot be signed");
  return key;
}

const mac = (key: Buffer, purpose: Purpose, payload: string) => createHmac("sha256", key).update(`${purpose}.${payload}`).digest();

function sign(key: Buffer, purpose: Purpose, claims: object): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString("base64url");
  return `${payload}.${mac(key, purpose, payload).toString("base64url")}`;
}

/** Strict base64url: Node's decoder skips characters it does not know, which would let an altered token through. */
function decode(text: string): Buffer | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return undefined;
  const bytes = Buffer.from(text, "base64url");
  return bytes.toString("base64url") === text ? bytes : undefined;
}

/** The claims of a token this key signed for this purpose, or undefined for anything else. */
function verify(key: Buffer | undefined, purpose: Purpose, token: unknown): Record<string, unknown> | undefined {
  if (!key || typeof token !== "string" || token.length > maxTokenLength) return undefined;
  const parts = token.split(".");
  if (parts.length !== 2) return undefined;
  const [payload = "", signature = ""] = parts;
  const given = decode(signature);
  const expected = mac(key, purpose, payload);
  if (!given || given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const claims: unknown = JSON.parse(decode(payload)?.toString("utf8") ?? "");
    return typeof claims === "object" && claims !== null ? (claims as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

const isPositiveInteger = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;

/** The "renew" link's token for an order, valid for {@link RENEWAL_LINK_DAYS} days from `now`. */
export function renewalToken(orderId: number, now: Date = new Date(), key: Buffer | undefined = linkKey()): string {
  const expires = Math.floor((now.getTime() + RENEWAL_LINK_DAYS * dayMs) / 1000);
  return sign(requireKey(key), "renew", { o: orderId, e: expires });
}

export function readRenewalToken(
  token: unknown,
  now: Date = new Date(),
  key: Buffer | undefined = linkKey(),
): { orderId: number; expiresAt: Date } | undefined {
  const claims = verify(key, "renew", token);
  if (!claims || !isPositiveInteger(claims.o) || !isPositiveInteger(claims.e)) return undefined;
  if (claims.e * 1000 <= now.getTime()) return undefined;
  return { orderId: claims.o, expiresAt: new Date(claims.e * 1000) };
}

/** The "no more reminders" link's token: the address itself, signed, so it works for as long as mails do. */
export function optOutToken(email: string, key: Buffer | undefined = linkKey()): string {
  return sign(requireKey(key), "opt-out", { m: normalizeEmail(email) });
}

/** The (normalized) address an opt-out token was made for, or undefined. */
export function readOptOutToken(token: unknown, key: Buffer | undefined = linkKey()): string | undefined {
  const claims = verify(key, "opt-out", token);
  return typeof claims?.m === "string" && claims.m !== "" ? claims.m : undefined;
}
