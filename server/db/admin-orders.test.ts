import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addCalendarMonths } from "../../common/access-period.ts";
import { createTestDatabase, type TestDatabase, testTargets } from "../../tests/support/databases.ts";
import { walkPages } from "../../tests/support/list-pages.ts";
import { newOrder } from "../../tests/support/new-order.ts";
import { countAwaitingDelivery, findOrderMail, listOrderMails, listOrders } from "./admin-orders.ts";
import { migrateToLatest } from "./database.ts";
import { ORDER_REFERENCE_PREFIX } from "./orders.ts";
import { createOrder, insertMail, markOrderPaid } from "./repositories.ts";
import type { Order } from "./schema.ts";

const T0 = new Date("2026-03-01T09:30:00.000Z");
const minutes = (count: number) => new Date(T0.getTime() + count * 60_000);
/** Everyone else is Camille Durand (camille@example.com). */
const people: Record<number, { first_name: string; last_name: string; email: string }> = {
  7: { first_name: "Zoé", last_name: "O'Brien", email: "Zoe.OBrien@Example.com" },
  8: { first_name: "Ana", last_name: "100%_sure", email: "ana@example.com" },
  9: { first_name: "Élodie", last_name: "Martín\\Núñez", email: "elodie@example.com" },
};

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
        const { order } = await createOrder(handle.db, newOrder(people[index] ?? {}), minutes(index));
        orders.push(order);
      }
      for (const index of [3, 5, 7]) await markOrderPaid(handle.db, orders[index]!.id, { gatewayReference: `pay_${index}` }, minutes(40));
    });
    afterAll(() => handle.cleanup());

    const ids = (page: { rows: { id: number }[] }) => page.rows.map((order) => order.id);
    const idsOf = (...indexes: number[]) => indexes.map((index) => orders[index]!.id);
    const found = async (search: string) => ids(await listOrders(handle.db, { search }));

    it("lists newest first, 25 a page, and says how many match", async () => {
      const first = await listOrders(handle.db, {});
      expect(first).toMatchObject({ matching: { count: 30, more: false }, hasPrevious: false, hasNext: true });
      expect(first.rows).toHaveLength(25);
      expect(first.rows[0]!.id).toBe(orders[29]!.id);
      const pages = await walkPages((position) => listOrders(handle.db, { position }));
      expect(pages.map(ids)).toEqual([ids(first), idsOf(4, 3, 2, 1, 0)]);
      expect(pages[1]).toMatchObject({ matching: { count: 30, more: false }, hasPrevious: true, hasNext: false });
    });

    it("reads the last page backwards, and answers a page naming no row with nothing", async () => {
      const last = await listOrders(handle.db, { position: { at: "last" }, pageSize: 10 });
      expect(ids(last)).toEqual(idsOf(9, 8, 7, 6, 5, 4, 3, 2, 1, 0));
      expect(last).toMatchObject({ hasPrevious: true, hasNext: false });
      const past = await listOrders(handle.db, { position: { at: "after", cursor: { key: minutes(-1).toISOString(), id: 1 } } });
      expect(past).toMatchObject({ rows: [], hasPrevious: true, hasNext: false });
      const none = await listOrders(handle.db, { status: "refunded", position: { at: "last" } });
      expect(none).toMatchObject({ rows: [], hasPrevious: false, hasNext: false, matching: { count: 0, more: false } });
    });

    it("filters by status", async () => {
      const paid = await listOrders(handle.db, { status: "paid" });
      expect(ids(paid)).toEqual(idsOf(7, 5, 3));
      expect(paid.matching).toEqual({ count: 3, more: false });
      expect(await countAwaitingDelivery(handle.db)).toEqual({ count: 3, more: false });
    });

    it("searches the start of a reference, with or without its prefix, whatever the case", async () => {
      const zoe = orders[7]!;
      const [prefix, ...blocks] = zoe.reference.split("-");
      expect(prefix).toBe(ORDER_REFERENCE_PREFIX);
      for (const search of [
        zoe.reference,
        zoe.reference.toLowerCase(),
        `${prefix}-${blocks[0]}`,
        blocks.join("-"),
        blocks[0]!.toLowerCase(),
      ]) {
        expect(await found(search), search).toEqual([zoe.id]);
      }
    });

    it("searches the start of an e-mail, a full name or a last name, accents and apostrophes included", async () => {
      for (const search of ["zoe.obrien@example", "ZOE.OB", "Zoé O'Brien", "ZOÉ o'brien", "zoé o", "o'BRIEN", "o'b"]) {
        expect(await found(search), search).toEqual(idsOf(7));
      }
      for (const search of ["martín", "MARTÍN\\NÚÑEZ", "Martín\\n", "elodie@"]) {
        expect(await found(search), search).toEqual(idsOf(9));
      }
      expect(await found("zoe o'brien")).toEqual([]);
      expect(await found("brien")).toEqual([]);
    });

    // SQLite's own lower() folds A-Z only; every connection replaces it with a Unicode one (sqlite-dialect.ts).
    it("searches a name that starts with an accented capital", async () => {
      for (const search of ["élodie", "Élodie", "ÉLODIE MARTÍN"]) expect(await found(search), search).toEqual(idsOf(9));
    });

    it("counts and pages a search's matches by the list's links", async () => {
      const everyone = await walkPages((position) => listOrders(handle.db, { search: "  camille   DURAND ", position, pageSize: 10 }));
      const camilles = idsOf(...Array.from({ length: 30 }, (_, index) => 29 - index).filter((index) => !people[index]));
      expect(everyone.flatMap(ids)).toEqual(camilles);
      expect(everyone.map((page) => page.matching)).toEqual([0, 1, 2].map(() => ({ count: 27, more: false })));
      const back = await walkPages((position) => listOrders(handle.db, { search: "camille", position, pageSize: 10 }), "previous");
      expect(back.flatMap((page) => ids(page).reverse())).toEqual([...camilles].reverse());
      const paid = await listOrders(handle.db, { search: "durand", status: "paid" });
      expect(paid).toMatchObject({ matching: { count: 2, more: false } });
      expect(ids(paid)).toEqual(idsOf(5, 3));
    });

    it("takes %, _ and \\ literally", async () => {
      expect(await found("100%_")).toEqual(idsOf(8));
      expect(await found("ana 100%_s")).toEqual(idsOf(8));
      // As wildcards, each of these would find Ana's order (or every order).
      for (const search of ["%", "_", "100_", "100%s", "a%", "_na", "\\", "100\\%"]) expect(await found(search), search).toEqual([]);
      expect(await found("martín\\")).toEqual(idsOf(9));
      expect(await found("martín\\n")).toEqual(idsOf(9));
      expect(await found("martín\\_")).toEqual([]);
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
  });
}
