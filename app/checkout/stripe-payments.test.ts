/**
 * The Stripe path end to end below the browser: the real `stripe` SDK against the local Stripe of
 * tests/support/fake-stripe, our webhook handling behind a real HTTP endpoint, and a real database.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { site } from "../../content/site";
import { migrateToLatest } from "../../server/db/database.ts";
import { findOrderByIdempotencyKey } from "../../server/db/repositories.ts";
import type { Job, Order } from "../../server/db/schema.ts";
import { createTestDatabase, type TestDatabase } from "../../server/db/testing.ts";
import { createStripeGateway, type StripeGateway } from "../../server/payments/stripe-gateway.ts";
import { type FakeStripe, startFakeStripe } from "../../tests/support/fake-stripe/server.ts";
import { allMessages } from "../i18n/messages.server";
import { registerMessages } from "../i18n/registry";
import { placeHostedOrder } from "./place-order.server";
import { reconcileSweepHandler } from "./reconciliation.server";
import type { ContactDetails } from "./schema";
import { paymentRecord, settleOrder } from "./settle-order.server";
import { applyStripeEvent } from "./stripe-events.server";

const webhookSecret = "whsec_stripe_payments_test";
let handle: TestDatabase;
let fake: FakeStripe;
let gateway: StripeGateway;
let endpoint: { url: string; close(): Promise<void> };
let checkouts = 0;

/** Our webhook route, as app/routes/stripe-webhook.ts does it: verify the raw body, then apply. */
async function startEndpoint() {
  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    let event: Stripe.Event;
    try {
      event = await gateway.verifyEvent(Buffer.concat(chunks).toString("utf8"), String(request.headers["stripe-signature"] ?? "") || null);
    } catch {
      response.writeHead(400).end("Bad signature");
      return;
    }
    try {
      const result = await applyStripeEvent({ db: handle.db, gateway }, event);
      response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ result }));
    } catch {
      response.writeHead(500).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/webhooks/stripe`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

beforeAll(async () => {
  registerMessages(allMessages);
  handle = await createTestDatabase("sqlite");
  await migrateToLatest(handle.db, "sqlite");
  endpoint = await startEndpoint();
  fake = await startFakeStripe({ port: 0, webhookUrl: endpoint.url, webhookSecret });
  gateway = createStripeGateway({ secretKey: "sk_test_payments", webhookSecret, apiBase: fake.url });
});
afterAll(async () => {
  await fake.close();
  await endpoint.close();
  await handle.cleanup();
});

function details(changes: Partial<ContactDetails> = {}): ContactDetails {
  checkouts++;
  return {
    plan: "premium",
    viewers: 2,
    idempotencyKey: `stripe-test-${checkouts}-${Date.now()}`,
    firstName: "Zoé",
    lastName: "Martin",
    email: `zoe.${checkouts}@example.com`,
    phone: "+33 6 12 34 56 78",
    country: "FR",
    city: "Lyon",
    postalCode: "69001",
    address: "1 rue de la République",
    ...changes,
  };
}

const context = { language: "fr" as const, address: "203.0.113.9", origin: "http://shop.test" };

/** Places an order as the checkout does; gives the order and its Stripe session id. */
async function checkout(changes: Partial<ContactDetails> = {}): Promise<{ order: Order; sessionId: string; url: string }> {
  const form = details(changes);
  const outcome = await placeHostedOrder(form, { db: handle.db, gateway }, context);
  if (outcome.status !== "redirect") throw new Error(`expected a redirect, got ${outcome.status}`);
  const order = (await findOrderByIdempotencyKey(handle.db, form.idempotencyKey))!;
  return { order, sessionId: order.payment_session_id!, url: outcome.location };
}

const current = async (order: Order) => (await findOrderByIdempotencyKey(handle.db, order.idempotency_key))!;
const confirmations = async (order: Order) =>
  handle.db.selectFrom("outbox_mails").selectAll().where("kind", "=", "order-confirmation").where("to_address", "=", order.email).execute();
const eventsOf = (sessionId: string) => fake.events.filter((recorded) => (recorded.event.data.object as { id: string }).id === sessionId);

describe("paying with Stripe Checkout", () => {
  it("asks Stripe for one session per order, in the visitor's language, with the order's amount and reference", async () => {
    const form = details();
    const first = await placeHostedOrder(form, { db: handle.db, gateway }, context);
    const again = await placeHostedOrder(form, { db: handle.db, gateway }, context);
    expect(again).toEqual(first);
    const order = (await findOrderByIdempotencyKey(handle.db, form.idempotencyKey))!;
    const premium = site.plans.find((plan) => plan.key === "premium")!;
    expect(order).toMatchObject({
      status: "pending",
      card_brand: null,
      card_last4: null,
      payment_session_id: expect.stringMatching(/^cs_test_/),
    });
    expect(fake.sessions.size).toBeGreaterThan(0);

    const creations = fake.requests.filter((request) => request.method === "POST" && request.path === "/v1/checkout/sessions");
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
    await fake.completeSession(sessionId, "card");
    expect(await current(order)).toMatchObject({
      status: "paid",
      card_brand: "visa",
      card_last4: "4242",
      gateway_reference: expect.stringMatching(/^pi_/),
    });
    // The return page asking too changes nothing, and sends nothing more.
    await settleOrder({ db: handle.db, gateway }, await current(order));
    expect(await confirmations(order)).toHaveLength(1);
  });

  it("a bank debit: pending after the session completes, then paid when it succeeds", async () => {
    const { order, sessionId } = await checkout();
    await fake.completeSession(sessionId, "delayed");
    expect((await current(order)).status).toBe("pending");
    await fake.settleDelayed(sessionId, "succeeded");
    expect((await current(order)).status).toBe("paid");
    expect(await confirmations(order)).toHaveLength(1);
  });

  it("a bank debit that fails: the order fails, and no mail is sent", async () => {
    const { order, sessionId } = await checkout();
    await fake.completeSession(sessionId, "delayed");
    await fake.settleDelayed(sessionId, "failed");
    expect(await current(order)).toMatchObject({ status: "failed", failure_reason: "insufficientFunds" });
    expect(await confirmations(order)).toHaveLength(0);
  });

  it("a session that expires unpaid: the order fails as abandoned", async () => {
    const { order, sessionId } = await checkout();
    await fake.expireSession(sessionId);
    expect(await current(order)).toMatchObject({ status: "failed", failure_reason: "abandoned" });
  });

  it("a replayed event changes nothing and is recorded once", async () => {
    const { order, sessionId } = await checkout();
    await fake.completeSession(sessionId, "card");
    const [completed] = eventsOf(sessionId);
    expect(await fake.deliver(completed!.event.id)).toBe(200);
    expect(await fake.deliver(completed!.event.id)).toBe(200);
    expect(await confirmations(order)).toHaveLength(1);
    const recorded = await handle.db.selectFrom("payment_events").selectAll().where("event_id", "=", completed!.event.id).execute();
    expect(recorded).toHaveLength(1);
  });

  it("events out of order (the debit's success before the session's completion) end in the same state", async () => {
    const { order, sessionId } = await checkout();
    fake.setWebhooksHeld(true);
    await fake.completeSession(sessionId, "delayed");
    await fake.settleDelayed(sessionId, "succeeded");
    fake.setWebhooksHeld(false);
    const [completed, succeeded] = eventsOf(sessionId);
    expect(succeeded?.event.type).toBe("checkout.session.async_payment_succeeded");
    expect(await fake.deliver(succeeded!.event.id)).toBe(200);
    expect(await fake.deliver(completed!.event.id)).toBe(200);
    expect((await current(order)).status).toBe("paid");
    expect(await confirmations(order)).toHaveLength(1);
  });

  it("refuses a webhook with no, a wrong or a stale signature, and changes nothing", async () => {
    const { order, sessionId } = await checkout();
    fake.setWebhooksHeld(true);
    await fake.completeSession(sessionId, "card");
    fake.setWebhooksHeld(false);
    const [completed] = eventsOf(sessionId);
    const payload = completed!.payload;
    const post = (signature?: string) =>
      fetch(endpoint.url, {
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
    const tamperedPost = await fetch(endpoint.url, { method: "POST", body: tampered, headers: { "Stripe-Signature": signedOriginal } });
    expect(tamperedPost.status).toBe(400);
    expect((await current(order)).status).toBe("pending");
    expect((await post(stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }))).status).toBe(200);
    expect((await current(order)).status).toBe("paid");
  });

  it("a crash between the session and the webhook: reconciliation asks Stripe and settles the order", async () => {
    const { order, sessionId } = await checkout();
    fake.setWebhooksHeld(true);
    await fake.completeSession(sessionId, "card");
    fake.setWebhooksHeld(false);
    const sweep = reconcileSweepHandler({ db: handle.db, gateway }, { afterMs: 10 * 60_000 });
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
    await fake.completeSession(sessionId, "card");
    const paid = await current(order);
    const [first, second] = await Promise.all([gateway.refund(paymentRecord(paid)), gateway.refund(paymentRecord(paid))]);
    expect(first).toEqual(second);
    expect(first.refundedCents).toBe(paid.amount_cents);
    expect([...fake.refunds.values()].filter((refund) => refund.payment_intent === paid.gateway_reference)).toHaveLength(1);
    expect(await current(order)).toMatchObject({ status: "refunded", refunded_cents: paid.amount_cents });
  });

  it("a partial refund made in Stripe's dashboard is recorded; the order stays paid", async () => {
    const { order, sessionId } = await checkout();
    await fake.completeSession(sessionId, "card");
    await fake.refundFromDashboard((await current(order)).gateway_reference!, 500);
    expect(await current(order)).toMatchObject({ status: "paid", refunded_cents: 500 });
  });
});
