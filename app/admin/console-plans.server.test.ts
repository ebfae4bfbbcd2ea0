/**
 * Every console read uses an index (docs/decisions/0027): each list (unfiltered, filtered, searched, at its
 * first, a middle and its last page), each count, each page and each export runs here against a seeded shop,
 * through a handle that records its statements; then every statement's plan is read, and a plan that reads a
 * whole large table fails the test, naming the statement. A query added to the console later belongs here.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedScale } from "../../scripts/bench-scale/seed.ts";
import { fullScale, scaledSizes } from "../../scripts/bench-scale/seed-sizes.ts";
import type { Database } from "../../server/db/database.ts";
import { consoleReads } from "../../tests/support/console-reads.ts";
import { createTestDatabase, type TestDatabase, testTargets } from "../../tests/support/databases.ts";
import { fullScans, planOf, type RecordedQuery, recordingHandle } from "../../tests/support/query-plans.ts";

/** Tables that grow with the shop: never read whole. */
const largeTables = [
  "orders",
  "order_events",
  "accesses",
  "subscriptions",
  "invoices",
  "credit_notes",
  "mails",
  "jobs",
  "contact_messages",
  "newsletter_subscribers",
  "audit_log",
  "trials",
  "payment_events",
  "test_gateway_payments",
];

const now = new Date("2026-11-26T12:00:00.000Z");

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`the console's queries on ${target.dialect}`, () => {
    let handle: TestDatabase;
    let recording: Database;
    const recorded: RecordedQuery[] = [];

    beforeAll(async () => {
      handle = await createTestDatabase(target.dialect);
      // Enough rows for the planners to prefer an index where there is one; statistics gathered after.
      await seedScale(handle, scaledSizes(Math.round(fullScale.orders / 250)), { now });
      recording = recordingHandle(handle, recorded);
      await consoleReads(recording, handle.db, now);
    }, 120_000);
    afterAll(async () => {
      await recording?.destroy();
      await handle?.cleanup();
    });

    it("ran a statement for every read it lists", () => {
      expect(recorded.length).toBeGreaterThan(60);
    });

    it("never read a whole large table", async () => {
      const problems: string[] = [];
      const seen = new Set<string>();
      for (const query of recorded) {
        if (seen.has(query.sql)) continue;
        seen.add(query.sql);
        const steps = await planOf(handle.db, target.dialect, query);
        const scans = fullScans(query.sql, steps, largeTables);
        if (scans.length > 0) problems.push(`${scans.join(", ")} in: ${query.sql}\n  plan: ${steps.join(" | ")}`);
      }
      expect(problems).toEqual([]);
    }, 60_000);
  });
}
