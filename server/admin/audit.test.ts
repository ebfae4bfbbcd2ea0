import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testTargets } from "../../tests/support/databases.ts";
import { migrateToLatest } from "../db/database.ts";
import { listAudit, recordAudit } from "./audit.ts";

const T0 = new Date("2026-03-01T09:30:00.000Z");
const later = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`audit log on ${target.dialect}`, () => {
    let handle: TestDatabase;
    beforeAll(async () => {
      handle = await createTestDatabase(target.dialect);
      await migrateToLatest(handle.db, target.dialect);
      // 7 refunds and 5 failed sign-ins, interleaved, one second apart.
      for (let index = 0; index < 12; index++) {
        const refund = index % 2 === 0 || index > 9;
        await recordAudit(
          handle.db,
          refund
            ? {
                operatorId: 1,
                operatorEmail: "ana@example.com",
                action: "refund",
                subject: `NS-${index}`,
                address: "203.0.113.7",
                details: { cents: index * 100 },
              }
            : { operatorId: null, operatorEmail: "who@example.com", action: "sign-in-failed", address: "198.51.100.9" },
          later(index),
        );
      }
    });
    afterAll(async () => {
      await handle?.cleanup();
    });

    it("stores who, what, on what, from where, when, with details as JSON", async () => {
      const { entries } = await listAudit(handle.db, { page: 1, pageSize: 1 });
      expect(entries).toEqual([
        expect.objectContaining({
          operator_id: 1,
          operator_email: "ana@example.com",
          action: "refund",
          subject: "NS-11",
          address: "203.0.113.7",
          details: '{"cents":1100}',
          created_at: later(11).toISOString(),
        }),
      ]);
      const failed = await listAudit(handle.db, { page: 1, action: "sign-in-failed" });
      expect(failed.entries[0]).toMatchObject({ operator_id: null, subject: null, details: null });
    });

    it("lists newest first, a page at a time, with the total", async () => {
      const first = await listAudit(handle.db, { page: 1, pageSize: 5 });
      const third = await listAudit(handle.db, { page: 3, pageSize: 5 });
      expect(first.total).toBe(12);
      expect(first.entries.map((entry) => entry.created_at)).toEqual([11, 10, 9, 8, 7].map((index) => later(index).toISOString()));
      expect(third.entries.map((entry) => entry.created_at)).toEqual([1, 0].map((index) => later(index).toISOString()));
      expect((await listAudit(handle.db, { page: 4, pageSize: 5 })).entries).toEqual([]);
      expect((await listAudit(handle.db, { page: 1 })).entries).toHaveLength(12);
    });

    it("filters by action", async () => {
      const refunds = await listAudit(handle.db, { page: 2, pageSize: 5, action: "refund" });
      expect(refunds.total).toBe(7);
      expect(refunds.entries.map((entry) => entry.subject)).toEqual(["NS-2", "NS-0"]);
      expect((await listAudit(handle.db, { page: 1, action: "export" })).total).toBe(0);
    });

    it("clamps nonsense page numbers and sizes", async () => {
      expect((await listAudit(handle.db, { page: 0, pageSize: 5 })).entries[0]?.subject).toBe("NS-11");
      expect((await listAudit(handle.db, { page: Number.NaN, pageSize: 0 })).entries).toHaveLength(12);
      expect((await listAudit(handle.db, { page: -3, pageSize: 1e9 })).entries).toHaveLength(12);
    });
  });
}
