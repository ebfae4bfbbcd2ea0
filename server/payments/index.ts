import type { ServerConfig } from "../config.ts";
import type { Database } from "../db/database.ts";
import type { GatewayTraits, PaymentGateway } from "./gateway.ts";
import { createStripeGateway, stripeTraits } from "./stripe-gateway.ts";
import { createTestGateway, testGatewayTraits } from "./test-gateway.ts";

export type { GatewayTraits };

interface Processor {
  traits(config: ServerConfig): GatewayTraits;
  create(config: ServerConfig, db: Database): PaymentGateway;
}

/**
 * Every processor, by its name in PAYMENT_GATEWAY (checked by server/config.ts, which also makes sure Stripe's
 * keys are there). Another processor is another implementation of `PaymentGateway`, with its name in
 * `PAYMENT_GATEWAYS` there and its entry here; nothing outside this folder names one.
 */
const processors: Record<ServerConfig["PAYMENT_GATEWAY"], Processor> = {
  test: { traits: () => testGatewayTraits, create: (config, db) => createTestGateway({ db, delayMs: config.TEST_GATEWAY_DELAY_MS }) },
  stripe: {
    traits: (config) => stripeTraits(config.STRIPE_API_BASE),
    create: (config) =>
      createStripeGateway({
        secretKey: config.STRIPE_SECRET_KEY ?? "",
        webhookSecret: config.STRIPE_WEBHOOK_SECRET ?? "",
        apiBase: config.STRIPE_API_BASE,
        automaticTax: config.TAX_MODE === "stripe",
      }),
  },
};

/** The payment gateway named by PAYMENT_GATEWAY. */
export function createPaymentGateway(config: ServerConfig, db: Database): PaymentGateway {
  return processors[config.PAYMENT_GATEWAY].create(config, db);
}

/** What the pages and the server need to know of the configured processor before the database is open. */
export function gatewayTraits(config: ServerConfig): GatewayTraits {
  return processors[config.PAYMENT_GATEWAY].traits(config);
}

/**
 * Whether the configured gateway is the processor a record was made with (its name as stored on the order or
 * the subscription): a subscription kept with one processor cannot be charged or stopped through another.
 */
export function isProcessorOf(gateway: Pick<PaymentGateway, "name">, recordedProcessor: string | null): boolean {
  return gateway.name === recordedProcessor;
}
