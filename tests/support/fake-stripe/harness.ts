import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll } from "vitest";
import { type FakeStripe, startFakeStripe } from "./server.ts";

export const webhookSecret = "whsec_fake_stripe_tests";

/** A stand-in for our webhook endpoint in the fake's own tests: it verifies each delivery as our server must. */
export interface Receiver {
  url: string;
  /** The events that passed verification, in order of arrival. */
  events: Stripe.Event[];
  /** What arrived: the raw body and its signature, verified or not. */
  deliveries: { payload: string; signature: string; userAgent: string; contentType: string }[];
  /** The status to answer with, to play a failing endpoint. */
  answer: number;
  close(): Promise<void>;
}

export async function startReceiver(secret: string): Promise<Receiver> {
  const stripe = new Stripe("sk_test_receiver");
  const receiver: Omit<Receiver, "url" | "close"> = { events: [], deliveries: [], answer: 200 };
  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const payload = Buffer.concat(chunks).toString("utf8");
    const signature = String(request.headers["stripe-signature"] ?? "");
    receiver.deliveries.push({
      payload,
      signature,
      userAgent: String(request.headers["user-agent"]),
      contentType: String(request.headers["content-type"]),
    });
    try {
      receiver.events.push(stripe.webhooks.constructEvent(payload, signature, secret));
    } catch {
      response.writeHead(400).end();
      return;
    }
    response.writeHead(receiver.answer).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${port}/webhooks/stripe`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
}

/**
 * A fake Stripe on a free port, the real SDK pointed at it, and a receiver as the webhook endpoint; the
 * returned object is filled in before the first test runs.
 */
export function withFakeStripe() {
  const context = {} as { fake: FakeStripe; stripe: Stripe; receiver: Receiver };
  beforeAll(async () => {
    context.receiver = await startReceiver(webhookSecret);
    context.fake = await startFakeStripe({ port: 0, webhookUrl: context.receiver.url, webhookSecret });
    context.stripe = new Stripe("sk_test_fake_stripe_tests", { host: "localhost", port: context.fake.port, protocol: "http" });
  });
  afterAll(async () => {
    await context.fake.close();
    await context.receiver.close();
  });
  return context;
}

/** What our checkout asks for: one plan, in the visitor's language, paid in euros. */
export function sessionParams(overrides: Partial<Stripe.Checkout.SessionCreateParams> = {}): Stripe.Checkout.SessionCreateParams {
  return {
    mode: "payment",
    line_items: [
      { quantity: 1, price_data: { currency: "EUR", unit_amount: 1299, product_data: { name: "Plan Famille – 1 an, 4 écrans" } } },
    ],
    success_url: "http://localhost:3100/checkout/return?session_id={CHECKOUT_SESSION_ID}",
    cancel_url: "http://localhost:3100/checkout",
    customer_email: "ada@example.com",
    locale: "fr",
    client_reference_id: "NS-2026-0001",
    metadata: { order_reference: "NS-2026-0001" },
    payment_intent_data: { metadata: { order_reference: "NS-2026-0001" } },
    ...overrides,
  };
}

/** What our checkout asks for when the visitor chooses automatic renewal: the same plan, every three months. */
export function subscriptionParams(overrides: Partial<Stripe.Checkout.SessionCreateParams> = {}): Stripe.Checkout.SessionCreateParams {
  const { payment_intent_data: _, ...params } = sessionParams();
  return {
    ...params,
    mode: "subscription",
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: "eur",
          unit_amount: 2900,
          product_data: { name: "Plan Or – 3 mois, 2 écrans" },
          recurring: { interval: "month", interval_count: 3 },
        },
      },
    ],
    subscription_data: { metadata: { order_reference: "NS-2026-0001", access_reference: "NS-2026-0001" } },
    ...overrides,
  };
}
