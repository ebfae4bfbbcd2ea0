/**
 * Test support for the Stripe path: a migrated database, the local Stripe of tests/support/fake-stripe behind
 * the real `stripe` SDK, and our webhook handling behind a real HTTP endpoint, for app/checkout/stripe-*.test.ts.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { type PlaceOrderContext, placeHostedOrder } from "../../app/checkout/place-order.server";
import type { ContactDetails } from "../../app/checkout/schema";
import type { SettleServices } from "../../app/checkout/settle-order.server";
import { allMessages } from "../../app/i18n/messages.server";
import { registerMessages } from "../../app/i18n/registry";
import { applyProcessorNotice } from "../../app/subscriptions/processor-events.server";
import { type Database, type DialectName, migrateToLatest } from "../../server/db/database.ts";
import { findOrderByIdempotencyKey } from "../../server/db/repositories.ts";
import type { Order } from "../../server/db/schema.ts";
import { createStripeGateway, type StripeGateway } from "../../server/payments/stripe-gateway.ts";
import { contactDetails } from "./checkout-details";
import { createTestDatabase } from "./databases.ts";
import { type FakeStripe, startFakeStripe } from "./fake-stripe/server.ts";

export const webhookSecret = "whsec_stripe_payments_test";
/** How the checkout calls `placeHostedOrder`, from one visitor's address. */
export const checkoutContext: PlaceOrderContext = { language: "fr", address: "203.0.113.9", origin: "http://shop.test" };

export interface StripeTestBed {
  db: Database;
  gateway: StripeGateway;
  /** The database and the gateway, with a mail worker that is never woken (the tests read the outbox). */
  services: SettleServices & { gateway: StripeGateway };
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
async function startEndpoint(services: () => SettleServices & { gateway: StripeGateway }) {
  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    let notice: Awaited<ReturnType<StripeGateway["readWebhook"]>>;
    try {
      const headers = new Headers({ "stripe-signature": String(request.headers["stripe-signature"] ?? "") });
      notice = await services().gateway.readWebhook(Buffer.concat(chunks).toString("utf8"), headers);
    } catch {
      response.writeHead(400).end("Bad signature");
      return;
    }
    try {
      const result = notice ? await applyProcessorNotice(services(), notice) : "ignored";
      response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ result }));
    } catch {
      response.writeHead(500).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/webhooks/stripe`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export interface StripeTestBedOptions {
  /** SQLite unless told; PostgreSQL for the tests that write what both must keep alike. */
  dialect?: DialectName;
  /** TAX_MODE=stripe: sessions ask for Stripe Tax. */
  automaticTax?: boolean;
}

export async function startStripeTestBed({ dialect = "sqlite", automaticTax = false }: StripeTestBedOptions = {}): Promise<StripeTestBed> {
  registerMessages(allMessages);
  const handle = await createTestDatabase(dialect);
  const db = handle.db;
  await migrateToLatest(db, dialect);
  // The endpoint needs the gateway, which needs the local Stripe, which needs the endpoint's address.
  let services: StripeTestBed["services"] | undefined;
  const endpoint = await startEndpoint(() => services!);
  const fake = await startFakeStripe({ port: 0, webhookUrl: endpoint.url, webhookSecret });
  const stripe = createStripeGateway({ secretKey: "sk_test_payments", webhookSecret, apiBase: fake.url, automaticTax });
  services = { db, gateway: stripe, wakeMail: () => {} };

  return {
    db,
    gateway: stripe,
    services,
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
