import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEncryptionKey } from "../../server/admin/secret-box.ts";
import { createTestDatabase, type TestDatabase, testTargets } from "../../tests/support/databases.ts";
import { seedScale } from "./seed.ts";
import { scaledSizes } from "./seed-sizes.ts";

const count = async (handle: TestDatabase, query: string) =>
  Number((await sql<{ n: number | string }>`${sql.raw(query)}`.execute(handle.db)).rows[0]?.n);

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`seedScale on ${target.dialect}`, () => {
    let handle: TestDatabase;
    const sizes = scaledSizes(1500);

    beforeAll(async () => {
      handle = await createTestDatabase(target.dialect);
      await seedScale(handle, sizes, { accessKey: parseEncryptionKey("5eed".repeat(16)), now: new Date("2026-11-26T12:00:00.000Z") });
    }, 60_000);
    afterAll(async () => handle?.cleanup());

    it("writes the sizes asked for, with every link pointing at a row", async () => {
      expect(await count(handle, "select count(*) as n from orders")).toBe(1500);
      expect(await count(handle, "select count(*) as n from contact_messages")).toBe(sizes.contactMessages);
      expect(await count(handle, "select count(*) as n from newsletter_subscribers")).toBe(sizes.newsletterAddresses);
      const dangling = [
        "select count(*) as n from orders o where o.access_id is not null and not exists (select 1 from accesses a where a.id = o.access_id)",
        "select count(*) as n from orders o where o.subscription_id is not null and not exists (select 1 from subscriptions s where s.id = o.subscription_id)",
        "select count(*) as n from invoices i where not exists (select 1 from orders o where o.id = i.order_id and o.paid_at is not null)",
        "select count(*) as n from trials t where t.access_id is not null and not exists (select 1 from accesses a where a.id = t.access_id and a.kind = 'trial')",
      ];
      for (const query of dangling) expect(await count(handle, query)).toBe(0);
    });

    it("leaves the counts the triggers keep as the rows say (on PostgreSQL the triggers are off while it writes)", async () => {
      const tallies = await count(
        handle,
        "select count(*) as n from tallies t where count <> (select count(*) from accesses where 'accesses:' || kind || ':' || status = t.name) and name like 'accesses:%'",
      );
      expect(tallies).toBe(0);
      expect(await count(handle, "select sum(count) as n from tallies where name like 'newsletter:%'")).toBe(sizes.newsletterAddresses);
      expect(await count(handle, "select sum(invoices) as n from month_tax_totals")).toBe(
        await count(handle, "select count(*) as n from invoices"),
      );
      const net = "select (select coalesce(sum(net_cents), 0) from invoices) - (select coalesce(sum(net_cents), 0) from credit_notes) as n";
      expect(await count(handle, "select sum(net_cents) as n from month_tax_totals")).toBe(await count(handle, net));
      // And the triggers are on again: a new access counts.
      const active = "select count as n from tallies where name = 'accesses:paid:active'";
      const before = await count(handle, active);
      const now = new Date().toISOString();
      await handle.db
        .insertInto("accesses")
        .values({
          reference: "SEED-TEST",
          email: "t@example.org",
          plan_key: "standard",
          viewers: 1,
          status: "active",
          starts_at: now,
          ends_at: now,
          created_at: now,
          updated_at: now,
        })
        .execute();
      expect(await count(handle, active)).toBe(before + 1);
    });

    it("leaves the database usable by the application: new rows get fresh ids", async () => {
      const now = new Date().toISOString();
      const inserted = await handle.db
        .insertInto("operators")
        .values({ email: "new@shop.example", password_hash: "none", created_at: now, updated_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      expect(inserted.id).toBeGreaterThan(3);
      const invoice = await count(handle, "select max(id) as n from invoices");
      expect(await count(handle, "select count(*) as n from invoices")).toBe(invoice);
    });

    it("refuses to seed a database that has orders", async () => {
      await expect(seedScale(handle, sizes)).rejects.toThrow(/already has orders/);
    });
  });
}
