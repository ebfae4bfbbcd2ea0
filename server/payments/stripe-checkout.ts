/**
 * The Checkout Session the shop asks Stripe for, one-time or a subscription (Stripe Billing), and what a
 * one-time session says of its payment once Stripe has it. Pure: no network.
 */
import type Stripe from "stripe";
import type { DeclineReason, HostedCheckoutRequest, PaymentLookup } from "./gateway.ts";
import { automaticTaxParams, streamingTaxCode, stripeTaxOf, taxBehaviour } from "./stripe-tax.ts";

/** Stripe sends the visitor back with the session's id in this parameter. */
export const sessionParameter = "session_id";

/** A session left open this long expires (Stripe's minimum is 30 minutes); the order then fails as abandoned. */
export const sessionLifetimeMs = 60 * 60_000;

/**
 * The session for an order. With `request.recurring` it is a subscription: the same price, recurring every
 * `months` months, and both references in the subscription's metadata, where every invoice event carries
 * them (`parent.subscription_details.metadata`). Stripe refuses `payment_intent_data` in that mode: the
 * subscription's invoices make their own payments.
 */
export function checkoutSessionParams(request: HostedCheckoutRequest, automaticTax: boolean): Stripe.Checkout.SessionCreateParams {
  const recurring = request.recurring;
  const metadata = { order_reference: request.reference };
  return {
    mode: recurring ? "subscription" : "payment",
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: request.currency.toLowerCase(),
          unit_amount: request.amountCents,
          product_data: { name: request.itemName, ...(automaticTax && { tax_code: streamingTaxCode }) },
          ...(recurring && { recurring: { interval: "month" as const, interval_count: recurring.months } }),
          ...(automaticTax && { tax_behavior: taxBehaviour }),
        },
      },
    ],
    ...(automaticTax && automaticTaxParams),
    customer_email: request.email,
    locale: request.language,
    client_reference_id: request.reference,
    metadata,
    ...(recurring
      ? { subscription_data: { metadata: { ...metadata, access_reference: recurring.accessReference } } }
      : { payment_intent_data: { metadata } }),
    // Stripe fills in `{CHECKOUT_SESSION_ID}`: the braces must reach it as they are, not percent-encoded.
    success_url: `${request.returnPage}?${sessionParameter}={CHECKOUT_SESSION_ID}`,
    cancel_url: request.cancelUrl,
    expires_at: Math.floor((request.orderCreatedAt.getTime() + sessionLifetimeMs) / 1000),
  };
}

/** What a one-time Checkout Session (with its PaymentIntent and charge expanded, or not) says of the order's payment. */
export function sessionOutcome(session: Stripe.Checkout.Session): PaymentLookup {
  const intent = typeof session.payment_intent === "object" ? session.payment_intent : null;
  const intentId = typeof session.payment_intent === "string" ? session.payment_intent : (intent?.id ?? undefined);
  const charge = intent && typeof intent.latest_charge === "object" ? intent.latest_charge : null;
  if (session.status === "expired") return { status: "failed", reason: "abandoned", gatewayReference: intentId };
  if (session.status !== "complete") return { status: "pending" };
  if (session.payment_status === "paid" && intentId) {
    return {
      status: "paid",
      gatewayReference: intentId,
      card: cardOf(charge),
      refundedCents: charge?.amount_refunded ?? 0,
      tax: stripeTaxOf(session),
    };
  }
  // Complete but unpaid: a delayed method (a bank debit) still on its way, or one that has failed.
  if (intent && (intent.status === "requires_payment_method" || intent.status === "canceled")) {
    // Cards say why in `decline_code`; bank debits in `code`.
    const error = intent.last_payment_error;
    return { status: "failed", reason: declineReason(error?.decline_code ?? error?.code), gatewayReference: intent.id };
  }
  return { status: "pending" };
}

/** The card a charge was made on, as the customer may be shown it; undefined for another method. */
export function cardOf(charge: Stripe.Charge | null | undefined): { brand: string; last4: string } | undefined {
  const card = charge?.payment_method_details?.card;
  return card?.last4 ? { brand: card.brand ?? "card", last4: card.last4 } : undefined;
}

export function declineReason(code: string | undefined): DeclineReason {
  if (code === "insufficient_funds") return "insufficientFunds";
  if (code === "expired_card") return "expiredCard";
  if (code === "incorrect_cvc") return "incorrectCvv";
  return "declined";
}
