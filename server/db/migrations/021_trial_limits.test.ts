import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testTargets } from "../../../tests/support/databases.ts";
import { migrateToLatest } from "../database.ts";
import { trialRefusal } from "../trial-limits.ts";
import { migrations } from "./index.ts";

const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < "021"));
const T0 = new Date("2026-03-01T09:30:00.000Z");
const day = 24 * 60 * 60_000;

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`the trial's limits made hard to dodge, on ${target.dialect}`, () => {
    let handle: TestDatabase | undefined;
    afterEach(() => handle?.cleanup());

    it("key the trials given before by mailbox and connection, keeping two spellings of one mailbox confirmed", async () => {
      handle = await createTestDatabase(target.dialect);
      const { db } = handle;
      await migrateToLatest(db, target.dialect, { provider: { getMigrations: async () => before } });
      const at = T0.toISOString();
      const trial = (reference: string, email: string, status: string, address: string | null) =>
        sql`insert into trials (reference, email, name, country, language, client_address, status, code_hash, wrong_codes,
              code_expires_at, hours, viewers, confirmed_at, created_at, updated_at)
            values (${reference}, ${email}, 'A', 'ES', 'es', ${address}, ${status}, null, 0, ${at}, 24, 1,
              ${status === "requested" ? null : at}, ${at}, ${at})`.execute(db);
      await trial("TR-1", "jane@gmail.com", "delivered", "2001:db8:1:2::1");
      await trial("TR-2", "j.ane@gmail.com", "confirmed", "2001:db8:1:2::2");
      await trial("TR-3", "sam+x@example.com", "requested", "2001:db8:9:9::1");

      await migrateToLatest(db, target.dialect);
      const rows = await db.selectFrom("trials").select(["reference", "email_key"]).orderBy("reference").execute();
      expect(rows.map((row) => [row.reference, row.email_key.replace(/#\d+$/, "#id")])).toEqual([
        ["TR-1", "jane@gmail.com"],
        ["TR-2", "jane@gmail.com#id"],
        ["TR-3", "sam@example.com"],
      ]);
      expect(await db.selectFrom("trial_connections").selectAll().execute()).toEqual([
        { network_key: expect.any(String), confirmed_at: at },
      ]);
      const ask = (email: string, clientAddress: string) => trialRefusal(db, { email, clientAddress }, new Date(T0.getTime() + day));
      expect(await ask("JA.NE+again@googlemail.com", "198.51.100.1")).toBe("used");
      expect(await ask("sam@example.com", "2001:db8:1:2:ffff::9")).toBe("address");
      expect(await ask("sam@example.com", "2001:db8:9:9::1")).toBeUndefined();
    });
  });
}
