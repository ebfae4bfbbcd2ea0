import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addCalendarMonths } from "../../common/access-period.ts";
import { createTestDatabase, type TestDatabase, testTargets } from "../../tests/support/databases.ts";
import { newOrder } from "../../tests/support/new-order.ts";
import { findAccessById, markOrderDelivered, markRenewalExtended } from "./accesses.ts";
import { migrateToLatest } from "./database.ts";
import { createOrder, markOrderPaid } from "./repositories.ts";

const T0 = new Date("2026-03-01T09:30:00.000Z");
const minutes = (count: number) => new Date(T0.getTime() + count * 60_000);

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`the writes of accesses on ${target.dialect}`, () => {
    let handle: TestDatabase;
    beforeAll(async () => {
      handle = await createTestDatabase(target.dialect);
      await migrateToLatest(handle.db, target.dialect);
    });
    afterAll(() => handle.cleanup());

    const paidOrder = async (overrides: Parameters<typeof newOrder>[0] = {}) => {
      const { order } = await createOrder(handle.db, newOrder(overrides), minutes(0));
      return (await markOrderPaid(handle.db, order.id, { gatewayReference: `pay_${order.id}` }, minutes(40)))!;
    };
    const delivery = { sealedDetails: "v1.sealed", startsAt: minutes(50), endsAt: addCalendarMonths(minutes(50), 3) };

    it("delivers a paid order once, even when asked twice at once", async () => {
      const order = await paidOrder();
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
      const accesses = await handle.db.selectFrom("accesses").select("id").where("reference", "=", order.reference).execute();
      expect(accesses).toHaveLength(1);
      const { order: pending } = await createOrder(handle.db, newOrder(), minutes(1));
      expect(await markOrderDelivered(handle.db, pending.id, delivery)).toBeUndefined();
    });

    it("marks a paid renewal extended once, and nothing else", async () => {
      const first = (await markOrderDelivered(handle.db, (await paidOrder()).id, delivery, minutes(50)))!;
      const renewal = await paidOrder({ renews_access_id: first.access_id });
      expect(await markRenewalExtended(handle.db, renewal.id, minutes(60))).toBeUndefined(); // not applied to its access yet
      await handle.db.updateTable("orders").set({ access_id: first.access_id }).where("id", "=", renewal.id).execute();
      expect(await markRenewalExtended(handle.db, renewal.id, minutes(60))).toMatchObject({ status: "fulfilled" });
      expect(await markRenewalExtended(handle.db, renewal.id, minutes(61))).toBeUndefined();
      expect(await markRenewalExtended(handle.db, (await paidOrder()).id, minutes(60))).toBeUndefined(); // a first order
    });
  });
}
