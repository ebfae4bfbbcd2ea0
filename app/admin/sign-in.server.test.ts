import { randomBytes, scryptSync } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createOperator, enableTotp, setTotpSecret } from "../../server/admin/operators.ts";
import { newRecoveryCodes, replaceRecoveryCodes } from "../../server/admin/recovery-codes.ts";
import { createSession, readSession } from "../../server/admin/sessions.ts";
import { newTotpSecret, totpCode } from "../../server/admin/totp.ts";
import { migrateToLatest } from "../../server/db/database.ts";
import { createTestDatabase, type TestDatabase, testTargets } from "../../tests/support/databases.ts";
import { openSecret, sealSecret } from "../access/secrets.server";
import { signInLimits } from "../rate-limit.server";
import { confirmSetup, disable, startSetup } from "./account/two-factor.server";
import { signInWithPassword, verifySecondFactor } from "./sign-in.server";

const password = "correct horse battery staple";
let operatorCount = 0;

/**
 * The shop's hash format (server/admin/passwords.ts) at a low scrypt cost: these tests count sign-ins, and at
 * the shop's cost each right password takes a tenth of a second of a core, seconds on a busy machine. The
 * stored value names its cost, so the sign-in checks it at this one.
 */
function quickHash(secret: string): string {
  const cost = { N: 1024, r: 8, p: 1 };
  const salt = randomBytes(16);
  const key = scryptSync(secret.normalize("NFC"), salt, 64, cost);
  return ["scrypt", cost.N, cost.r, cost.p, salt.toString("base64"), key.toString("base64")].join("$");
}

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`console sign-in on ${target.dialect}`, () => {
    let handle: TestDatabase;
    let passwordHash: string;
    beforeAll(async () => {
      vi.stubEnv("ACCESS_ENCRYPTION_KEY", randomBytes(32).toString("hex"));
      handle = await createTestDatabase(target.dialect);
      await migrateToLatest(handle.db, target.dialect);
      passwordHash = quickHash(password);
    });
    afterAll(async () => {
      await handle?.cleanup();
      vi.unstubAllEnvs();
    });

    /** A new operator, and an address of their own, so the tests' counters never meet. */
    const newOperator = async () => {
      operatorCount++;
      const operator = await createOperator(handle.db, `ops-${operatorCount}-${target.dialect}@shop.example`, passwordHash);
      return { operator, address: `198.51.100.${operatorCount}` };
    };
    const failedChecks = (email: string) =>
      handle.db.selectFrom("audit_log").select("id").where("operator_email", "=", email).where("action", "=", "sign-in-failed").execute();

    /** An operator with two-step sign-in on, and a session still owing its code. */
    const withSecondFactor = async () => {
      const { operator, address } = await newOperator();
      const secret = newTotpSecret();
      await setTotpSecret(handle.db, operator.id, sealSecret(secret));
      await enableTotp(handle.db, operator.id);
      const pending = async () =>
        (await readSession(handle.db, await createSession(handle.db, { operatorId: operator.id, address, verified: false })))!;
      return { operator, address, secret, pending };
    };

    it("checks at most the limit of a burst of wrong passwords, and the right one after it does not sign in", async () => {
      const { operator, address } = await newOperator();
      const attempt = (guess: string) => signInWithPassword(handle.db, { email: operator.email, password: guess, address });
      const burst = await Promise.all([...Array.from({ length: 11 }, (_, i) => attempt(`wrong guess ${i}`)), attempt(password)]);
      expect((await failedChecks(operator.email)).length).toBeLessThanOrEqual(signInLimits.perAccount);
      expect(burst.filter((outcome) => outcome.kind === "blocked").length).toBeGreaterThanOrEqual(12 - signInLimits.perAccount);
      expect(await attempt(password)).toEqual({ kind: "blocked" });
    });

    it("does not count a right password against the limit", async () => {
      const { operator, address } = await newOperator();
      for (let i = 0; i < signInLimits.perAccount + 2; i++) {
        expect((await signInWithPassword(handle.db, { email: operator.email, password, address })).kind).toBe("signed-in");
      }
    });

    it("gives a new token once the second factor is accepted, and the old one opens nothing", async () => {
      const { secret, pending, address } = await withSecondFactor();
      const waiting = await pending();
      const outcome = await verifySecondFactor(handle.db, waiting, totpCode(secret, new Date()), address);
      expect(outcome.kind).toBe("verified");
      const token = outcome.kind === "verified" ? outcome.token : "";
      expect((await readSession(handle.db, token))?.session.verified_at).not.toBeNull();
      const oldToken = await handle.db
        .selectFrom("operator_sessions")
        .select("ended_at")
        .where("id", "=", waiting.session.id)
        .executeTakeFirst();
      expect(oldToken?.ended_at).not.toBeNull();
    });

    it("refuses an earlier time step's code once a later one was used, and a code used once", async () => {
      const { secret, pending, address } = await withSecondFactor();
      const now = Date.now();
      const later = totpCode(secret, new Date(now + 30_000));
      expect((await verifySecondFactor(handle.db, await pending(), later, address)).kind).toBe("verified");
      expect((await verifySecondFactor(handle.db, await pending(), later, address)).kind).toBe("failed");
      expect((await verifySecondFactor(handle.db, await pending(), totpCode(secret, new Date(now)), address)).kind).toBe("failed");
    });

    it("holds wrong codes at the sign-in step to the limit", async () => {
      const { pending, address } = await withSecondFactor();
      const waiting = await pending();
      const outcomes = await Promise.all(Array.from({ length: 8 }, () => verifySecondFactor(handle.db, waiting, "000000", address)));
      expect(outcomes.filter((outcome) => outcome.kind === "blocked").length).toBe(8 - signInLimits.perAccount);
    });

    it("holds the codes that turn two-step sign-in off to the limit", async () => {
      const { operator, address, pending } = await withSecondFactor();
      const codes = newRecoveryCodes();
      await replaceRecoveryCodes(handle.db, operator.id, codes);
      const active = await pending();
      const outcomes = [];
      for (let i = 0; i < signInLimits.perAccount + 1; i++) outcomes.push(await disable(handle.db, active, "000000", address));
      expect(outcomes.at(-1)).toBe("blocked");
      // Even the right code waits for the pause to end.
      expect(await disable(handle.db, active, codes[0]!, address)).toBe("blocked");
    });

    it("ends the operator's other sessions when two-step sign-in is turned on", async () => {
      const { operator, address } = await newOperator();
      const other = await createSession(handle.db, { operatorId: operator.id, address, verified: true });
      const current = (await readSession(handle.db, await createSession(handle.db, { operatorId: operator.id, address, verified: true })))!;
      await startSetup(handle.db, current);
      const withSecret = (await readSession(
        handle.db,
        await createSession(handle.db, { operatorId: operator.id, address, verified: true }),
      ))!;
      const code = totpCode(openSecret(withSecret.operator.totp_secret!), new Date());
      expect(await confirmSetup(handle.db, { ...current, operator: withSecret.operator }, code, address)).toHaveLength(10);
      expect(await readSession(handle.db, other)).toBeUndefined();
      const kept = await handle.db
        .selectFrom("operator_sessions")
        .select("ended_at")
        .where("id", "=", current.session.id)
        .executeTakeFirst();
      expect(kept?.ended_at).toBeNull();
    });
  });
}
