import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testTargets } from "../../tests/support/databases.ts";
import { migrateToLatest } from "../db/database.ts";
import {
  createOperator,
  disableTotp,
  enableTotp,
  findOperatorByEmail,
  findOperatorById,
  isOperatorEmail,
  listOperators,
  normalizeOperatorEmail,
  removeOperator,
  setOperatorPassword,
  setTotpSecret,
} from "./operators.ts";
import { newRecoveryCodes, remainingRecoveryCodes, replaceRecoveryCodes } from "./recovery-codes.ts";

const T0 = new Date("2026-03-01T09:30:00.000Z");
const later = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const uniqueEmail = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.com`;

describe("operator addresses", () => {
  it("are trimmed and lower-cased, and must look like addresses", () => {
    expect(normalizeOperatorEmail("  Ana@Example.COM ")).toBe("ana@example.com");
    for (const good of ["ana@example.com", " Ana.Lopez+ops@shop.example.co.uk "]) expect(isOperatorEmail(good)).toBe(true);
    for (const bad of [
      "",
      "ana",
      "ana@",
      "@example.com",
      "ana@example",
      "ana@@example.com",
      "ana lopez@example.com",
      "<ana@example.com>",
      "ana@example.",
    ]) {
      expect(isOperatorEmail(bad), bad).toBe(false);
    }
    expect(isOperatorEmail(`${"a".repeat(250)}@example.com`)).toBe(false);
  });
});

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`operators on ${target.dialect}`, () => {
    let handle: TestDatabase;
    beforeAll(async () => {
      handle = await createTestDatabase(target.dialect);
      await migrateToLatest(handle.db, target.dialect);
    });
    afterAll(async () => {
      await handle?.cleanup();
    });

    const addSession = (operatorId: number, verifiedAt: Date | null, at: Date = T0) =>
      handle.db
        .insertInto("operator_sessions")
        .values({
          operator_id: operatorId,
          token_hash: randomUUID(),
          verified_at: verifiedAt?.toISOString() ?? null,
          address: "203.0.113.7",
          last_seen_at: at.toISOString(),
          expires_at: later(720).toISOString(),
          ended_at: null,
          created_at: at.toISOString(),
          updated_at: at.toISOString(),
        })
        .execute();
    const sessionsOf = (operatorId: number) =>
      handle.db.selectFrom("operator_sessions").selectAll().where("operator_id", "=", operatorId).execute();

    it("are created once per address, whatever its case", async () => {
      const email = uniqueEmail("Ana");
      const operator = await createOperator(handle.db, ` ${email.toUpperCase()} `, "scrypt$first", T0);
      expect(operator).toMatchObject({
        email: email.toLowerCase(),
        password_hash: "scrypt$first",
        totp_secret: null,
        totp_enabled_at: null,
      });
      expect(operator.created_at).toBe(T0.toISOString());
      await expect(createOperator(handle.db, email, "scrypt$second")).rejects.toThrow("An operator with this e-mail already exists");
      expect(await findOperatorByEmail(handle.db, email.toUpperCase())).toEqual(operator);
      expect(await findOperatorById(handle.db, operator.id)).toEqual(operator);
      expect(await findOperatorByEmail(handle.db, uniqueEmail("nobody"))).toBeUndefined();
      expect(await findOperatorById(handle.db, 999_999)).toBeUndefined();
    });

    it("are listed by address with their second factor and last sign-in, without secrets", async () => {
      const zed = await createOperator(handle.db, uniqueEmail("zz-list"), "scrypt$zed", T0);
      const amy = await createOperator(handle.db, uniqueEmail("aa-list"), "scrypt$amy", T0);
      await addSession(amy.id, later(5));
      await addSession(amy.id, later(30));
      await addSession(amy.id, null, later(60));
      await setTotpSecret(handle.db, amy.id, "v1.sealed", T0);
      await enableTotp(handle.db, amy.id, T0);
      const listed = (await listOperators(handle.db)).filter((entry) => entry.email.includes("-list-"));
      expect(listed).toEqual([
        { id: amy.id, email: amy.email, createdAt: T0.toISOString(), totpEnabled: true, lastSignInAt: later(30).toISOString() },
        { id: zed.id, email: zed.email, createdAt: T0.toISOString(), totpEnabled: false, lastSignInAt: null },
      ]);
      expect(JSON.stringify(listed)).not.toMatch(/scrypt|sealed/);
    });

    it("get a new password that ends every session", async () => {
      const ana = await createOperator(handle.db, uniqueEmail("pw"), "scrypt$old", T0);
      await addSession(ana.id, T0);
      await addSession(ana.id, null);
      expect(await setOperatorPassword(handle.db, ana.email.toUpperCase(), "scrypt$new", later(1))).toBe(true);
      expect((await findOperatorById(handle.db, ana.id))?.password_hash).toBe("scrypt$new");
      expect((await sessionsOf(ana.id)).map((session) => session.ended_at)).toEqual([later(1).toISOString(), later(1).toISOString()]);
      expect(await setOperatorPassword(handle.db, uniqueEmail("nobody"), "scrypt$new")).toBe(false);
    });

    it("are removed with their sessions and recovery codes", async () => {
      const ana = await createOperator(handle.db, uniqueEmail("rm"), "scrypt$x", T0);
      const bob = await createOperator(handle.db, uniqueEmail("keep"), "scrypt$x", T0);
      for (const operator of [ana, bob]) {
        await addSession(operator.id, T0);
        await replaceRecoveryCodes(handle.db, operator.id, newRecoveryCodes(2), T0);
      }
      expect(await removeOperator(handle.db, ana.email)).toBe(true);
      expect(await removeOperator(handle.db, ana.email)).toBe(false);
      expect(await findOperatorById(handle.db, ana.id)).toBeUndefined();
      expect(await sessionsOf(ana.id)).toEqual([]);
      expect(await remainingRecoveryCodes(handle.db, ana.id)).toBe(0);
      expect(await sessionsOf(bob.id)).toHaveLength(1);
      expect(await remainingRecoveryCodes(handle.db, bob.id)).toBe(2);
    });

    it("set up, enable and disable a second factor", async () => {
      const ana = await createOperator(handle.db, uniqueEmail("totp"), "scrypt$x", T0);
      expect(await enableTotp(handle.db, ana.id, T0)).toBe(false);
      expect(await setTotpSecret(handle.db, ana.id, "v1.first", T0)).toBe(true);
      expect(await setTotpSecret(handle.db, ana.id, "v1.second", T0)).toBe(true);
      expect(await enableTotp(handle.db, ana.id, later(1))).toBe(true);
      expect(await enableTotp(handle.db, ana.id, later(2))).toBe(false);
      expect(await findOperatorById(handle.db, ana.id)).toMatchObject({
        totp_secret: "v1.second",
        totp_enabled_at: later(1).toISOString(),
      });
      // An enabled authenticator is not swapped by a new set-up.
      expect(await setTotpSecret(handle.db, ana.id, "v1.third", later(3))).toBe(false);
      await replaceRecoveryCodes(handle.db, ana.id, newRecoveryCodes(), later(1));
      await disableTotp(handle.db, ana.id, later(4));
      expect(await findOperatorById(handle.db, ana.id)).toMatchObject({
        totp_secret: null,
        totp_enabled_at: null,
        updated_at: later(4).toISOString(),
      });
      expect(await remainingRecoveryCodes(handle.db, ana.id)).toBe(0);
      expect(await setTotpSecret(handle.db, ana.id, null, later(5))).toBe(true);
    });
  });
}
