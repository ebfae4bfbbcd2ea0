import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { base32Decode, base32Encode, newTotpSecret, otpauthUri, totpCode, totpStep, verifyTotp } from "./totp.ts";

/** RFC 6238 appendix B's key, "12345678901234567890" in ASCII, in base32. */
const RFC_SECRET = base32Encode(Buffer.from("12345678901234567890", "ascii"));
const at = (seconds: number) => new Date(seconds * 1000);

describe("base32", () => {
  it("matches RFC 4648's test vectors, without padding", () => {
    const vectors = { "": "", f: "MY", fo: "MZXQ", foo: "MZXW6", foob: "MZXW6YQ", fooba: "MZXW6YTB", foobar: "MZXW6YTBOI" };
    for (const [plain, encoded] of Object.entries(vectors)) {
      expect(base32Encode(Buffer.from(plain))).toBe(encoded);
      expect(base32Decode(encoded).toString()).toBe(plain);
    }
    expect(RFC_SECRET).toBe("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
  });

  it("round-trips random bytes, and reads lower case, spaces and padding", () => {
    for (let length = 0; length < 40; length++) {
      const bytes = randomBytes(length);
      expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
    }
    expect(base32Decode("mzxw 6ytb oi======").toString()).toBe("foobar");
    expect(() => base32Decode("MZXW1")).toThrow(/base32/);
  });

  it("makes 160-bit secrets that differ every time", () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
    expect(newTotpSecret()).not.toBe(secret);
  });
});

describe("TOTP codes", () => {
  it("are the last six digits of RFC 6238's SHA-1 test vectors", () => {
    const vectors: [number, string][] = [
      [59, "94287082"],
      [1111111109, "07081804"],
      [1111111111, "14050471"],
      [1234567890, "89005924"],
      [2000000000, "69279037"],
      [20000000000, "65353130"],
    ];
    for (const [seconds, code] of vectors) expect(totpCode(RFC_SECRET, at(seconds))).toBe(code.slice(-6));
  });

  it("are accepted one step either side, returning the step they belong to", () => {
    const now = at(1111111111);
    const step = totpStep(now);
    expect(verifyTotp(RFC_SECRET, "050471", now)).toBe(step);
    expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, at(1111111111 - 30)), now)).toBe(step - 1);
    expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, at(1111111111 + 30)), now)).toBe(step + 1);
    expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, at(1111111111 - 60)), now)).toBeNull();
    expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, at(1111111111 - 60)), now, { window: 2 })).toBe(step - 2);
    expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, at(1111111111 + 30)), now, { window: 0 })).toBeNull();
  });

  it("ignore spaces, and refuse anything but six digits", () => {
    const now = at(1111111111);
    expect(verifyTotp(RFC_SECRET, " 050 471 ", now)).toBe(totpStep(now));
    for (const wrong of ["", "50471", "0504710", "05047a", "٠٥٠٤٧١", "050472", "14050471"]) {
      expect(verifyTotp(RFC_SECRET, wrong, now)).toBeNull();
    }
  });
});

describe("otpauth URIs", () => {
  it("carry the secret, issuer and parameters, encoded", () => {
    expect(otpauthUri({ secret: "JBSWY3DPEHPK3PXP", account: "ana@example.com", issuer: "NovaStream" })).toBe(
      "otpauth://totp/NovaStream:ana%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=NovaStream&algorithm=SHA1&digits=6&period=30",
    );
    const uri = otpauthUri({ secret: "JBSWY3DPEHPK3PXP", account: "a:b&c@example.com", issuer: "Nova Stream & Co" });
    expect(uri).toBe(
      "otpauth://totp/Nova%20Stream%20%26%20Co:a%3Ab%26c%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Nova%20Stream%20%26%20Co&algorithm=SHA1&digits=6&period=30",
    );
    expect(new URL(uri).searchParams.get("issuer")).toBe("Nova Stream & Co");
  });
});
