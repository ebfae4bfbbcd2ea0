import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testTargets } from "../../tests/support/databases.ts";
import { walkPages } from "../../tests/support/list-pages.ts";
import { createAccess, markOrderDelivered } from "./accesses.ts";
import { type CustomerFilter, countCustomersByState, customerState, customerStates, listCustomers } from "./admin-customers.ts";
import { migrateToLatest } from "./database.ts";
import type { PagePosition } from "./keyset.ts";
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
      // Marked expired by the job once its end passed (the app never marks one whose end is still to come).
      await order("marked-expired@example.com", fromNow(-2 * dayMs), "expired");
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
      // Free trials' lines are accesses too, but not customers': one ending soon, one running, one ended.
      for (const [ends, status] of [
        [fromNow(dayMs), "active"],
        [fromNow(30 * dayMs), "active"],
        [fromNow(-dayMs), "expired"],
      ] as const) {
        const trial = await createAccess(
          handle.db,
          {
            reference: `TR-TEST-000${++created}`,
            email: `trial${created}@example.com`,
            planKey: "premium",
            viewers: 1,
            sealedDetails: "v1.x",
            startsAt: NOW,
            endsAt: ends,
            kind: "trial",
          },
          NOW,
        );
        if (status === "expired") await handle.db.updateTable("accesses").set({ status }).where("id", "=", trial.id).execute();
      }
    });
    afterAll(async () => {
      await handle?.cleanup();
    });

    const emails = (rows: { email: string }[]) => rows.map((row) => row.email);
    /** Every row of a filter's list, read by its links a few at a time. */
    const listed = async (filter: CustomerFilter, now = NOW, pageSize = 2) =>
      (await walkPages((position) => listCustomers(handle.db, { filter, position, pageSize, now }))).flatMap((page) => page.rows);

    it("puts each customer in a state, at the boundaries too", async () => {
      expect(emails(await listed("ending"))).toEqual(["ends-next-ms@example.com", "ends-in-7-days@example.com"]);
      expect(emails(await listed("active"))).toEqual(["ends-after-7-days@example.com", "renewed@example.com"]);
      expect(emails(await listed("expired"))).toEqual(["ended-now@example.com", "marked-expired@example.com", "refunded@example.com"]);
      expect(await countCustomersByState(handle.db, NOW)).toEqual({ active: 2, ending: 2, expired: 3 });
    });

    it("counts each state as many as its list shows, as time passes", async () => {
      for (const now of [NOW, fromNow(1), fromNow(dayMs), fromNow(-1), fromNow(8 * dayMs), fromNow(100 * dayMs)]) {
        const counts = await countCustomersByState(handle.db, now);
        for (const state of customerStates)
          expect((await listed(state, now)).length, `${state} at ${now.toISOString()}`).toBe(counts[state]);
        const all = await listed("all", now);
        expect(all.length).toBe(counts.active + counts.ending + counts.expired);
        for (const state of customerStates) expect(all.filter((row) => row.state === state).length).toBe(counts[state]);
      }
    });

    it("leaves free trials' lines out of the customers and their counts", async () => {
      expect((await listed("all")).some((row) => row.email.startsWith("trial"))).toBe(false);
      const trials = await handle.db.selectFrom("accesses").select("id").where("kind", "=", "trial").execute();
      expect(trials).toHaveLength(3);
    });

    it("lists one row per access that runs or ran, with the state of each row", async () => {
      const { rows, hasNext } = await listCustomers(handle.db, { filter: "all", now: NOW });
      expect(hasNext).toBe(false);
      expect(emails(rows)).toEqual([
        "renewed@example.com",
        "ends-after-7-days@example.com",
        "ends-in-7-days@example.com",
        "ends-next-ms@example.com",
        "ended-now@example.com",
        "marked-expired@example.com",
        "refunded@example.com",
      ]);
      expect(rows.map((row) => row.state)).toEqual(["active", "active", "ending", "ending", "expired", "expired", "expired"]);
      expect(rows[0]).toMatchObject({ plan_key: "premium", viewers: 3, first_name: "Lucía", status: "active" });
      expect(rows[0]?.reference).toMatch(/^[A-Z]+-/);
      expect(rows[0]).not.toHaveProperty("access_details");
    });

    it("pages the list by its links, both ways", async () => {
      const read = (position: PagePosition) => listCustomers(handle.db, { filter: "all", position, pageSize: 3, now: NOW });
      const forwards = await walkPages(read);
      expect(forwards.map((page) => emails(page.rows))).toEqual([
        ["renewed@example.com", "ends-after-7-days@example.com", "ends-in-7-days@example.com"],
        ["ends-next-ms@example.com", "ended-now@example.com", "marked-expired@example.com"],
        ["refunded@example.com"],
      ]);
      const backwards = await walkPages(read, "previous");
      expect(backwards.map((page) => emails(page.rows))).toEqual([
        ["ended-now@example.com", "marked-expired@example.com", "refunded@example.com"],
        ["ends-after-7-days@example.com", "ends-in-7-days@example.com", "ends-next-ms@example.com"],
        ["renewed@example.com"],
      ]);
      // Running accesses, soonest end first, a page at a time.
      expect(emails(await listed("no-renewal", NOW, 1))).toEqual([
        "ends-next-ms@example.com",
        "ends-in-7-days@example.com",
        "ends-after-7-days@example.com",
        "renewed@example.com",
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
