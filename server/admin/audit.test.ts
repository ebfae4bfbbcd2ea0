import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testTargets } from "../../tests/support/databases.ts";
import { walkPages } from "../../tests/support/list-pages.ts";
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

    const times = (page: { rows: { created_at: string }[] }) => page.rows.map((entry) => entry.created_at);
    const at = (...indexes: number[]) => indexes.map((index) => later(index).toISOString());

    it("stores who, what, on what, from where, when, with details as JSON", async () => {
      const { rows } = await listAudit(handle.db, { pageSize: 1 });
      expect(rows).toEqual([
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
      const failed = await listAudit(handle.db, { action: "sign-in-failed" });
      expect(failed.rows[0]).toMatchObject({ operator_id: null, subject: null, details: null });
    });

    it("lists newest first, a page at a time by its links, with the count", async () => {
      const pages = await walkPages((position) => listAudit(handle.db, { position, pageSize: 5 }));
      expect(pages.map(times)).toEqual([at(11, 10, 9, 8, 7), at(6, 5, 4, 3, 2), at(1, 0)]);
      expect(pages.map((page) => page.matching)).toEqual([0, 1, 2].map(() => ({ count: 12, more: false })));
      const backwards = await walkPages((position) => listAudit(handle.db, { position, pageSize: 5 }), "previous");
      expect(backwards.map(times)).toEqual([at(4, 3, 2, 1, 0), at(9, 8, 7, 6, 5), at(11, 10)]);
      expect(backwards[0]).toMatchObject({ hasPrevious: true, hasNext: false });
      expect((await listAudit(handle.db, {})).rows).toHaveLength(12);
    });

    it("filters by action, on every page", async () => {
      const refunds = await walkPages((position) => listAudit(handle.db, { position, pageSize: 5, action: "refund" }));
      expect(refunds.map((page) => page.rows.map((entry) => entry.subject))).toEqual([
        ["NS-11", "NS-10", "NS-8", "NS-6", "NS-4"],
        ["NS-2", "NS-0"],
      ]);
      expect(refunds[1]?.matching).toEqual({ count: 7, more: false });
      const none = await listAudit(handle.db, { action: "export" });
      expect(none).toMatchObject({ rows: [], hasPrevious: false, hasNext: false, matching: { count: 0, more: false } });
    });

    it("clamps nonsense page sizes", async () => {
      expect((await listAudit(handle.db, { pageSize: 0 })).rows).toHaveLength(12);
      expect((await listAudit(handle.db, { pageSize: Number.NaN })).rows).toHaveLength(12);
      expect((await listAudit(handle.db, { pageSize: -3 })).rows).toHaveLength(1);
      expect((await listAudit(handle.db, { pageSize: 1e9 })).rows).toHaveLength(12);
    });
  });
}
