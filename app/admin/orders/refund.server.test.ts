import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listOrderEvents } from "../../../server/db/order-events.ts";
import { findOrderById } from "../../../server/db/repositories.ts";
import type { Order } from "../../../server/db/schema.ts";
import { testTargets } from "../../../tests/support/databases.ts";
import { createOrderTestBed, type OrderTestBed } from "../../../tests/support/orders";
import { refundOrder, reviewRefund } from "./refund.server";

const address = "198.51.100.7";

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`refunding on ${target.dialect}`, () => {
    let bed: OrderTestBed;
    beforeAll(async () => {
      bed = await createOrderTestBed(target.dialect);
    });
    afterAll(() => bed.handle.cleanup());

    const db = () => bed.handle.db;
    const refundMails = (order: Order) =>
      db().selectFrom("mails").selectAll().where("order_id", "=", order.id).where("kind", "=", "order-refund").execute();
    const gatewayPayment = (order: Order) =>
      db().selectFrom("test_gateway_payments").selectAll().where("id", "=", order.gateway_reference!).executeTakeFirstOrThrow();
    const refundAudit = (order: Order) =>
      db().selectFrom("audit_log").selectAll().where("subject", "=", order.reference).where("action", "=", "refund").execute();

    it("asks for a reason first, then shows what will be refunded without changing anything", async () => {
      const order = await bed.paidOrder();
      expect(await reviewRefund(bed.services, bed.operator, order, { intent: "refund-confirm", reason: "" }, address)).toMatchObject({
        ok: false,
        errors: { reason: "reasonRequired" },
      });
      const review = await reviewRefund(bed.services, bed.operator, order, { reason: "duplicate", note: " Ordered twice " }, address);
      expect(review).toMatchObject({
        intent: "refund-confirm",
        ok: true,
        review: { reason: "duplicate", note: "Ordered twice", refundedCents: 0, amountCents: 2900, currency: "EUR" },
      });
      expect(await findOrderById(db(), order.id)).toMatchObject({ status: "paid", refunded_cents: 0 });
      expect(await refundAudit(order)).toEqual([]);
    });

    it("refunds once when two tabs confirm at the same moment", async () => {
      const order = await bed.paidOrder({ language: "es" });
      const confirm = { intent: "refund", reason: "requestedByCustomer", note: "", refundedCents: "0" };
      const results = await Promise.all([
        refundOrder(bed.services, bed.operator, order, confirm, address),
        refundOrder(bed.services, bed.operator, order, confirm, address),
      ]);
      expect(results.filter((result) => result.ok)).toEqual([
        { intent: "refund", ok: true, message: { key: "orders.refund.done", values: { amount: { cents: 2900, currency: "EUR" } } } },
      ]);
      expect(results.find((result) => !result.ok)?.message?.key).toBe("orders.refund.already");

      expect((await gatewayPayment(order)).refunded_cents).toBe(2900);
      expect(await findOrderById(db(), order.id)).toMatchObject({
        status: "refunded",
        refunded_cents: 2900,
        refund_reference: expect.stringMatching(/^test_re_/),
      });
      const mails = await refundMails(order);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.to_address).toBe(order.email);
      expect(mails[0]!.body_text).toContain("29 €");
      expect(mails[0]!.subject).toContain("reembolsado");
      expect(mails[0]!.body_text).not.toContain("requestedByCustomer");
      const events = (await listOrderEvents(db(), order.id)).filter((event) => event.type === "refunded");
      expect(events).toEqual([expect.objectContaining({ actor: bed.operator.email })]);
      expect(JSON.parse(events[0]!.details!)).toMatchObject({ amountCents: 2900, currency: "EUR", reason: "requestedByCustomer" });
      expect(await refundAudit(order)).toHaveLength(1);

      const after = (await findOrderById(db(), order.id))!;
      expect(await refundOrder(bed.services, bed.operator, after, { ...confirm, refundedCents: "2900" }, address)).toMatchObject({
        ok: false,
        message: { key: "orders.refund.already" },
      });
      expect((await gatewayPayment(order)).refunded_cents).toBe(2900);
    });

    it("refunds a delivered order too", async () => {
      const order = await bed.paidOrder();
      await db().updateTable("orders").set({ status: "fulfilled" }).where("id", "=", order.id).execute();
      const fulfilled = (await findOrderById(db(), order.id))!;
      const result = await refundOrder(bed.services, bed.operator, fulfilled, { reason: "serviceProblem", refundedCents: "0" }, address);
      expect(result.ok).toBe(true);
      expect(await findOrderById(db(), order.id)).toMatchObject({ status: "refunded" });
    });

    it("goes no further when the order changed since the operator looked at it", async () => {
      const order = await bed.paidOrder();
      const result = await refundOrder(bed.services, bed.operator, order, { reason: "duplicate", refundedCents: "100" }, address);
      expect(result).toMatchObject({ ok: false, message: { key: "orders.refund.changed" } });
      expect((await gatewayPayment(order)).refunded_cents).toBe(0);
      expect(await refundOrder(bed.services, bed.operator, order, { reason: "duplicate" }, address)).toMatchObject({
        message: { key: "orders.refund.changed" },
      });
    });

    it("says so when the processor refuses, and changes nothing", async () => {
      const order = await bed.paidOrder();
      // Part of it was refunded elsewhere (the processor's dashboard): a full refund from 0 is refused.
      await db().updateTable("test_gateway_payments").set({ refunded_cents: 1000 }).where("id", "=", order.gateway_reference!).execute();
      const result = await refundOrder(bed.services, bed.operator, order, { reason: "fraudulent", refundedCents: "0" }, address);
      expect(result).toMatchObject({ ok: false, message: { key: "orders.refund.refused", values: { reason: expect.any(String) } } });
      expect(await findOrderById(db(), order.id)).toMatchObject({ status: "paid", refunded_cents: 0, refund_reference: null });
      expect(await refundMails(order)).toEqual([]);
      expect((await listOrderEvents(db(), order.id)).map((event) => event.type)).not.toContain("refunded");
      expect(await refundAudit(order)).toEqual([expect.objectContaining({ details: expect.stringContaining('"outcome":"refused"') })]);
    });

    it("refunds neither pending orders nor orders without a reason", async () => {
      const pending = await bed.pendingOrder();
      expect((await refundOrder(bed.services, bed.operator, pending, { reason: "other", refundedCents: "0" }, address)).message?.key).toBe(
        "orders.refund.notRefundable",
      );
      expect((await reviewRefund(bed.services, bed.operator, pending, { reason: "other" }, address)).message?.key).toBe(
        "orders.refund.notRefundable",
      );
      const paid = await bed.paidOrder();
      expect((await refundOrder(bed.services, bed.operator, paid, { reason: "because", refundedCents: "0" }, address)).message?.key).toBe(
        "orders.refund.reasonRequired",
      );
      expect((await gatewayPayment(paid)).refunded_cents).toBe(0);
    });
  });
}
