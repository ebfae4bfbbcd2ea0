/**
 * The Stripe path end to end below the browser: the real `stripe` SDK against the local Stripe of
 * tests/support/fake-stripe, our webhook handling behind a real HTTP endpoint, and a real database (see
 * tests/support/stripe.ts).
 */
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { site } from "../../content/site";
import { findOrderByIdempotencyKey } from "../../server/db/repositories.ts";
import type { Job, Order } from "../../server/db/schema.ts";
import { contactDetails } from "../../tests/support/checkout-details";
import { checkoutContext as context, type StripeTestBed, startStripeTestBed, webhookSecret } from "../../tests/support/stripe";
import { placeHostedOrder } from "./place-order.server";
import { reconcileSweepHandler } from "./reconciliation.server";
import { paymentRecord, settleOrder } from "./settle-order.server";

let bed: StripeTestBed;
beforeAll(async () => {
  bed = await startStripeTestBed();
});
afterAll(() => bed.close());

const checkout = () => bed.checkout();
const current = (order: Order) => bed.current(order);
const confirmations = async (order: Order) =>
  bed.db.selectFrom("mails").selectAll().where("kind", "=", "order-confirmation").where("to_address", "=", order.email).execute();
const eventsOf = (sessionId: string) =>
  bed.fake.events.filter((recorded) => (recorded.event.data.object as { id: string }).id === sessionId);

describe("paying with Stripe Checkout", () => {
  it("asks Stripe for one session per order, in the visitor's language, with the order's amount and reference", async () => {
    const form = contactDetails();
    const first = await placeHostedOrder(form, { db: bed.db, gateway: bed.gateway }, context);
    const again = await placeHostedOrder(form, { db: bed.db, gateway: bed.gateway }, context);
    expect(again).toEqual(first);
    const order = (await findOrderByIdempotencyKey(bed.db, form.idempotencyKey))!;
    const premium = site.plans.find((plan) => plan.key === "premium")!;
    expect(order).toMatchObject({
      status: "pending",
      card_brand: null,
      card_last4: null,
      payment_session_id: expect.stringMatching(/^cs_test_/),
      payment_processor: "stripe",
    });
    expect(bed.fake.sessions.size).toBeGreaterThan(0);

    const creations = bed.fake.requests.filter((request) => request.method === "POST" && request.path === "/v1/checkout/sessions");
    const [created, replayed] = creations.slice(-2);
    expect(created?.idempotencyKey).toBe(`checkout-session-${form.idempotencyKey}`);
    expect(replayed?.replayed).toBe(true);
    expect(created?.params).toMatchObject({
      mode: "payment",
      line_items: [
        {
          quantity: "1",
          price_data: {
            currency: "eur",
            unit_amount: String(order.amount_cents),
            product_data: { name: `${site.brand.name} ${premium.name} · ${premium.months} mois · 2 spectateurs` },
          },
        },
      ],
      customer_email: order.email,
      locale: "fr",
      client_reference_id: order.reference,
      metadata: { order_reference: order.reference },
      success_url: "http://shop.test/fr/checkout/return?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: `http://shop.test/fr/checkout?resume=${form.idempotencyKey}`,
    });
  });

  it("a card payment: the webhook settles the order, with the card's brand and last four, and one mail", async () => {
    const { order, sessionId } = await checkout();
    await bed.fake.completeSession(sessionId, "card");
    expect(await current(order)).toMatchObject({
      status: "paid",
      card_brand: "visa",
      card_last4: "4242",
      gateway_reference: expect.stringMatching(/^pi_/),
    });
    // The return page asking too changes nothing, and sends nothing more.
    await settleOrder(bed.services, await current(order));
    expect(await confirmations(order)).toHaveLength(1);
  });

  it("a bank debit: pending after the session completes, then paid when it succeeds", async () => {
    const { order, sessionId } = await checkout();
    await bed.fake.completeSession(sessionId, "delayed");
    expect((await current(order)).status).toBe("pending");
    await bed.fake.settleDelayed(sessionId, "succeeded");
    expect((await current(order)).status).toBe("paid");
    expect(await confirmations(order)).toHaveLength(1);
  });

  it("a bank debit that fails: the order fails, and no mail is sent", async () => {
    const { order, sessionId } = await checkout();
    await bed.fake.completeSession(sessionId, "delayed");
    await bed.fake.settleDelayed(sessionId, "failed");
    expect(await current(order)).toMatchObject({ status: "failed", failure_reason: "insufficientFunds" });
    expect(await confirmations(order)).toHaveLength(0);
  });

  it("a session that expires unpaid: the order fails as abandoned", async () => {
    const { order, sessionId } = await checkout();
    await bed.fake.expireSession(sessionId);
    expect(await current(order)).toMatchObject({ status: "failed", failure_reason: "abandoned" });
  });

  it("a replayed event changes nothing and is recorded once", async () => {
    const { order, sessionId } = await checkout();
    await bed.fake.completeSession(sessionId, "card");
    const [completed] = eventsOf(sessionId);
    expect(await bed.fake.deliver(completed!.event.id)).toBe(200);
    expect(await bed.fake.deliver(completed!.event.id)).toBe(200);
    expect(await confirmations(order)).toHaveLength(1);
    const recorded = await bed.db.selectFrom("payment_events").selectAll().where("event_id", "=", completed!.event.id).execute();
    expect(recorded).toHaveLength(1);
  });

  it("events out of order (the debit's success before the session's completion) end in the same state", async () => {
    const { order, sessionId } = await checkout();
    bed.fake.setWebhooksHeld(true);
    await bed.fake.completeSession(sessionId, "delayed");
    await bed.fake.settleDelayed(sessionId, "succeeded");
    bed.fake.setWebhooksHeld(false);
    const [completed, succeeded] = eventsOf(sessionId);
    expect(succeeded?.event.type).toBe("checkout.session.async_payment_succeeded");
    expect(await bed.fake.deliver(succeeded!.event.id)).toBe(200);
    expect(await bed.fake.deliver(completed!.event.id)).toBe(200);
    expect((await current(order)).status).toBe("paid");
    expect(await confirmations(order)).toHaveLength(1);
  });

  it("refuses a webhook with no, a wrong or a stale signature, and changes nothing", async () => {
    const { order, sessionId } = await checkout();
    bed.fake.setWebhooksHeld(true);
    await bed.fake.completeSession(sessionId, "card");
    bed.fake.setWebhooksHeld(false);
    const [completed] = eventsOf(sessionId);
    const payload = completed!.payload;
    const post = (signature?: string) =>
      fetch(bed.webhookUrl, {
        method: "POST",
        body: payload,
        headers: { "Content-Type": "application/json", ...(signature && { "Stripe-Signature": signature }) },
      });
    const stripe = new Stripe("sk_test_signing");
    expect((await post()).status).toBe(400);
    expect((await post(stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_someone_else" }))).status).toBe(400);
    const stale = Math.floor(Date.now() / 1000) - 6 * 60;
    expect((await post(stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret, timestamp: stale }))).status).toBe(400);
    const tampered = payload.replace(/"livemode":\s*false/, '"livemode":true');
    expect(tampered).not.toBe(payload);
    const signedOriginal = stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    const tamperedPost = await fetch(bed.webhookUrl, { method: "POST", body: tampered, headers: { "Stripe-Signature": signedOriginal } });
    expect(tamperedPost.status).toBe(400);
    expect((await current(order)).status).toBe("pending");
    expect((await post(stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }))).status).toBe(200);
    expect((await current(order)).status).toBe("paid");
  });

  it("a crash between the session and the webhook: reconciliation asks Stripe and settles the order", async () => {
    const { order, sessionId } = await checkout();
    bed.fake.setWebhooksHeld(true);
    await bed.fake.completeSession(sessionId, "card");
    bed.fake.setWebhooksHeld(false);
    const sweep = reconcileSweepHandler(bed.services, { afterMs: 10 * 60_000 });
    const job = { id: 1, kind: "reconcile-sweep", payload: "{}", attempts: 1, max_attempts: 1 } as Job;
    expect((await current(order)).status).toBe("pending");
    // Not yet ten minutes: left alone.
    await sweep.run(job, new Date(Date.parse(order.created_at) + 5 * 60_000));
    expect((await current(order)).status).toBe("pending");
    await sweep.run(job, new Date(Date.parse(order.created_at) + 11 * 60_000));
    expect((await current(order)).status).toBe("paid");
    expect(await confirmations(order)).toHaveLength(1);
  });

  it("refunds once through Stripe, even asked twice at once, and the refund event changes nothing more", async () => {
    const { order, sessionId } = await checkout();
    await bed.fake.completeSession(sessionId, "card");
    const paid = await current(order);
    const [first, second] = await Promise.all([bed.gateway.refund(paymentRecord(paid)), bed.gateway.refund(paymentRecord(paid))]);
    expect(first).toEqual(second);
    expect(first.refundedCents).toBe(paid.amount_cents);
    expect([...bed.fake.refunds.values()].filter((refund) => refund.payment_intent === paid.gateway_reference)).toHaveLength(1);
    expect(await current(order)).toMatchObject({ status: "refunded", refunded_cents: paid.amount_cents });
  });

  it("a partial refund made in Stripe's dashboard is recorded; the order stays paid", async () => {
    const { order, sessionId } = await checkout();
    await bed.fake.completeSession(sessionId, "card");
    await bed.fake.refundFromDashboard((await current(order)).gateway_reference!, 500);
    expect(await current(order)).toMatchObject({ status: "paid", refunded_cents: 500 });
  });
});
