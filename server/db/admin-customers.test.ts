import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testTargets } from "../../tests/support/databases.ts";
import { countCustomersByState, customerState, listCustomers } from "./admin-customers.ts";
import { markOrderDelivered } from "./admin-orders.ts";
import { migrateToLatest } from "./database.ts";
import { recordRefund } from "./payments.ts";
import { createOrder, markOrderPaid } from "./repositories.ts";
import type { Order } from "./schema.ts";

const NOW = new Date("2026-05-01T12:00:00.000Z");
const dayMs = 24 * 60 * 60_000;
const fromNow = (ms: number) => new Date(NOW.getTime() + ms);

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`the console's customers on ${target.dialect}`, () => {
    let handle: TestDatabase;
    let created = 0;

    /** An order of `email`, created in sequence, delivered with its access ending at `endsAt` unless told otherwise. */
    async function order(email: string, endsAt: Date | null, status: "fulfilled" | "expired" | "paid" = "fulfilled"): Promise<Order> {
      const at = new Date(Date.parse("2026-01-01T00:00:00.000Z") + ++created * 60_000);
      const { order } = await createOrder(
        handle.db,
        {
          idempotency_key: randomUUID(),
          plan_key: "premium",
          viewers: 3,
          amount_cents: 5600,
          currency: "EUR",
          language: "es",
          first_name: "Lucía",
          last_name: email.split("@")[0] ?? "",
          email,
          phone: "+34 600 000 000",
          country: "ES",
          city: "Madrid",
          postal_code: "28001",
          address: "Calle Mayor 1",
        },
        at,
      );
      const paid = await markOrderPaid(handle.db, order.id, { gatewayReference: `test_${order.id}` }, at);
      if (!endsAt) return paid!;
      const delivery = { sealedDetails: "v1.x", startsAt: at, endsAt };
      const delivered = (await markOrderDelivered(handle.db, order.id, delivery, at))!;
      if (status !== "expired") return delivered;
      await handle.db.updateTable("orders").set({ status: "expired" }).where("id", "=", order.id).execute();
      await handle.db.updateTable("accesses").set({ status: "expired" }).where("id", "=", delivered.access_id).execute();
      return { ...delivered, status: "expired" };
    }

    beforeAll(async () => {
      handle = await createTestDatabase(target.dialect);
      await migrateToLatest(handle.db, target.dialect);
      await order("ended-now@example.com", NOW); // ends exactly now: ended
      await order("ends-next-ms@example.com", fromNow(1)); // ending
      await order("ends-in-7-days@example.com", fromNow(7 * dayMs)); // ending, the last instant of "within 7 days"
      await order("ends-after-7-days@example.com", fromNow(7 * dayMs + 1)); // active
      await order("marked-expired@example.com", fromNow(30 * dayMs), "expired"); // expired whatever its date
      // A renewal moves the access's end: the customer shows once, with the new end.
      const renewed = await order("renewed@example.com", fromNow(-3 * dayMs), "expired");
      const renewedEnd = fromNow(90 * dayMs).toISOString();
      await handle.db.updateTable("accesses").set({ status: "active", ends_at: renewedEnd }).where("id", "=", renewed.access_id).execute();
      await order("RENEWED@example.com", null, "paid"); // paid, not delivered: not an access yet
      // A revoked (refunded) access runs no more: the customer shows their earlier one.
      await order("refunded@example.com", fromNow(-40 * dayMs), "expired");
      const refunded = await order("refunded@example.com", fromNow(60 * dayMs));
      await recordRefund(handle.db, refunded.id, { refundedCents: refunded.amount_cents, refundReference: "re_1" }, NOW);
      await handle.db.updateTable("accesses").set({ status: "revoked" }).where("id", "=", refunded.access_id).execute();
      await order("never-delivered@example.com", null, "paid");
    });
    afterAll(async () => {
      await handle?.cleanup();
    });

    const emails = async (filter: "all" | "active" | "ending" | "expired") =>
      (await listCustomers(handle.db, { filter, page: 1, now: NOW })).customers.map((row) => row.email);

    it("puts each customer in a state, at the boundaries too", async () => {
      expect(await emails("ending")).toEqual(["ends-next-ms@example.com", "ends-in-7-days@example.com"]);
      expect(await emails("active")).toEqual(["ends-after-7-days@example.com", "renewed@example.com"]);
      expect(await emails("expired")).toEqual(["marked-expired@example.com", "ended-now@example.com", "refunded@example.com"]);
      expect(await countCustomersByState(handle.db, NOW)).toEqual({ active: 2, ending: 2, expired: 3 });
    });

    it("lists one row per access that runs or ran, with the state of each row", async () => {
      const { customers, total } = await listCustomers(handle.db, { filter: "all", page: 1, now: NOW });
      expect(total).toBe(7);
      expect(customers.map((row) => row.email)).toEqual([
        "renewed@example.com",
        "marked-expired@example.com",
        "ends-after-7-days@example.com",
        "ends-in-7-days@example.com",
        "ends-next-ms@example.com",
        "ended-now@example.com",
        "refunded@example.com",
      ]);
      expect(customers.map((row) => row.state)).toEqual(["active", "expired", "active", "ending", "ending", "expired", "expired"]);
      expect(customers[0]).toMatchObject({ plan_key: "premium", viewers: 3, first_name: "Lucía", status: "active" });
      expect(customers[0]?.reference).toMatch(/^[A-Z]+-/);
      expect(customers[0]).not.toHaveProperty("access_details");
    });

    it("pages the list", async () => {
      const second = await listCustomers(handle.db, { filter: "all", page: 2, pageSize: 3, now: NOW });
      expect(second.total).toBe(7);
      expect(second.customers.map((row) => row.email)).toEqual([
        "ends-in-7-days@example.com",
        "ends-next-ms@example.com",
        "ended-now@example.com",
      ]);
    });

    it("moves customers along as time passes", async () => {
      const tomorrow = fromNow(dayMs);
      expect(await countCustomersByState(handle.db, tomorrow)).toEqual({ active: 1, ending: 2, expired: 4 });
    });
  });
}

describe("a customer's state", () => {
  it("follows the end of the access, and an expired access is expired", () => {
    const state = (status: "active" | "expired", ms: number) => customerState({ status, access_ends_at: fromNow(ms).toISOString() }, NOW);
    expect(state("active", 0)).toBe("expired");
    expect(state("active", 1)).toBe("ending");
    expect(state("active", 7 * dayMs)).toBe("ending");
    expect(state("active", 7 * dayMs + 1)).toBe("active");
    expect(state("expired", 30 * dayMs)).toBe("expired");
  });
});
