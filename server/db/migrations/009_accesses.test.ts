/**
 * Migration 009: every delivered order (one order, one access until then) becomes an access, with its
 * sealed details as they were, its period and its state; nothing is lost, and `down` puts the details back.
 */
import { type Kysely, sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testTargets } from "../../../tests/support/databases.ts";
import { migrateToLatest } from "../database.ts";
import * as accessesMigration from "./009_accesses.ts";
import { migrations } from "./index.ts";

const upTo = (last: string) => ({
  getMigrations: async () => Object.fromEntries(Object.entries(migrations).filter(([name]) => name <= last)),
});

const T = "2026-03-01T10:00:00.000Z";
const later = "2026-06-01T10:00:00.000Z";

interface LegacyOrder {
  reference: string;
  email: string;
  status: string;
  details: string | null;
  starts: string | null;
  ends: string | null;
}

const legacy: LegacyOrder[] = [
  { reference: "ACTIVE-1", email: " Ana@Example.COM ", status: "fulfilled", details: "v1.sealed-active", starts: T, ends: later },
  { reference: "EXPIRED-1", email: "bo@example.com", status: "expired", details: "v1.sealed-expired", starts: T, ends: later },
  { reference: "REFUNDED-1", email: "cy@example.com", status: "refunded", details: "v1.sealed-refunded", starts: T, ends: later },
  // Refunded before it was delivered, paid and waiting, never paid: no access to move.
  { reference: "REFUNDED-EARLY", email: "dee@example.com", status: "refunded", details: null, starts: null, ends: null },
  { reference: "PAID-WAITING", email: "ed@example.com", status: "paid", details: null, starts: null, ends: null },
  { reference: "PENDING-1", email: "fi@example.com", status: "pending", details: null, starts: null, ends: null },
];

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`migration 009 (accesses) on ${target.dialect}`, () => {
    let handle: TestDatabase | undefined;
    afterEach(() => handle?.cleanup());

    async function migrated(): Promise<TestDatabase> {
      handle = await createTestDatabase(target.dialect);
      const { db } = handle;
      await migrateToLatest(db, target.dialect, { provider: upTo("008_order_payment_processor") });
      for (const [index, order] of legacy.entries()) {
        await sql`insert into orders (reference, idempotency_key, plan_key, viewers, amount_cents, currency, language, first_name,
              last_name, email, phone, country, city, postal_code, address, status, paid_at, access_details, access_starts_at,
              access_ends_at, created_at, updated_at)
            values (${order.reference}, ${order.reference}, 'advanced', ${1 + (index % 3)}, 2000, 'EUR', 'en', 'A', 'B',
              ${order.email}, '+1', 'FR', 'Paris', '75001', '1 rue', ${order.status}, ${T}, ${order.details}, ${order.starts},
              ${order.ends}, ${T}, ${later})`.execute(db);
      }
      expect(await migrateToLatest(db, target.dialect, { provider: upTo("009_accesses") })).toEqual({ applied: ["009_accesses"] });
      return handle;
    }

    it("gives every delivered order its access, with the details as sealed and the order linked to it", async () => {
      const { db } = await migrated();
      const accesses = await db.selectFrom("accesses").selectAll().orderBy("reference").execute();
      const common = { plan_key: "advanced", starts_at: T, ends_at: later, created_at: T, updated_at: later };
      expect(accesses).toEqual([
        {
          ...common,
          id: expect.any(Number),
          reference: "ACTIVE-1",
          email: "ana@example.com",
          viewers: 1,
          status: "active",
          details: "v1.sealed-active",
          revoked_at: null,
          revoke_reason: null,
        },
        {
          ...common,
          id: expect.any(Number),
          reference: "EXPIRED-1",
          email: "bo@example.com",
          viewers: 2,
          status: "expired",
          details: "v1.sealed-expired",
          revoked_at: null,
          revoke_reason: null,
        },
        {
          ...common,
          id: expect.any(Number),
          reference: "REFUNDED-1",
          email: "cy@example.com",
          viewers: 3,
          status: "revoked",
          details: "v1.sealed-refunded",
          revoked_at: later,
          revoke_reason: "refund",
        },
      ]);
      const orders = await db
        .selectFrom("orders")
        .select(["reference", "access_id", "renews_access_id", "status", "access_starts_at", "access_ends_at"])
        .orderBy("reference")
        .execute();
      const idOf = (reference: string) => accesses.find((access) => access.reference === reference)?.id;
      expect(orders).toEqual(
        legacy
          .map((order) => ({
            reference: order.reference,
            access_id: idOf(order.reference) ?? null,
            renews_access_id: null,
            status: order.status,
            access_starts_at: order.starts,
            access_ends_at: order.ends,
          }))
          .sort((a, b) => a.reference.localeCompare(b.reference)),
      );
      const columns = (await db.introspection.getTables()).find(
        (table) => table.name === "orders" && (handle?.dialect === "sqlite" || table.schema === handle?.location),
      )?.columns;
      expect(columns?.map((column) => column.name)).not.toContain("access_details");
    });

    it("down puts every order's details back where they were", async () => {
      const { db } = await migrated();
      await accessesMigration.down(db as unknown as Kysely<unknown>);
      const rows = await sql<{ reference: string; access_details: string | null }>`select reference, access_details from orders
        order by reference`.execute(db);
      expect(rows.rows).toEqual(
        legacy
          .map((order) => ({ reference: order.reference, access_details: order.details }))
          .sort((a, b) => a.reference.localeCompare(b.reference)),
      );
    });
  });
}
