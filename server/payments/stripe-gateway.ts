import Stripe from "stripe";
import {
  type GatewayTraits,
  type HostedCheckoutRequest,
  type HostedGateway,
  type PaymentLookup,
  type PaymentRecord,
  type RefundResult,
  WebhookSignatureError,
} from "./gateway.ts";
import { stripeAnswers } from "./stripe-answers.ts";
import { checkoutSessionParams, sessionOutcome, sessionParameter } from "./stripe-checkout.ts";
import { stripeNotice } from "./stripe-events.ts";
import { stripeSubscriptions, subscriptionSessionExpansions, subscriptionSessionOutcome } from "./stripe-subscriptions.ts";

export { sessionLifetimeMs, sessionOutcome } from "./stripe-checkout.ts";

export interface StripeGatewayOptions {
  secretKey: string;
  webhookSecret: string;
  /** A Stripe-compatible server for tests (`http://localhost:12111`); Stripe itself when unset. */
  apiBase?: string;
  /** TAX_MODE=stripe: each new session asks Stripe Tax to work out the VAT in the price (the lookup always reads it back). */
  automaticTax?: boolean;
  /** The clock a webhook's signature is dated against; tests set it. */
  now?: () => Date;
}

/** Stripe Checkout and Stripe Billing, with its signed webhooks (a signature dated more than five minutes away is refused). */
export interface StripeGateway extends HostedGateway {
  readonly name: "stripe";
  readWebhook: NonNullable<HostedGateway["readWebhook"]>;
}

/** Where the payment page is (on the test server when there is one), and where Stripe posts its events. */
export function stripeTraits(apiBase: string | undefined): GatewayTraits & { checkoutOrigin: string } {
  return {
    name: "stripe",
    testMode: false,
    displayName: "Stripe",
    checkoutOrigin: apiBase ? new URL(apiBase).origin : "https://checkout.stripe.com",
    webhookPath: "/webhooks/stripe",
  };
}

/** Stripe's default is 300 s; named, because docs/payments.md promises five minutes. */
const signatureToleranceSeconds = 300;

/**
 * Whether a header dates its signature more than the tolerance ahead of `now`. The SDK refuses only old
 * signatures: one dated a day ahead (a clock gone wrong where it was made, or a signed body kept for later)
 * would verify from now until a day and five minutes hence. Every `t=` counts, whichever the SDK reads.
 */
function signedInTheFuture(header: string, now: Date): boolean {
  const limit = Math.floor(now.getTime() / 1000) + signatureToleranceSeconds;
  return header
    .split(",")
    .map((part) => part.trim().split("="))
    .some(([key, value]) => key === "t" && !(Number(value) <= limit));
}

/**
 * Stripe Checkout behind `PaymentGateway`: the visitor pays on Stripe's page (cards with 3-D Secure, wallets,
 * PayPal and whatever else the operator enables in the Dashboard), so no card reaches this server.
 */
export function createStripeGateway({
  secretKey,
  webhookSecret,
  apiBase,
  automaticTax = false,
  now = () => new Date(),
}: StripeGatewayOptions): StripeGateway {
  const local = apiBase ? new URL(apiBase) : undefined;
  const stripe = new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(local && { host: local.hostname, port: local.port, protocol: local.protocol === "https:" ? "https" : "http" }),
  });

  const verifyEvent = async (rawBody: string, signature: string | null) => {
    const at = now();
    const event = await stripe.webhooks.constructEventAsync(
      rawBody,
      signature ?? "",
      webhookSecret,
      signatureToleranceSeconds,
      undefined,
      at.getTime(),
    );
    if (signedInTheFuture(signature ?? "", at)) throw new Error("Timestamp too far in the future");
    return event;
  };

  return {
    ...stripeTraits(apiBase),
    name: "stripe",
    kind: "hosted",

    returnUrl: (returnPage, sessionId) => `${returnPage}?${sessionParameter}=${encodeURIComponent(sessionId)}`,
    sessionOfReturn: (url) => url.searchParams.get(sessionParameter),

    async createCheckout(request: HostedCheckoutRequest) {
      const session = await stripe.checkout.sessions.create(
        checkoutSessionParams(request, automaticTax),
        // Derived from the order's one-time key: a retried post gets the same session, never a second one.
        { idempotencyKey: `checkout-session-${request.idempotencyKey}` },
      );
      if (!session.url) throw new Error("Stripe answered a Checkout Session without a URL");
      return { sessionId: session.id, url: session.url };
    },

    async lookup(payment: PaymentRecord): Promise<PaymentLookup> {
      if (!payment.paymentSessionId) return { status: "unknown" };
      // The tax's breakdown by rate too, which Stripe sends only when asked: always, as a session opened with
      // Stripe Tax must still be read with it after TAX_MODE changes.
      // A subscription's session has no PaymentIntent of its own: its first invoice has (expanded for it).
      const expand = ["payment_intent.latest_charge", "total_details.breakdown", ...subscriptionSessionExpansions];
      const session = await stripe.checkout.sessions.retrieve(payment.paymentSessionId, { expand });
      return session.mode === "subscription" ? subscriptionSessionOutcome(stripe, session) : sessionOutcome(session);
    },

    async refund(payment: PaymentRecord, amountCents?: number): Promise<RefundResult> {
      if (!payment.gatewayReference) throw new Error(`Order ${payment.reference} has no payment to refund`);
      const amount = amountCents ?? payment.amountCents - payment.refundedCents;
      const refund = await stripe.refunds.create(
        {
          payment_intent: payment.gatewayReference,
          amount,
          reason: "requested_by_customer",
          metadata: { order_reference: payment.reference },
        },
        // The same refund asked twice (a double click, two tabs) starts from the same refunded amount: one refund.
        { idempotencyKey: `refund-${payment.reference}-${payment.refundedCents}-${amount}` },
      );
      return { refundId: refund.id, refundedCents: payment.refundedCents + refund.amount };
    },

    // Test keys' objects live under the Dashboard's /test/ paths.
    subscriptionPageUrl: (subscriptionId) =>
      `https://dashboard.stripe.com${secretKey.startsWith("sk_test_") ? "/test" : ""}/subscriptions/${encodeURIComponent(subscriptionId)}`,

    async readWebhook(rawBody, headers) {
      const event = await verifyEvent(rawBody, headers.get("stripe-signature")).catch((error: unknown) => {
        throw new WebhookSignatureError((error as Error).message);
      });
      return stripeNotice(event, stripeAnswers(stripe));
    },

    async expire(sessionId) {
      try {
        await stripe.checkout.sessions.expire(sessionId);
        return true;
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return false;
        throw error;
      }
    },

    ...stripeSubscriptions(stripe),
  };
}
