import type { ServerConfig } from "../config.ts";
import type { Database } from "../db/database.ts";
import type { PaymentGateway } from "./gateway.ts";
import { createStripeGateway, stripeCheckoutOrigin } from "./stripe-gateway.ts";
import { createTestGateway } from "./test-gateway.ts";

/**
 * The payment gateway named by PAYMENT_GATEWAY (checked by server/config.ts, which also makes sure Stripe's
 * keys are there). A further processor is another implementation of `PaymentGateway`: add its name to
 * `PAYMENT_GATEWAYS` there and a case here.
 */
export function createPaymentGateway(config: ServerConfig, db: Database): PaymentGateway {
  switch (config.PAYMENT_GATEWAY) {
    case "test":
      return createTestGateway({ db });
    case "stripe":
      return createStripeGateway({
        secretKey: config.STRIPE_SECRET_KEY ?? "",
        webhookSecret: config.STRIPE_WEBHOOK_SECRET ?? "",
        apiBase: config.STRIPE_API_BASE,
      });
  }
}

export interface GatewayTraits {
  /** No real money moves: the checkout says so. */
  testMode: boolean;
  /** Where the card is given when not on our page (CSP `form-action`); null when the checkout takes it. */
  checkoutOrigin: string | null;
  /** The processor's name as the checkout shows it. */
  processorName: string;
}

/** What the pages need to know before the database is open. */
export function gatewayTraits(config: ServerConfig): GatewayTraits {
  if (config.PAYMENT_GATEWAY === "test") return { testMode: true, checkoutOrigin: null, processorName: "test" };
  return { testMode: false, checkoutOrigin: stripeCheckoutOrigin(config.STRIPE_API_BASE), processorName: "Stripe" };
}
