import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "../../server/db/database.ts";
import { createTestDatabase, type TestDatabase, testTargets } from "../../tests/support/databases.ts";
import { deriveLinkKey, optOutToken } from "./links.server";
import { confirmOptOut, hasOptedOut, optOutState } from "./opt-outs.server";

const key = deriveLinkKey(Buffer.alloc(32, 3));
const T0 = new Date("2026-03-01T09:30:00.000Z");

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`the reminders' unsubscribe page on ${target.dialect}`, () => {
    let handle: TestDatabase;
    beforeAll(async () => {
      handle = await createTestDatabase(target.dialect);
      await migrateToLatest(handle.db, target.dialect);
    });
    afterAll(() => handle.cleanup());

    it("asks on opening the link, records on the button, once, and says so afterwards", async () => {
      const token = optOutToken("Camille@Example.com", key);
      const email = "camille@example.com";
      expect(await optOutState(handle.db, token, key)).toEqual({ status: "ask", email });
      expect(await hasOptedOut(handle.db, "CAMILLE@example.com")).toBe(false);
      expect(await confirmOptOut(handle.db, token, T0, key)).toEqual({ status: "done", email });
      expect(await confirmOptOut(handle.db, token, T0, key)).toEqual({ status: "already", email });
      expect(await optOutState(handle.db, token, key)).toEqual({ status: "already", email });
      expect(await hasOptedOut(handle.db, " Camille@example.COM ")).toBe(true);
      expect(await handle.db.selectFrom("reminder_opt_outs").selectAll().execute()).toEqual([
        expect.objectContaining({ email, created_at: T0.toISOString() }),
      ]);
    });

    it("answers a link that is not ours with a clear message, and records nothing", async () => {
      const foreign = optOutToken("someone@example.com", deriveLinkKey(Buffer.alloc(32, 4)));
      for (const token of ["", "nonsense", foreign]) {
        expect(await optOutState(handle.db, token, key)).toEqual({ status: "unknown" });
        expect(await confirmOptOut(handle.db, token, T0, key)).toEqual({ status: "unknown" });
      }
      expect(await hasOptedOut(handle.db, "someone@example.com")).toBe(false);
    });
  });
}
