import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAudit } from "../../../server/admin/audit.ts";
import { parseCsv } from "../../../server/admin/csv.ts";
import { migrateToLatest } from "../../../server/db/database.ts";
import { confirmSubscription, subscribeToNewsletter, unsubscribe } from "../../../server/db/repositories.ts";
import { createTestDatabase, type TestDatabase, testTargets } from "../../../tests/support/databases.ts";
import { exportFilename, exportSubscribers, subscriberCsvHeader } from "./export.server";

const T0 = new Date("2026-03-01T09:30:00.000Z");
const later = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const operator = { id: 7, email: "ana@example.com" };

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`the subscribers' CSV export on ${target.dialect}`, () => {
    let handle: TestDatabase;
    beforeAll(async () => {
      handle = await createTestDatabase(target.dialect);
      await migrateToLatest(handle.db, target.dialect);
      const sign = (email: string, minutes: number) =>
        subscribeToNewsletter(handle.db, { email, language: "fr" }, later(minutes)).then((result) => result.subscriber);
      // A formula typed as an address, and an address with accents, both confirmed.
      const formula = await sign("=cmd@example.com", 0);
      await confirmSubscription(handle.db, formula.confirmation_token, later(1));
      const accents = await sign("zoë.garçon@exämple.fr", 2);
      await confirmSubscription(handle.db, accents.confirmation_token, later(3));
      await sign("waiting@example.com", 4);
      const left = await sign("left@example.com", 5);
      await unsubscribe(handle.db, left.confirmation_token, later(6));
    });
    afterAll(async () => {
      await handle?.cleanup();
    });

    it("answers a UTF-8 CSV download that parses back to the rows, with formulas neutralised", async () => {
      const response = await exportSubscribers(handle.db, { filter: "confirmed", operator, address: "203.0.113.7" }, later(60));
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(response.headers.get("content-disposition")).toBe('attachment; filename="subscribers-confirmed-2026-03-01.csv"');
      expect(response.headers.get("cache-control")).toBe("no-store");

      const bytes = new Uint8Array(await response.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
      expect(text.endsWith("\r\n")).toBe(true);
      expect(parseCsv(text)).toEqual([
        subscriberCsvHeader,
        ["'=cmd@example.com", "fr", "confirmed", later(0).toISOString(), later(1).toISOString(), ""],
        ["zoë.garçon@exämple.fr", "fr", "confirmed", later(2).toISOString(), later(3).toISOString(), ""],
      ]);
    });

    it("exports every state with the same filter as the list, oldest sign-up first", async () => {
      // Three rows a batch: the four addresses come in two batches, read one after the other.
      const response = await exportSubscribers(handle.db, { filter: "all", operator, address: "203.0.113.7" }, later(61), 3);
      const rows = parseCsv(await response.text());
      expect(rows.map((row) => [row[0], row[2]])).toEqual([
        ["email", "state"],
        ["'=cmd@example.com", "confirmed"],
        ["zoë.garçon@exämple.fr", "confirmed"],
        ["waiting@example.com", "awaiting"],
        ["left@example.com", "unsubscribed"],
      ]);
      expect(rows[4]?.[5]).toBe(later(6).toISOString());
      const empty = await exportSubscribers(handle.db, { filter: "awaiting", operator, address: "203.0.113.7" }, later(62));
      expect(parseCsv(await empty.text())).toHaveLength(2);
    });

    it("records every export in the audit log: who, from where, which state, how many rows", async () => {
      const { rows: entries } = await listAudit(handle.db, { action: "export" });
      expect(entries.map((entry) => [entry.subject, JSON.parse(entry.details ?? "null")])).toEqual([
        ["subscribers", { state: "awaiting", rows: 1 }],
        ["subscribers", { state: "all", rows: 4 }],
        ["subscribers", { state: "confirmed", rows: 2 }],
      ]);
      expect(entries[0]).toMatchObject({ operator_id: 7, operator_email: "ana@example.com", address: "203.0.113.7" });
    });
  });
}

describe("an export's file name", () => {
  it("says what and which day (UTC)", () => {
    expect(exportFilename("awaiting", new Date("2026-12-31T23:59:59.000Z"))).toBe("subscribers-awaiting-2026-12-31.csv");
  });
});
