import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testTargets } from "../../tests/support/databases.ts";
import { hashCustomerToken } from "./customer-sessions.ts";
import {
  checkSignInCode,
  codeMatches,
  liveSignInOfToken,
  normalizeCode,
  recordSignIn,
  renewSignInSecrets,
  spendSignInToken,
} from "./customer-sign-ins.ts";
import { migrateToLatest } from "./database.ts";

const T0 = new Date("2026-03-01T09:30:00.000Z");
const later = (ms: number) => new Date(T0.getTime() + ms);
const minute = 60_000;
let counter = 0;
const someone = () => `Someone.${++counter}.${Math.random().toString(36).slice(2, 8)}@Example.com`;
/** A code that is not `code`. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe("sign-in codes, pure", () => {
  it("are six digits, spaces and dashes between them allowed", () => {
    expect(normalizeCode(" 123 456 ")).toBe("123456");
    expect(normalizeCode("123-456")).toBe("123456");
    expect(normalizeCode("12345")).toBeUndefined();
    expect(normalizeCode("12345a")).toBeUndefined();
    expect(normalizeCode("1234567")).toBeUndefined();
  });

  it("compare against the salted hash, and a damaged hash matches nothing", () => {
    expect(codeMatches("ab.", "123456")).toBe(false);
    expect(codeMatches("", "123456")).toBe(false);
  });
});

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`customer sign-ins on ${target.dialect}`, () => {
    let handle: TestDatabase;
    beforeAll(async () => {
      handle = await createTestDatabase(target.dialect);
      await migrateToLatest(handle.db, target.dialect);
    });
    afterAll(async () => {
      await handle?.cleanup();
    });

    it("store the token and the code hashed, never as typed", async () => {
      const { signIn, secrets } = await recordSignIn(handle.db, { email: someone(), language: "fr" }, T0);
      expect(signIn.token_hash).toBe(hashCustomerToken(secrets.token));
      expect(secrets.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(secrets.code).toMatch(/^\d{6}$/);
      expect(JSON.stringify(signIn)).not.toContain(secrets.token);
      expect(signIn.code_hash).not.toContain(secrets.code);
      expect(codeMatches(signIn.code_hash, secrets.code)).toBe(true);
      expect(codeMatches(signIn.code_hash, otherThan(secrets.code))).toBe(false);
      expect(signIn.email).toBe(signIn.email.toLowerCase());
      expect(signIn.expires_at).toBe(later(60 * minute).toISOString());
    });

    it("let the link sign in once, and then neither the link nor the code works", async () => {
      const email = someone();
      const { secrets } = await recordSignIn(handle.db, { email, language: "en" }, T0);
      expect(await liveSignInOfToken(handle.db, secrets.token, later(minute))).toBeDefined();
      expect((await spendSignInToken(handle.db, secrets.token, later(minute)))?.email).toBe(email.toLowerCase());
      expect(await spendSignInToken(handle.db, secrets.token, later(minute))).toBeUndefined();
      expect(await checkSignInCode(handle.db, { email }, secrets.code, later(minute))).toEqual({ result: "over" });
    });

    it("let the code sign in once, and then neither the code nor the link works", async () => {
      const email = someone();
      const { secrets } = await recordSignIn(handle.db, { email, language: "en" }, T0);
      const first = await checkSignInCode(handle.db, { email: email.toUpperCase() }, secrets.code, later(minute));
      expect(first.result).toBe("signed-in");
      expect(await checkSignInCode(handle.db, { email }, secrets.code, later(minute))).toEqual({ result: "over" });
      expect(await spendSignInToken(handle.db, secrets.token, later(minute))).toBeUndefined();
    });

    it("end the code after 15 minutes, and the link after an hour", async () => {
      const email = someone();
      const { secrets } = await recordSignIn(handle.db, { email, language: "en" }, T0);
      expect(await checkSignInCode(handle.db, { email }, secrets.code, later(15 * minute))).toEqual({ result: "over" });
      expect(await spendSignInToken(handle.db, secrets.token, later(60 * minute))).toBeUndefined();
      expect(await spendSignInToken(handle.db, secrets.token, later(60 * minute - 1))).toBeDefined();
      const other = someone();
      const second = await recordSignIn(handle.db, { email: other, language: "en" }, T0);
      expect(await checkSignInCode(handle.db, { email: other }, second.secrets.code, later(15 * minute - 1))).toMatchObject({
        result: "signed-in",
      });
    });

    it("count wrong codes and void the code at the fifth, even the right one", async () => {
      const email = someone();
      const { secrets } = await recordSignIn(handle.db, { email, language: "en" }, T0);
      const wrong = otherThan(secrets.code);
      const answers = [];
      for (let attempt = 0; attempt < 5; attempt++) answers.push(await checkSignInCode(handle.db, { email }, wrong, later(minute)));
      expect(answers).toEqual([
        { result: "wrong", triesLeft: 4 },
        { result: "wrong", triesLeft: 3 },
        { result: "wrong", triesLeft: 2 },
        { result: "wrong", triesLeft: 1 },
        { result: "void" },
      ]);
      expect(await checkSignInCode(handle.db, { email }, secrets.code, later(minute))).toEqual({ result: "void" });
    });

    it("compare at most five guesses sent at once through two handles (two servers)", async () => {
      const email = someone();
      const { secrets } = await recordSignIn(handle.db, { email, language: "en" }, T0);
      const other = handle.openAnother();
      const guesses = Array.from({ length: 12 }, (_, index) =>
        checkSignInCode(index % 2 ? other : handle.db, { email }, otherThan(secrets.code), later(minute)),
      );
      const results = (await Promise.all(guesses)).map((check) => check.result);
      expect(results.filter((result) => result === "wrong")).toHaveLength(4);
      expect(results.filter((result) => result === "void").length).toBeGreaterThanOrEqual(1);
      expect(await checkSignInCode(handle.db, { email }, secrets.code, later(minute))).toEqual({ result: "void" });
    });

    it("let one of two servers use the same link at the same moment, not both", async () => {
      const { secrets } = await recordSignIn(handle.db, { email: someone(), language: "en" }, T0);
      const both = await Promise.all([handle.db, handle.openAnother()].map((db) => spendSignInToken(db, secrets.token, later(minute))));
      expect(both.filter(Boolean)).toHaveLength(1);
    });

    it("replace the recorded secrets with new ones, once", async () => {
      const email = someone();
      const second = await recordSignIn(handle.db, { email, language: "en" }, later(minute));
      const renewed = await renewSignInSecrets(handle.db, second.signIn.id, later(2 * minute));
      expect(renewed).toBeDefined();
      expect(await liveSignInOfToken(handle.db, second.secrets.token, later(2 * minute))).toBeUndefined();
      expect(await checkSignInCode(handle.db, { email }, renewed?.code ?? "", later(2 * minute))).toMatchObject({ result: "signed-in" });
      expect(await renewSignInSecrets(handle.db, second.signIn.id, later(3 * minute))).toBeUndefined();
    });

    it("give an address at most ten wrong codes a day across its sign-ins, then refuse even the right code", async () => {
      const email = someone();
      const guesses = [];
      for (let mail = 0; mail < 3; mail++) {
        const { secrets } = await recordSignIn(handle.db, { email, language: "en" }, later(mail * 20 * minute));
        for (let guess = 0; guess < 4; guess++) {
          guesses.push((await checkSignInCode(handle.db, { email }, otherThan(secrets.code), later(mail * 20 * minute + minute))).result);
        }
      }
      expect(guesses.filter((result) => result === "wrong")).toHaveLength(9);
      expect(guesses.slice(9)).toEqual(["locked", "locked", "locked"]);
      const { secrets } = await recordSignIn(handle.db, { email, language: "en" }, later(3 * 60 * minute));
      expect(await checkSignInCode(handle.db, { email }, secrets.code, later(3 * 60 * minute + minute))).toEqual({ result: "locked" });
      // The link still signs in, and the next day the code works again.
      expect(await spendSignInToken(handle.db, secrets.token, later(3 * 60 * minute + minute))).toBeDefined();
      const tomorrow = new Date("2026-03-02T08:00:00.000Z");
      const next = await recordSignIn(handle.db, { email, language: "en" }, tomorrow);
      expect(await checkSignInCode(handle.db, { email }, next.secrets.code, new Date(tomorrow.getTime() + minute))).toMatchObject({
        result: "signed-in",
      });
    });

    it("keep the link working whatever wrong codes are typed against its sign-in", async () => {
      const email = someone();
      const { secrets } = await recordSignIn(handle.db, { email, language: "en" }, T0);
      for (let guess = 0; guess < 6; guess++) await checkSignInCode(handle.db, { email }, otherThan(secrets.code), later(minute));
      expect(await checkSignInCode(handle.db, { email }, secrets.code, later(minute))).toEqual({ result: "void" });
      expect(await liveSignInOfToken(handle.db, secrets.token, later(2 * minute))).toBeDefined();
      expect((await spendSignInToken(handle.db, secrets.token, later(2 * minute)))?.email).toBe(email.toLowerCase());
    });

    it("keep an earlier mail's link working after a newer request, for an hour; only the newest code counts", async () => {
      const email = someone();
      const first = await recordSignIn(handle.db, { email, language: "en" }, T0);
      const second = await recordSignIn(handle.db, { email, language: "en" }, later(minute));
      expect(await checkSignInCode(handle.db, { email }, first.secrets.code, later(2 * minute))).toMatchObject({
        result: first.secrets.code === second.secrets.code ? "signed-in" : "wrong",
      });
      expect(await liveSignInOfToken(handle.db, first.secrets.token, later(60 * minute - 1))).toBeDefined();
      expect(await liveSignInOfToken(handle.db, first.secrets.token, later(60 * minute))).toBeUndefined();
      expect(await spendSignInToken(handle.db, second.secrets.token, later(60 * minute))).toBeDefined();
    });

    it("keep a session's step-up codes apart from the address's sign-ins", async () => {
      const email = someone();
      const signIn = await recordSignIn(handle.db, { email, language: "en" }, T0);
      const stepUp = await recordSignIn(handle.db, { email, language: "en", sessionId: 4242 }, T0);
      expect(await checkSignInCode(handle.db, { sessionId: 4242 }, signIn.secrets.code, later(minute))).toMatchObject({
        result: signIn.secrets.code === stepUp.secrets.code ? "signed-in" : "wrong",
      });
      expect(await liveSignInOfToken(handle.db, stepUp.secrets.token, later(minute))).toBeUndefined();
      expect(await checkSignInCode(handle.db, { email }, signIn.secrets.code, later(minute))).toMatchObject({ result: "signed-in" });
    });
  });
}
