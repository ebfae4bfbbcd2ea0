import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testTargets } from "../../tests/support/databases.ts";
import { ENDED_SESSION_KEPT_MS, pruneAccountRecords, SIGN_IN_KEPT_MS } from "./account-housekeeping.ts";
import { createCustomerSession, endCustomerSession, hashCustomerToken } from "./customer-sessions.ts";
import { recordSignIn, SIGN_IN_LINK_VALID_MS } from "./customer-sign-ins.ts";
import { migrateToLatest } from "./database.ts";

const T0 = new Date("2026-03-01T09:30:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);
const minute = 60_000;

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`pruning the account's old records on ${target.dialect}`, () => {
    let handle: TestDatabase;
    beforeAll(async () => {
      handle = await createTestDatabase(target.dialect);
      await migrateToLatest(handle.db, target.dialect);
    });
    afterAll(async () => {
      await handle?.cleanup();
    });

    const signInIds = async () =>
      (await handle.db.selectFrom("customer_sign_ins").select("id").orderBy("id").execute()).map((row) => row.id);
    const sessionOf = (token: string) =>
      handle.db.selectFrom("customer_sessions").select("id").where("token_hash", "=", hashCustomerToken(token)).executeTakeFirst();

    it("deletes a sign-in a day after it expires, and keeps a younger one", async () => {
      const { signIn: old } = await recordSignIn(handle.db, { email: "old@example.com", language: "en" }, T0);
      const { signIn: recent } = await recordSignIn(handle.db, { email: "recent@example.com", language: "es" }, at(2 * minute));
      const justAfter = at(SIGN_IN_LINK_VALID_MS + SIGN_IN_KEPT_MS + minute);
      expect(await pruneAccountRecords(handle.db, justAfter)).toEqual({
        signIns: 1,
        sessions: 0,
        trialRequests: 0,
        trialAddresses: 0,
        trialConnections: 0,
      });
      const left = await signInIds();
      expect(left).not.toContain(old.id);
      expect(left).toContain(recent.id);
    });

    it("deletes a session 30 days after it ended or expired; a live one stays", async () => {
      const ended = await createCustomerSession(handle.db, { email: "ended@example.com", address: "192.0.2.1" }, T0);
      const expired = await createCustomerSession(handle.db, { email: "expired@example.com", address: "192.0.2.2" }, T0);
      const endedId = (await sessionOf(ended))!.id;
      await endCustomerSession(handle.db, endedId, at(minute));
      const when = at(ENDED_SESSION_KEPT_MS + 13 * 60 * minute);
      const live = await createCustomerSession(handle.db, { email: "live@example.com", address: "192.0.2.3" }, when);

      const pruned = await pruneAccountRecords(handle.db, when);
      expect(pruned.sessions).toBe(2);
      expect(await sessionOf(ended)).toBeUndefined();
      expect(await sessionOf(expired)).toBeUndefined();
      expect(await sessionOf(live)).toBeDefined();
    });

    it("keeps an ended session for 30 days", async () => {
      const token = await createCustomerSession(handle.db, { email: "kept@example.com", address: "192.0.2.4" }, T0);
      await endCustomerSession(handle.db, (await sessionOf(token))!.id, T0);
      await pruneAccountRecords(handle.db, at(ENDED_SESSION_KEPT_MS - minute));
      expect(await sessionOf(token)).toBeDefined();
    });
  });
}
