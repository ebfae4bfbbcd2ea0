import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addCalendarMonths } from "../../common/access-period.ts";
import { createTestDatabase, type TestDatabase, testTargets } from "../../tests/support/databases.ts";
import { newOrder } from "../../tests/support/new-order.ts";
import { findAccessById } from "./accesses.ts";
import { countAwaitingDelivery, findOrderMail, listOrderMails, listOrders, markOrderDelivered } from "./admin-orders.ts";
import { migrateToLatest } from "./database.ts";
import { createOrder, insertMail, markOrderPaid } from "./repositories.ts";
import type { Order } from "./schema.ts";

const T0 = new Date("2026-03-01T09:30:00.000Z");
const minutes = (count: number) => new Date(T0.getTime() + count * 60_000);

describe("calendar months", () => {
  it("keep the time and stay within the target month", () => {
    expect(addCalendarMonths(new Date("2026-01-31T10:00:00.000Z"), 1).toISOString()).toBe("2026-02-28T10:00:00.000Z");
    expect(addCalendarMonths(new Date("2028-01-31T10:00:00.000Z"), 1).toISOString()).toBe("2028-02-29T10:00:00.000Z");
    expect(addCalendarMonths(new Date("2026-03-15T08:30:00.000Z"), 3).toISOString()).toBe("2026-06-15T08:30:00.000Z");
    expect(addCalendarMonths(new Date("2026-11-30T23:59:00.000Z"), 12).toISOString()).toBe("2027-11-30T23:59:00.000Z");
  });
});

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`console order queries on ${target.dialect}`, () => {
    let handle: TestDatabase;
    const orders: Order[] = [];

    beforeAll(async () => {
      handle = await createTestDatabase(target.dialect);
      await migrateToLatest(handle.db, target.dialect);
      // 30 orders a minute apart, so "newest first" and the pages are predictable.
      for (let index = 0; index < 30; index++) {
        const person = index === 7 ? { first_name: "Zoé", last_name: "O'Brien", email: "Zoe.OBrien@Example.com" } : {};
        const special = index === 8 ? { first_name: "Ana", last_name: "100%_sure", email: "ana@example.com" } : {};
        const { order } = await createOrder(handle.db, newOrder({ ...person, ...special }), minutes(index));
        orders.push(order);
      }
      for (const index of [3, 5, 7]) await markOrderPaid(handle.db, orders[index]!.id, { gatewayReference: `pay_${index}` }, minutes(40));
    });
    afterAll(() => handle.cleanup());

    it("lists newest first, 25 a page, and says how many pages there are", async () => {
      const first = await listOrders(handle.db, {});
      expect(first).toMatchObject({ total: 30, page: 1, pages: 2 });
      expect(first.orders).toHaveLength(25);
      expect(first.orders[0]!.id).toBe(orders[29]!.id);
      const second = await listOrders(handle.db, { page: 2 });
      expect(second.orders.map((order) => order.id)).toEqual(
        orders
          .slice(0, 5)
          .map((order) => order.id)
          .reverse(),
      );
    });

    it("clamps a page out of range rather than failing", async () => {
      expect((await listOrders(handle.db, { page: 99 })).page).toBe(2);
      expect((await listOrders(handle.db, { page: -3 })).page).toBe(1);
      expect(await listOrders(handle.db, { status: "refunded", page: 4 })).toEqual({ orders: [], total: 0, page: 1, pages: 1 });
    });

    it("filters by status", async () => {
      const paid = await listOrders(handle.db, { status: "paid" });
      expect(paid.orders.map((order) => order.id)).toEqual([7, 5, 3].map((index) => orders[index]!.id));
      expect(await countAwaitingDelivery(handle.db)).toBe(3);
    });

    it("searches reference, e-mail and full name, whatever the case", async () => {
      const zoe = orders[7]!;
      for (const search of [zoe.reference.toLowerCase(), zoe.reference.slice(-4), "zoe.obrien@example", "ZOÉ o'brien", "o'BRIEN"]) {
        expect(
          (await listOrders(handle.db, { search })).orders.map((order) => order.id),
          search,
        ).toEqual([zoe.id]);
      }
      expect((await listOrders(handle.db, { search: "  camille durand " })).total).toBe(28);
      expect((await listOrders(handle.db, { search: "durand", status: "paid" })).total).toBe(2);
    });

    it("takes % and _ literally", async () => {
      expect((await listOrders(handle.db, { search: "100%_" })).orders.map((order) => order.id)).toEqual([orders[8]!.id]);
      expect((await listOrders(handle.db, { search: "%" })).total).toBe(1);
      expect((await listOrders(handle.db, { search: "_" })).total).toBe(1);
      expect((await listOrders(handle.db, { search: "\\" })).total).toBe(0);
    });

    it("finds an order's mails, and a mail only through its own order", async () => {
      const [first, second] = [orders[3]!, orders[5]!];
      const mail = await insertMail(
        handle.db,
        { kind: "order-confirmation", to_address: "a@example.com", subject: "S", body_text: "T", order_id: first.id },
        minutes(41),
      );
      await insertMail(
        handle.db,
        { kind: "order-confirmation", to_address: "b@example.com", subject: "S", body_text: "T", order_id: second.id },
        minutes(41),
      );
      expect((await listOrderMails(handle.db, first.id)).map((row) => row.id)).toEqual([mail.id]);
      expect(await findOrderMail(handle.db, first.id, mail.id)).toMatchObject({ id: mail.id });
      expect(await findOrderMail(handle.db, second.id, mail.id)).toBeUndefined();
    });

    it("delivers a paid order once, even when asked twice at once", async () => {
      const order = orders[5]!;
      const delivery = { sealedDetails: "v1.sealed", startsAt: minutes(50), endsAt: addCalendarMonths(minutes(50), 3) };
      const results = await Promise.all([
        markOrderDelivered(handle.db, order.id, delivery, minutes(50)),
        markOrderDelivered(handle.openAnother(), order.id, delivery, minutes(50)),
      ]);
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(results.find(Boolean)).toMatchObject({
        status: "fulfilled",
        access_id: expect.any(Number),
        access_starts_at: "2026-03-01T10:20:00.000Z",
        access_ends_at: "2026-06-01T10:20:00.000Z",
      });
      const access = await findAccessById(handle.db, results.find(Boolean)?.access_id ?? 0);
      expect(access).toMatchObject({
        reference: order.reference,
        status: "active",
        details: "v1.sealed",
        starts_at: "2026-03-01T10:20:00.000Z",
        ends_at: "2026-06-01T10:20:00.000Z",
      });
      expect(await handle.db.selectFrom("accesses").select("id").execute()).toHaveLength(1);
      expect(await markOrderDelivered(handle.db, orders[0]!.id, delivery)).toBeUndefined(); // pending, not paid
    });
  });
}
