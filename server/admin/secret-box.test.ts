import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { open, parseEncryptionKey, seal } from "./secret-box.ts";

const key = randomBytes(32);
const B64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

describe("encryption keys", () => {
  it("are read from 64 hex characters or base64 of 32 bytes", () => {
    const bytes = randomBytes(32);
    expect(parseEncryptionKey(bytes.toString("hex"))).toEqual(bytes);
    expect(parseEncryptionKey(bytes.toString("hex").toUpperCase())).toEqual(bytes);
    expect(parseEncryptionKey(` ${bytes.toString("base64")}\n`)).toEqual(bytes);
    expect(parseEncryptionKey(bytes.toString("base64url"))).toEqual(bytes);
  });

  it("refuse anything else with a message that does not repeat the key", () => {
    const wrong = [
      "",
      "secret",
      randomBytes(31).toString("hex"),
      `${randomBytes(32).toString("hex")}00`,
      randomBytes(16).toString("base64"),
      randomBytes(33).toString("base64"),
      `${randomBytes(32).toString("hex").slice(0, 63)}g`,
    ];
    for (const text of wrong) {
      expect(() => parseEncryptionKey(text)).toThrow(/64 hexadecimal characters or as base64/);
      try {
        parseEncryptionKey(text);
      } catch (error) {
        if (text) expect((error as Error).message).not.toContain(text);
      }
    }
  });
});

describe("sealed values", () => {
  it("round-trip any text, and differ each time", () => {
    for (const text of ["", "user: ana / password: hunter2", "Zürich 🎬 ñ 日本語", "x".repeat(10_000)]) {
      const sealed = seal(key, text);
      expect(sealed).toMatch(/^v1\.[\w-]{16}\.[\w-]{22}\.[\w-]*$/);
      expect(sealed).not.toContain("hunter2");
      expect(open(key, sealed)).toBe(text);
    }
    expect(seal(key, "same text")).not.toBe(seal(key, "same text"));
  });

  it("refuse any change to any character", () => {
    const sealed = seal(key, "access: ana@example.com / s3cret");
    for (let index = 0; index < sealed.length; index++) {
      const original = sealed[index] ?? "";
      const replacement = B64URL[(B64URL.indexOf(original) + 1) % B64URL.length] ?? "A";
      const altered = `${sealed.slice(0, index)}${replacement}${sealed.slice(index + 1)}`;
      expect(() => open(key, altered), `character ${index}`).toThrow();
    }
    const [version, iv, tag, ciphertext] = sealed.split(".");
    expect(() => open(key, `${version}.${iv}.${tag}.${ciphertext}A`)).toThrow();
    expect(() => open(key, `${version}.${iv}.${tag}`)).toThrow(/malformed/);
    expect(() => open(key, `${version}.${iv}.${tag}.${ciphertext}.x`)).toThrow(/malformed/);
    expect(() => open(key, `${version}.${tag}.${iv}.${ciphertext}`)).toThrow();
    expect(() => open(key, "")).toThrow(/malformed/);
  });

  it("cannot be opened with another key", () => {
    const sealed = seal(key, "secret");
    expect(() => open(randomBytes(32), sealed)).toThrow(/wrong key, or it was altered/);
    expect(() => open(randomBytes(16), sealed)).toThrow(/32 bytes/);
    expect(() => seal(randomBytes(16), "secret")).toThrow(/32 bytes/);
  });
});
