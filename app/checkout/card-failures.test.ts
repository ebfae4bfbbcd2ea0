/**
 * Payments the test gateway declines, at once or at its authentication step, and orders reconciliation gives
 * up on: each counts as a decline (or not) and shows on the order's timeline exactly once, on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listOrderEvents } from "../../server/db/order-events.ts";
import { findOrderByIdempotencyKey, findOrderByReference } from "../../server/db/repositories.ts";
import type { Job, Order } from "../../server/db/schema.ts";
import type { TestGateway } from "../../server/payments/test-gateway.ts";
import { cardCheckout } from "../../tests/support/checkout-details";
import { testTargets } from "../../tests/support/databases.ts";
import { createOrderTestBed, type OrderTestBed } from "../../tests/support/orders";
import { declines } from "../rate-limit.server";
import { placeCardOrder } from "./place-order.server";
import { reconcileSweepHandler } from "./reconciliation.server";
import { settleOrder } from "./settle-order.server";

const cards = { declined: "4000000000000002", authentication: "4000002760003184" };
const context = { language: "en" as const, origin: "http://shop.test" };

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`payment failures with the test gateway on ${target.dialect}`, () => {
    let bed: OrderTestBed;
    beforeAll(async () => {
      bed = await createOrderTestBed(target.dialect);
    });
    afterAll(() => bed?.handle.cleanup());

    let visitors = 0;
    const visitor = () => `192.0.2.${++visitors}`;
    const services = () => ({ ...bed.services, gateway: bed.services.gateway as TestGateway });
    const orderOf = async (reference: string) => (await findOrderByReference(bed.services.db, reference))!;
    /** Checks out with a card as the checkout does; gives the outcome and the order as it is then. */
    const place = async (card: string, address: string) => {
      const form = cardCheckout(card);
      const outcome = await placeCardOrder(form, services(), { ...context, address });
      return { outcome, order: (await findOrderByIdempotencyKey(bed.services.db, form.idempotencyKey))! };
    };
    const declinesOf = (order: Order, address: string) => declines.counts(bed.services.db, { address, email: order.email });
    const outcomes = async (order: Order) =>
      (await listOrderEvents(bed.services.db, order.id))
        .filter((event) => ["paid", "declined", "abandoned", "failed"].includes(event.type))
        .map(({ type, actor }) => ({ type, actor }));

    it("a card declined at once counts one decline and leaves one 'declined' line; settling it again adds none", async () => {
      const address = visitor();
      const { outcome, order } = await place(cards.declined, address);
      expect(outcome).toMatchObject({ status: "failed", reason: "declined" });
      await settleOrder(services(), order, { unknownMeansAbandoned: true });
      expect(await orderOf(order.reference)).toMatchObject({ status: "failed", client_address: null, payment_processor: "test" });
      expect(await declinesOf(order, address)).toEqual({ address: 1, email: 1 });
      expect(await outcomes(order)).toEqual([{ type: "declined", actor: "processor" }]);
    });

    it("a failed authentication counts one decline and leaves one 'failed' line, however many paths settle it", async () => {
      const address = visitor();
      const { outcome, order: pending } = await place(cards.authentication, address);
      expect(outcome.status).toBe("redirect");
      expect(pending).toMatchObject({ status: "pending", client_address: address });
      await services().gateway.authenticate(pending.payment_session_id!, false);
      // The authentication step, the return page and reconciliation, at once.
      await Promise.all([settleOrder(services(), pending), settleOrder(services(), pending), settleOrder(services(), pending)]);
      expect(await orderOf(pending.reference)).toMatchObject({ status: "failed", failure_reason: "authenticationFailed" });
      expect(await declinesOf(pending, address)).toEqual({ address: 1, email: 1 });
      expect(await outcomes(pending)).toEqual([{ type: "failed", actor: "processor" }]);
    });

    it("an order the processor never heard of is abandoned by reconciliation: one line by the shop, no decline", async () => {
      const address = visitor();
      const order = await bed.pendingOrder({ client_address: address });
      const sweep = reconcileSweepHandler(services(), { afterMs: 10 * 60_000 });
      const job = { id: 1, kind: "reconcile-sweep", payload: "{}", attempts: 1, max_attempts: 1 } as Job;
      const later = new Date(Date.parse(order.created_at) + 11 * 60_000);
      await sweep.run(job, later);
      await sweep.run(job, later);
      expect(await orderOf(order.reference)).toMatchObject({ status: "failed", failure_reason: "abandoned" });
      expect(await declinesOf(order, address)).toEqual({ address: 0, email: 0 });
      expect(await outcomes(order)).toEqual([{ type: "abandoned", actor: "system" }]);
    });

    it("an order placed before addresses were kept counts its decline for the e-mail", async () => {
      const order = await bed.pendingOrder();
      const card = { number: cards.declined, expiry: "12/30", cvv: "123", brand: "visa" as const };
      await services().gateway.charge({ reference: order.reference, amountCents: order.amount_cents, currency: order.currency, card });
      await settleOrder(services(), order);
      expect(await declinesOf(order, "unknown")).toEqual({ address: 0, email: 1 });
      expect(await outcomes(order)).toEqual([{ type: "declined", actor: "processor" }]);
    });
  });
}
