import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testTargets } from "../../tests/support/databases.ts";
import { migrateToLatest } from "../db/database.ts";
import { createOperator } from "./operators.ts";
import { createSession, endAllSessions, endSession, readSession, SESSION_IDLE_MS, SESSION_MAX_MS, verifySession } from "./sessions.ts";

const T0 = new Date("2026-11-23T10:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`operator sessions on ${target.dialect}`, () => {
    let handle: TestDatabase;
    let operatorId: number;
    beforeEach(async () => {
      handle = await createTestDatabase(target.dialect);
      await migrateToLatest(handle.db, target.dialect);
      operatorId = (await createOperator(handle.db, "ana@shop.example", "scrypt$hash", T0)).id;
    });
    afterEach(() => handle.cleanup());

    const open = (verified = true, now = T0) => createSession(handle.db, { operatorId, address: "203.0.113.7", verified }, now);

    it("opens the console for its token only, and keeps no token, only its hash", async () => {
      const token = await open();
      expect(await readSession(handle.db, token, at(1000))).toMatchObject({
        operator: { email: "ana@shop.example" },
        session: { address: "203.0.113.7" },
      });
      expect(await readSession(handle.db, `${token}x`, at(1000))).toBeUndefined();
      expect(await readSession(handle.db, undefined)).toBeUndefined();
      const rows = await handle.db.selectFrom("operator_sessions").select("token_hash").execute();
      expect(JSON.stringify(rows)).not.toContain(token);
    });

    it("ends after 30 minutes without a request, and each request moves that on", async () => {
      const token = await open();
      expect(await readSession(handle.db, token, at(SESSION_IDLE_MS - 1000))).toBeDefined();
      expect(await readSession(handle.db, token, at(2 * SESSION_IDLE_MS - 2000))).toBeDefined();
      expect(await readSession(handle.db, token, at(3 * SESSION_IDLE_MS))).toBeUndefined();
    });

    it("ends 12 hours after sign-in, however busy", async () => {
      const token = await open();
      for (let ms = 0; ms < SESSION_MAX_MS; ms += 20 * 60_000) expect(await readSession(handle.db, token, at(ms))).toBeDefined();
      expect(await readSession(handle.db, token, at(SESSION_MAX_MS))).toBeUndefined();
    });

    it("is unverified until the second factor, which replaces its token with a verified session's", async () => {
      const token = await open(false);
      const waiting = await readSession(handle.db, token, at(1000));
      expect(waiting?.session.verified_at).toBeNull();
      const verified = await verifySession(handle.db, waiting!.session, at(2000));
      expect(verified).toBeDefined();
      expect(verified).not.toBe(token);
      expect(await readSession(handle.db, token, at(3000))).toBeUndefined();
      expect(await readSession(handle.db, verified, at(3000))).toMatchObject({
        session: { verified_at: at(2000).toISOString(), address: "203.0.113.7" },
        operator: { email: "ana@shop.example" },
      });
      // The old session cannot be verified twice (a second tab, a replayed form).
      expect(await verifySession(handle.db, waiting!.session, at(4000))).toBeUndefined();
    });

    it("can end every session of an operator but one", async () => {
      const [kept, other] = [await open(), await open()];
      const keptId = (await readSession(handle.db, kept, at(1000)))!.session.id;
      expect(await endAllSessions(handle.db, operatorId, at(2000), keptId)).toBe(1);
      expect(await readSession(handle.db, kept, at(3000))).toBeDefined();
      expect(await readSession(handle.db, other, at(3000))).toBeUndefined();
    });

    it("ends on sign-out, and every session ends on sign-out everywhere", async () => {
      const [first, second, third] = [await open(), await open(), await open()];
      await endSession(handle.db, first, at(1000));
      expect(await readSession(handle.db, first, at(2000))).toBeUndefined();
      expect(await readSession(handle.db, second, at(2000))).toBeDefined();
      expect(await endAllSessions(handle.db, operatorId, at(3000))).toBe(2);
      expect(await readSession(handle.db, second, at(4000))).toBeUndefined();
      expect(await readSession(handle.db, third, at(4000))).toBeUndefined();
    });
  });
}
