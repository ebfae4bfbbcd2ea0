import { describe, expect, it } from "vitest";
import { webhookSecret, withFakeStripe } from "../../tests/support/fake-stripe/harness.ts";
import type { HostedCheckoutRequest, PaymentRecord } from "./gateway.ts";
import { createStripeGateway } from "./stripe-gateway.ts";

const t = withFakeStripe();
const gateway = (automaticTax = false) =>
  createStripeGateway({ secretKey: "sk_test_gateway", webhookSecret, apiBase: t.fake.url, automaticTax });

let orders = 0;
/** An order's checkout with automatic renewal every three months, as the shop asks for it. */
function request(changes: Partial<HostedCheckoutRequest> = {}): HostedCheckoutRequest {
  orders += 1;
  const reference = `NS-2026-${String(orders).padStart(4, "0")}`;
  return {
    reference,
    idempotencyKey: `key-${reference}`,
    amountCents: 2900,
    currency: "EUR",
    itemName: "Plan Or – 3 mois, 2 écrans",
    language: "fr",
    email: "ada@example.com",
    returnPage: "http://shop.test/fr/checkout/return",
    cancelUrl: "http://shop.test/fr/checkout",
    orderCreatedAt: new Date(),
    recurring: { months: 3, accessReference: reference },
    ...changes,
  };
}
const record = (reference: string, sessionId: string, gatewayReference: string | null = null, refundedCents = 0): PaymentRecord => ({
  reference,
  paymentSessionId: sessionId,
  gatewayReference,
  amountCents: 2900,
  currency: "EUR",
  refundedCents,
});
const lastRequest = (path: string) => t.fake.requests.findLast((recorded) => recorded.path.startsWith(path))!;

describe("a checkout with automatic renewal", () => {
  it("asks for a subscription-mode session with the price recurring every N months and both references", async () => {
    const order = request({ recurring: { months: 3, accessReference: "NS-2025-0042" } });
    const { sessionId, url } = await gateway().createCheckout(order);
    expect(url).toBe(`${t.fake.url}/pay/${sessionId}`);
    const sent = lastRequest("/v1/checkout/sessions");
    expect(sent).toMatchObject({ status: 200, idempotencyKey: `checkout-session-${order.idempotencyKey}` });
    expect(sent.params).toEqual({
      mode: "subscription",
      line_items: [
        {
          quantity: "1",
          price_data: {
            currency: "eur",
            unit_amount: "2900",
            product_data: { name: order.itemName },
            recurring: { interval: "month", interval_count: "3" },
          },
        },
      ],
      customer_email: "ada@example.com",
      locale: "fr",
      client_reference_id: order.reference,
      metadata: { order_reference: order.reference },
      subscription_data: { metadata: { order_reference: order.reference, access_reference: "NS-2025-0042" } },
      success_url: "http://shop.test/fr/checkout/return?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "http://shop.test/fr/checkout",
      expires_at: String(Math.floor(order.orderCreatedAt.getTime() / 1000) + 3600),
    });
  });

  it("with Stripe Tax, asks for it as for a one-time payment", async () => {
    await gateway(true).createCheckout(request());
    const { params } = lastRequest("/v1/checkout/sessions");
    expect(params).toMatchObject({
      automatic_tax: { enabled: "true" },
      billing_address_collection: "required",
      line_items: [{ price_data: { tax_behavior: "inclusive", product_data: { tax_code: "txcd_10402200" }, recurring: {} } }],
    });
  });

  it("without it, asks for a one-time payment exactly as before", async () => {
    const order = request({ recurring: undefined });
    await gateway().createCheckout(order);
    const { params } = lastRequest("/v1/checkout/sessions");
    expect(params).toMatchObject({ mode: "payment", payment_intent_data: { metadata: { order_reference: order.reference } } });
    expect(params).not.toHaveProperty("subscription_data");
    expect(params.line_items).toEqual([
      { quantity: "1", price_data: { currency: "eur", unit_amount: "2900", product_data: { name: order.itemName } } },
    ]);
  });
});

describe("the lookup of a subscription's session", () => {
  it("is pending until paid, then paid by the first invoice's PaymentIntent, with the card and the subscription", async () => {
    const stripe = gateway();
    const order = request();
    const { sessionId } = await stripe.createCheckout(order);
    expect(await stripe.lookup(record(order.reference, sessionId))).toEqual({ status: "pending" });

    const session = await t.fake.completeSession(sessionId, "card");
    const subscription = t.fake.subscriptions.get(session.subscription as string)!;
    const invoice = await t.stripe.invoices.retrieve(session.invoice as string, { expand: ["payments"] });
    const intentId = invoice.payments!.data[0]!.payment.payment_intent as string;
    const lookup = await stripe.lookup(record(order.reference, sessionId));
    expect(lookup).toEqual({
      status: "paid",
      gatewayReference: intentId,
      card: { brand: "visa", last4: "4242" },
      refundedCents: 0,
      tax: undefined,
      subscription: {
        id: subscription.id,
        customerId: session.customer,
        status: "active",
        cancelAtPeriodEnd: false,
        currentPeriodEnd: new Date(subscription.items.data[0]!.current_period_end * 1000),
        orderReference: order.reference,
        accessReference: order.reference,
      },
    });

    // What the lookup names is what `refund` refunds.
    const refund = await stripe.refund(record(order.reference, sessionId, intentId), 900);
    expect(refund.refundedCents).toBe(900);
    expect(t.fake.refunds.get(refund.refundId)).toMatchObject({ payment_intent: intentId, amount: 900 });
    expect(await stripe.lookup(record(order.reference, sessionId))).toMatchObject({ status: "paid", refundedCents: 900 });
  });

  it("reads the tax Stripe Tax computed on the first payment", async () => {
    const stripe = gateway(true);
    const order = request();
    const { sessionId } = await stripe.createCheckout(order);
    await t.fake.completeSession(sessionId, "card", "FR");
    expect(await stripe.lookup(record(order.reference, sessionId))).toMatchObject({
      status: "paid",
      tax: { taxCents: 483, rateBasisPoints: 2000, country: "FR" },
    });
  });

  it("fails as abandoned once the session has expired", async () => {
    const stripe = gateway();
    const order = request();
    const { sessionId } = await stripe.createCheckout(order);
    await stripe.expire(sessionId);
    expect(await stripe.lookup(record(order.reference, sessionId))).toEqual({ status: "failed", reason: "abandoned" });
  });
});

describe("the subscription afterwards", () => {
  async function bought() {
    const stripe = gateway();
    const { sessionId } = await stripe.createCheckout(request());
    const session = await t.fake.completeSession(sessionId, "card");
    return { stripe, subscriptionId: session.subscription as string, customerId: session.customer as string };
  }

  it("is read as Stripe has it now", async () => {
    const { stripe, subscriptionId } = await bought();
    await t.fake.advanceSubscription(subscriptionId, "failed");
    const end = t.fake.subscriptions.get(subscriptionId)!.items.data[0]!.current_period_end;
    expect(await stripe.subscription(subscriptionId)).toMatchObject({
      id: subscriptionId,
      status: "past_due",
      currentPeriodEnd: new Date(end * 1000),
    });
  });

  it("stops renewing at the period's end, once however often asked, and an ended one is answered as it is", async () => {
    const { stripe, subscriptionId } = await bought();
    const updates = () => t.fake.requests.filter((r) => r.method === "POST" && r.path === `/v1/subscriptions/${subscriptionId}`);
    const [first, second] = [await stripe.stopRenewing(subscriptionId), await stripe.stopRenewing(subscriptionId)];
    expect(first).toMatchObject({ id: subscriptionId, status: "active", cancelAtPeriodEnd: true });
    expect(second).toEqual(first);
    expect(updates()).toHaveLength(1);
    expect(updates()[0]!.params).toEqual({ cancel_at_period_end: "true" });

    await t.fake.advanceSubscription(subscriptionId, "succeeded");
    expect(await stripe.stopRenewing(subscriptionId)).toMatchObject({ status: "canceled" });
    expect(updates()).toHaveLength(1);
  });

  it("opens the customer portal in the customer's language, coming back to the account", async () => {
    const { stripe, customerId } = await bought();
    const url = await stripe.cardUpdatePage(customerId, "http://shop.test/es/account", "es");
    expect(url.startsWith(`${t.fake.url}/billing/p/session/`)).toBe(true);
    expect(lastRequest("/v1/billing_portal/sessions")).toMatchObject({
      status: 200,
      params: { customer: customerId, return_url: "http://shop.test/es/account", locale: "es" },
    });
    await expect(stripe.cardUpdatePage("cus_unknown", "http://shop.test/account", "en")).rejects.toThrow("No such customer");
  });
});
