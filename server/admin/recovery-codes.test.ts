import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testTargets } from "../../tests/support/databases.ts";
import { migrateToLatest } from "../db/database.ts";
import { createOperator } from "./operators.ts";
import { hashRecoveryCode, newRecoveryCodes, redeemRecoveryCode, remainingRecoveryCodes, replaceRecoveryCodes } from "./recovery-codes.ts";

const T0 = new Date("2026-03-01T09:30:00.000Z");

describe("recovery codes", () => {
  it("are ten groups of Crockford base 32 by default, all different", () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(newRecoveryCodes(3)).toHaveLength(3);
  });

  it("hash the same however they are typed", () => {
    const hash = hashRecoveryCode("7KQ2-M9XP-4TZA");
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashRecoveryCode(" 7kq2 m9xp 4tza ")).toBe(hash);
    expect(hashRecoveryCode("7KQ2M9XP4TZA")).toBe(hash);
    expect(hashRecoveryCode("1O00-0000-0000")).toBe(hashRecoveryCode("lo00-0000-0000"));
    expect(hashRecoveryCode("7KQ2-M9XP-4TZB")).not.toBe(hash);
  });
});

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`recovery codes on ${target.dialect}`, () => {
    let handle: TestDatabase;
    beforeAll(async () => {
      handle = await createTestDatabase(target.dialect);
      await migrateToLatest(handle.db, target.dialect);
    });
    afterAll(async () => {
      await handle?.cleanup();
    });

    const newOperator = async () => (await createOperator(handle.db, `op-${randomUUID().slice(0, 8)}@example.com`, "scrypt$hash", T0)).id;

    it("work once each, only for their operator", async () => {
      const [ana, bob] = [await newOperator(), await newOperator()];
      const codes = newRecoveryCodes(3);
      await replaceRecoveryCodes(handle.db, ana, codes, T0);
      expect(await remainingRecoveryCodes(handle.db, ana)).toBe(3);
      expect(await redeemRecoveryCode(handle.db, bob, codes[0]!, T0)).toBe(false);
      expect(await redeemRecoveryCode(handle.db, ana, codes[0]!.toLowerCase().replace(/-/g, " "), T0)).toBe(true);
      expect(await redeemRecoveryCode(handle.db, ana, codes[0]!, T0)).toBe(false);
      expect(await redeemRecoveryCode(handle.db, ana, "0000-0000-0000", T0)).toBe(false);
      expect(await remainingRecoveryCodes(handle.db, ana)).toBe(2);
      const row = await handle.db
        .selectFrom("operator_recovery_codes")
        .selectAll()
        .where("used_at", "is not", null)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ operator_id: ana, code_hash: hashRecoveryCode(codes[0]!), used_at: T0.toISOString() });
      // Only hashes are stored.
      const stored = await handle.db.selectFrom("operator_recovery_codes").select("code_hash").execute();
      for (const code of codes) expect(stored.map((entry) => entry.code_hash)).not.toContain(code);
    });

    it("are used by exactly one of two simultaneous attempts", async () => {
      const ana = await newOperator();
      const [code] = newRecoveryCodes(1);
      await replaceRecoveryCodes(handle.db, ana, [code!], T0);
      const other = handle.openAnother();
      const results = await Promise.all([redeemRecoveryCode(handle.db, ana, code!, T0), redeemRecoveryCode(other, ana, code!, T0)]);
      expect(results.filter(Boolean)).toHaveLength(1);
    });

    it("are replaced as a whole set", async () => {
      const ana = await newOperator();
      const first = newRecoveryCodes(2);
      const second = newRecoveryCodes(4);
      await replaceRecoveryCodes(handle.db, ana, first, T0);
      await redeemRecoveryCode(handle.db, ana, first[0]!, T0);
      await replaceRecoveryCodes(handle.db, ana, second, T0);
      expect(await remainingRecoveryCodes(handle.db, ana)).toBe(4);
      expect(await redeemRecoveryCode(handle.db, ana, first[1]!, T0)).toBe(false);
      expect(await redeemRecoveryCode(handle.db, ana, second[3]!, T0)).toBe(true);
      await replaceRecoveryCodes(handle.db, ana, [], T0);
      expect(await remainingRecoveryCodes(handle.db, ana)).toBe(0);
    });
  });
}
