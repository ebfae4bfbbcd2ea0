/**
 * The console's automatic renewal on both databases: the order page shows it (from the first order and from
 * an order its charge made), "Stop automatic renewal" stops it once and is audited, and Customers filters by it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAudit } from "../../../server/admin/audit.ts";
import { listCustomers } from "../../../server/db/admin-customers.ts";
import { listOrderEvents } from "../../../server/db/order-events.ts";
import { findSubscriptionById, startSubscription, updateSubscription } from "../../../server/db/subscriptions.ts";
import { testTargets } from "../../../tests/support/databases.ts";
import { createOrderTestBed, type OrderTestBed } from "../../../tests/support/orders.ts";
import { runOrderAction } from "./actions.server";
import { loadOrderPage } from "./order-page.server";

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`automatic renewal in the console on ${target.dialect}`, () => {
    let bed: OrderTestBed;
    beforeAll(async () => {
      bed = await createOrderTestBed(target.dialect);
    });
    afterAll(() => bed.handle.cleanup());

    const subscribed = async (email: string) => {
      const order = await bed.deliveredOrder({ email });
      const card = { brand: "visa", last4: "4242" };
      const { subscription } = await startSubscription(bed.handle.db, {
        order,
        card,
        nextChargeAt: new Date(Date.now() + 20 * 86_400_000),
      });
      return { order, subscription };
    };

    it("shows the subscription on the first order and on the renewal its charge made", async () => {
      const { order, subscription } = await subscribed("shown@example.com");
      expect((await loadOrderPage(bed.services, order.reference))?.subscription).toMatchObject({
        id: subscription.id,
        status: "active",
        card_last4: "4242",
      });
      expect((await loadOrderPage(bed.services, order.reference))?.subscription).not.toHaveProperty("payment_method");
      const renewal = await bed.paidRenewal(order.access_id!, { email: "shown@example.com" });
      await bed.handle.db.updateTable("orders").set({ subscription_id: subscription.id }).where("id", "=", renewal.id).execute();
      expect((await loadOrderPage(bed.services, renewal.reference))?.subscription).toMatchObject({ id: subscription.id });
      const plain = await bed.deliveredOrder({ email: "plain@example.com" });
      expect((await loadOrderPage(bed.services, plain.reference))?.subscription).toBeNull();
    });

    it("stops it with the operator's e-mail on the timeline and in the audit log, once", async () => {
      const { order, subscription } = await subscribed("stopped@example.com");
      const form = { intent: "stop-renewal", subscription: String(subscription.id) };
      const result = await runOrderAction(bed.services, bed.operator, order, form, "198.51.100.7");
      expect(result).toMatchObject({ intent: "stop-renewal", ok: true, message: { key: "orders.subscription.stop.done" } });
      expect((await findSubscriptionById(bed.handle.db, subscription.id))?.status).toBe("stopping");
      const stoppedLines = (await listOrderEvents(bed.handle.db, order.id)).filter((event) => event.type === "subscription-stopped");
      expect(stoppedLines).toEqual([expect.objectContaining({ actor: bed.operator.email })]);
      const { rows: entries } = await listAudit(bed.handle.db, { pageSize: 10, action: "stop-renewal" });
      expect(entries).toEqual([
        expect.objectContaining({ operator_email: bed.operator.email, subject: order.reference, address: "198.51.100.7" }),
      ]);

      const again = await runOrderAction(bed.services, bed.operator, order, form, "198.51.100.7");
      expect(again).toMatchObject({ ok: false, message: { key: "orders.subscription.stop.already" } });
      expect((await listAudit(bed.handle.db, { pageSize: 10, action: "stop-renewal" })).rows).toHaveLength(1);
    });

    it("refuses a form naming another subscription than the order's", async () => {
      const { order } = await subscribed("mine@example.com");
      const other = await subscribed("theirs@example.com");
      const result = await runOrderAction(
        bed.services,
        bed.operator,
        order,
        { intent: "stop-renewal", subscription: String(other.subscription.id) },
        "x",
      );
      expect(result).toMatchObject({ ok: false, message: { key: "orders.subscription.stop.notFound" } });
      expect((await findSubscriptionById(bed.handle.db, other.subscription.id))?.status).toBe("active");
    });

    it("filters customers by renews, payment failing, ends without renewal", async () => {
      const renews = await subscribed("filter-renews@example.com");
      const failing = await subscribed("filter-failing@example.com");
      await updateSubscription(bed.handle.db, failing.subscription.id, { status: "failing", failed_attempts: 1 });
      await bed.deliveredOrder({ email: "filter-none@example.com" });
      const emails = async (filter: "renews" | "failing" | "no-renewal") =>
        (await listCustomers(bed.handle.db, { filter, pageSize: 500 })).rows.map((row) => [row.email, row.renewal]);
      expect(await emails("renews")).toContainEqual(["filter-renews@example.com", "active"]);
      expect(await emails("renews")).not.toContainEqual(expect.arrayContaining(["filter-failing@example.com"]));
      expect(await emails("failing")).toEqual([["filter-failing@example.com", "failing"]]);
      const none = await emails("no-renewal");
      expect(none).toContainEqual(["filter-none@example.com", null]);
      expect(none.map(([email]) => email)).not.toContain(renews.order.email);
      // The stopped one ends without renewal.
      expect(none.map(([email]) => email)).toContain("stopped@example.com");
    });
  });
}
