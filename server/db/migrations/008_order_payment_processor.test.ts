import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testTargets } from "../../../tests/support/databases.ts";
import { migrateToLatest } from "../database.ts";
import { migrations } from "./index.ts";

const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < "008"));

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`the order's payment processor on ${target.dialect}`, () => {
    let handle: TestDatabase | undefined;
    afterEach(() => handle?.cleanup());

    it("is filled in for the orders paid before it was recorded, from their session", async () => {
      handle = await createTestDatabase(target.dialect);
      const { db } = handle;
      await migrateToLatest(db, target.dialect, { provider: { getMigrations: async () => before } });
      const at = new Date().toISOString();
      const order = (reference: string, status: string, session: string | null, paidAt: string | null) =>
        sql`insert into orders (reference, idempotency_key, plan_key, viewers, amount_cents, currency, language, first_name, last_name,
              email, phone, country, city, postal_code, address, status, payment_session_id, paid_at, created_at, updated_at)
            values (${reference}, ${reference}, 'vip', 1, 100, 'EUR', 'en', 'A', 'B', 'a@example.com', '+1', 'FR', 'Paris', '75001',
              '1 rue', ${status}, ${session}, ${paidAt}, ${at}, ${at})`.execute(db);
      await order("STRIPE-PAID", "fulfilled", "cs_test_a1", at);
      await order("TEST-PAID", "refunded", "test_0f3c", at);
      await order("TEST-PAID-NO-SESSION", "paid", null, at);
      await order("STRIPE-PENDING", "pending", "cs_test_b2", null);
      await order("NEVER-PAID", "failed", null, null);

      await migrateToLatest(db, target.dialect);
      const rows = await db.selectFrom("orders").select(["reference", "payment_processor"]).orderBy("reference").execute();
      expect(Object.fromEntries(rows.map((row) => [row.reference, row.payment_processor]))).toEqual({
        "NEVER-PAID": null,
        "STRIPE-PAID": "stripe",
        "STRIPE-PENDING": null,
        "TEST-PAID": "test",
        "TEST-PAID-NO-SESSION": "test",
      });
    });
  });
}
