import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { deriveLinkKey, optOutToken, RENEWAL_LINK_DAYS, readOptOutToken, readRenewalToken, renewalToken } from "./links.server";

const key = deriveLinkKey(randomBytes(32));
const otherKey = deriveLinkKey(randomBytes(32));
const T0 = new Date("2026-03-01T09:30:00.000Z");
const days = (count: number) => new Date(T0.getTime() + count * 24 * 60 * 60_000);

/** The token with one character of `part` (0: payload, 1: signature) changed. */
function tampered(token: string, part: 0 | 1): string {
  const pieces = token.split(".");
  const piece = pieces[part] ?? "";
  pieces[part] = `${piece.slice(0, 5)}${piece[5] === "A" ? "B" : "A"}${piece.slice(6)}`;
  return pieces.join(".");
}

describe("renewal links", () => {
  it("carry the order for 30 days and no longer", () => {
    const token = renewalToken(42, T0, key);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(JSON.parse(Buffer.from(token.split(".")[0] ?? "", "base64url").toString())).toEqual({
      o: 42,
      e: days(RENEWAL_LINK_DAYS).getTime() / 1000,
    });
    expect(readRenewalToken(token, days(29.99), key)).toEqual({ orderId: 42, expiresAt: days(30) });
    expect(readRenewalToken(token, days(30), key)).toBeUndefined();
    expect(readRenewalToken(token, days(45), key)).toBeUndefined();
  });

  it("refuse a changed payload or signature, another key, and anything that is not a token", () => {
    const token = renewalToken(42, T0, key);
    expect(readRenewalToken(tampered(token, 0), T0, key)).toBeUndefined();
    expect(readRenewalToken(tampered(token, 1), T0, key)).toBeUndefined();
    expect(readRenewalToken(token, T0, otherKey)).toBeUndefined();
    expect(readRenewalToken(token, T0, undefined)).toBeUndefined();
    const forged = `${Buffer.from(JSON.stringify({ o: 43, e: 9_999_999_999 })).toString("base64url")}.${token.split(".")[1]}`;
    expect(readRenewalToken(forged, T0, key)).toBeUndefined();
    for (const junk of ["", ".", "abc", `${token}.x`, `${token}=`, token.replace(".", ".."), null, 42, "x".repeat(5000)]) {
      expect(readRenewalToken(junk, T0, key)).toBeUndefined();
    }
  });

  it("refuse a validly signed payload without an order", () => {
    const token = renewalToken(0, T0, key);
    expect(readRenewalToken(token, T0, key)).toBeUndefined();
  });

  it("cannot be made without a key", () => {
    expect(() => renewalToken(42, T0, undefined)).toThrow(/ACCESS_ENCRYPTION_KEY/);
  });
});

describe("opt-out links", () => {
  it("carry the normalized address, with no expiry", () => {
    const token = optOutToken("  Camille.Durand@Example.COM ", key);
    expect(readOptOutToken(token, key)).toBe("camille.durand@example.com");
  });

  it("refuse tampering and another key", () => {
    const token = optOutToken("camille@example.com", key);
    expect(readOptOutToken(tampered(token, 0), key)).toBeUndefined();
    expect(readOptOutToken(tampered(token, 1), key)).toBeUndefined();
    expect(readOptOutToken(token, otherKey)).toBeUndefined();
    expect(readOptOutToken("", key)).toBeUndefined();
  });

  it("are not interchangeable with renewal links", () => {
    const renewal = renewalToken(42, T0, key);
    const optOut = optOutToken("camille@example.com", key);
    expect(readOptOutToken(renewal, key)).toBeUndefined();
    expect(readRenewalToken(optOut, T0, key)).toBeUndefined();
  });
});
