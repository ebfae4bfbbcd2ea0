/**
 * Payments Stripe declines, sessions left unpaid and refunds made in Stripe's Dashboard: each counts as a
 * decline (or not) and shows on the order's timeline exactly once, whichever path learns of it first.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverConfig } from "../../server/config.ts";
import { listOrderEvents } from "../../server/db/order-events.ts";
import type { Job, Order } from "../../server/db/schema.ts";
import { contactDetails } from "../../tests/support/checkout-details";
import { checkoutContext, type StripeTestBed, startStripeTestBed } from "../../tests/support/stripe";
import { declines } from "../rate-limit.server";
import { placeHostedOrder } from "./place-order.server";
import { reconcileSweepHandler } from "./reconciliation.server";
import { settleOrder } from "./settle-order.server";

let bed: StripeTestBed;
beforeAll(async () => {
  bed = await startStripeTestBed();
});
afterAll(() => bed.close());

let visitors = 0;
/** A visitor of their own, so one test's declines never block another's checkout. */
const visitor = () => ({ ...checkoutContext, address: `198.51.100.${++visitors}` });
const declinesOf = (order: Order, address: string) => declines.counts(bed.db, { address, email: order.email });
const services = () => bed.services;
/** The timeline's lines about the payment's outcome. */
const outcomes = async (order: Order) =>
  (await listOrderEvents(bed.db, order.id))
    .filter((event) => ["paid", "declined", "abandoned", "failed", "refunded"].includes(event.type))
    .map(({ type, actor, details }) => ({ type, actor, details: JSON.parse(details ?? "null") }));
const eventOf = (type: string, objectId: string) =>
  bed.fake.events.find((recorded) => recorded.event.type === type && (recorded.event.data.object as { id: string }).id === objectId)!;
const sessionsCreated = () => bed.fake.requests.filter((request) => request.method === "POST" && request.path === "/v1/checkout/sessions");

/** A bank debit that the bank refuses days later (`checkout.session.async_payment_failed`). */
async function failedDebit(context = visitor(), changes = {}) {
  const { order, sessionId } = await bed.checkout(changes, context);
  await bed.fake.completeSession(sessionId, "delayed");
  await bed.fake.settleDelayed(sessionId, "failed");
  return { order, sessionId, address: context.address };
}

describe("payments Stripe declines", () => {
  it("a bank debit that fails counts one decline for the address and the e-mail; its replay, the return page and reconciliation count none more", async () => {
    const { order, sessionId, address } = await failedDebit();
    expect(await bed.current(order)).toMatchObject({ status: "failed", failure_reason: "insufficientFunds", client_address: null });
    expect(await declinesOf(order, address)).toEqual({ address: 1, email: 1 });

    expect(await bed.fake.deliver(eventOf("checkout.session.async_payment_failed", sessionId).event.id)).toBe(200);
    await settleOrder(services(), await bed.current(order));
    await settleOrder(services(), order, { unknownMeansAbandoned: true });
    expect(await declinesOf(order, address)).toEqual({ address: 1, email: 1 });
    expect(await outcomes(order)).toEqual([{ type: "declined", actor: "processor", details: { reason: "insufficientFunds" } }]);
  });

  it("learned by reconciliation while the webhook is down, then by every path at once: still one decline, one line", async () => {
    const context = visitor();
    const { order, sessionId } = await bed.checkout({}, context);
    bed.fake.setWebhooksHeld(true);
    await bed.fake.completeSession(sessionId, "delayed");
    await bed.fake.settleDelayed(sessionId, "failed");
    bed.fake.setWebhooksHeld(false);
    const sweep = reconcileSweepHandler(services(), { afterMs: 10 * 60_000 });
    const job = { id: 1, kind: "reconcile-sweep", payload: "{}", attempts: 1, max_attempts: 1 } as Job;
    await Promise.all([
      sweep.run(job, new Date(Date.parse(order.created_at) + 11 * 60_000)),
      bed.fake.deliver(eventOf("checkout.session.async_payment_failed", sessionId).event.id),
      settleOrder(services(), order),
    ]);
    expect((await bed.current(order)).status).toBe("failed");
    expect(await declinesOf(order, context.address)).toEqual({ address: 1, email: 1 });
    expect(await outcomes(order)).toHaveLength(1);
  });

  it(`past CHECKOUT_DECLINE_LIMIT declines the checkout refuses before any Checkout Session is created`, async () => {
    const context = visitor();
    const email = `tester.${Date.now()}@example.com`;
    for (let i = 0; i < serverConfig().CHECKOUT_DECLINE_LIMIT; i++) await failedDebit(context, { email });
    const before = sessionsCreated().length;
    const place = (changes: object, address: string) => placeHostedOrder(contactDetails(changes), services(), { ...context, address });
    // The address with any e-mail, and the e-mail from any address.
    expect(await place({}, context.address)).toEqual({ status: "blocked" });
    expect(await place({ email }, visitor().address)).toEqual({ status: "blocked" });
    expect(sessionsCreated()).toHaveLength(before);
  });
});

describe("sessions left unpaid, and refunds made in Stripe's Dashboard", () => {
  it("a session that expires counts no decline, and leaves one 'abandoned' line, replayed or not", async () => {
    const context = visitor();
    const { order, sessionId } = await bed.checkout({}, context);
    await bed.fake.expireSession(sessionId);
    expect(await bed.fake.deliver(eventOf("checkout.session.expired", sessionId).event.id)).toBe(200);
    expect(await declinesOf(order, context.address)).toEqual({ address: 0, email: 0 });
    expect(await outcomes(order)).toEqual([{ type: "abandoned", actor: "processor", details: { reason: "abandoned" } }]);
  });

  it("'Back' from Stripe's page (the session ended, then settled) leaves one 'abandoned' line and no decline", async () => {
    const context = visitor();
    const { order, sessionId } = await bed.checkout({}, context);
    // As resumeCheckout does; Stripe's webhook about the expiry comes too.
    expect(await bed.gateway.expire(sessionId)).toBe(true);
    await settleOrder(services(), order);
    expect(await bed.current(order)).toMatchObject({ status: "failed", failure_reason: "abandoned" });
    expect(await declinesOf(order, context.address)).toEqual({ address: 0, email: 0 });
    expect(await outcomes(order)).toEqual([{ type: "abandoned", actor: "processor", details: { reason: "abandoned" } }]);
  });

  it("each refund made in the Dashboard leaves one 'refunded' line with its amount; replayed, none more", async () => {
    const { order, sessionId } = await bed.checkout({}, visitor());
    await bed.fake.completeSession(sessionId, "card");
    const paymentIntent = (await bed.current(order)).gateway_reference!;
    const partial = await bed.fake.refundFromDashboard(paymentIntent, 500);
    const [refunded] = bed.fake.events.filter((recorded) => recorded.event.type === "charge.refunded").slice(-1);
    expect(await bed.fake.deliver(refunded!.event.id)).toBe(200);
    await settleOrder(services(), await bed.current(order));
    await bed.fake.refundFromDashboard(paymentIntent);
    expect(partial.amount).toBe(500);
    expect(await bed.current(order)).toMatchObject({ status: "refunded", refunded_cents: order.amount_cents });
    expect(await outcomes(order)).toEqual([
      { type: "paid", actor: "processor", details: { gatewayReference: paymentIntent } },
      { type: "refunded", actor: "processor", details: { amountCents: 500, currency: order.currency } },
      { type: "refunded", actor: "processor", details: { amountCents: order.amount_cents - 500, currency: order.currency } },
    ]);
  });
});
