/**
 * Test support for the Stripe path: a migrated database, the local Stripe of tests/support/fake-stripe behind
 * the real `stripe` SDK, and our webhook handling behind a real HTTP endpoint. Used by the *.test.ts files
 * beside it, never by pages.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { type Database, migrateToLatest } from "../../server/db/database.ts";
import { findOrderByIdempotencyKey } from "../../server/db/repositories.ts";
import type { Order } from "../../server/db/schema.ts";
import { createTestDatabase } from "../../server/db/testing.ts";
import { createStripeGateway, type StripeGateway } from "../../server/payments/stripe-gateway.ts";
import { type FakeStripe, startFakeStripe } from "../../tests/support/fake-stripe/server.ts";
import { allMessages } from "../i18n/messages.server";
import { registerMessages } from "../i18n/registry";
import { contactDetails } from "./checkout-fixtures.server";
import { applyPaymentNotice } from "./payment-events.server";
import { type PlaceOrderContext, placeHostedOrder } from "./place-order.server";
import type { ContactDetails } from "./schema";

export const webhookSecret = "whsec_stripe_payments_test";
/** How the checkout calls `placeHostedOrder`, from one visitor's address. */
export const checkoutContext: PlaceOrderContext = { language: "fr", address: "203.0.113.9", origin: "http://shop.test" };

export interface StripeTestBed {
  db: Database;
  gateway: StripeGateway;
  fake: FakeStripe;
  /** Our webhook endpoint, as app/routes/payment-webhook.ts serves it. */
  webhookUrl: string;
  /** Places an order as the checkout does; gives the order and its Stripe session. */
  checkout(changes?: Partial<ContactDetails>, context?: PlaceOrderContext): Promise<{ order: Order; sessionId: string; url: string }>;
  /** The order as the database has it now. */
  current(order: Order): Promise<Order>;
  close(): Promise<void>;
}

/** Our webhook route, as app/routes/payment-webhook.ts does it: verify the raw body, then apply. */
async function startEndpoint(db: Database, gateway: () => StripeGateway) {
  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    let notice: Awaited<ReturnType<StripeGateway["readWebhook"]>>;
    try {
      const headers = new Headers({ "stripe-signature": String(request.headers["stripe-signature"] ?? "") });
      notice = await gateway().readWebhook(Buffer.concat(chunks).toString("utf8"), headers);
    } catch {
      response.writeHead(400).end("Bad signature");
      return;
    }
    try {
      const result = notice ? await applyPaymentNotice({ db, gateway: gateway() }, notice) : "ignored";
      response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ result }));
    } catch {
      response.writeHead(500).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/webhooks/stripe`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export async function startStripeTestBed(): Promise<StripeTestBed> {
  registerMessages(allMessages);
  const handle = await createTestDatabase("sqlite");
  const db = handle.db;
  await migrateToLatest(db, "sqlite");
  // The endpoint needs the gateway, which needs the local Stripe, which needs the endpoint's address.
  let gateway: StripeGateway | undefined;
  const endpoint = await startEndpoint(db, () => gateway!);
  const fake = await startFakeStripe({ port: 0, webhookUrl: endpoint.url, webhookSecret });
  gateway = createStripeGateway({ secretKey: "sk_test_payments", webhookSecret, apiBase: fake.url });
  const stripe = gateway;

  return {
    db,
    gateway: stripe,
    fake,
    webhookUrl: endpoint.url,
    async checkout(changes = {}, context = checkoutContext) {
      const form = contactDetails(changes);
      const outcome = await placeHostedOrder(form, { db, gateway: stripe }, context);
      if (outcome.status !== "redirect") throw new Error(`expected a redirect, got ${outcome.status}`);
      const order = (await findOrderByIdempotencyKey(db, form.idempotencyKey))!;
      return { order, sessionId: order.payment_session_id!, url: outcome.location };
    },
    current: async (order) => (await findOrderByIdempotencyKey(db, order.idempotency_key))!,
    async close() {
      await fake.close();
      await endpoint.close();
      await handle.cleanup();
    },
  };
}
