import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { webhookSecret, withFakeStripe } from "../../tests/support/fake-stripe/harness.ts";
import { type SubscriptionNotice, WebhookSignatureError } from "./gateway.ts";
import type { StripeAnswers } from "./stripe-answers.ts";
import { stripeNotice } from "./stripe-events.ts";
import { createStripeGateway } from "./stripe-gateway.ts";

const t = withFakeStripe();
const gateway = (automaticTax = false) =>
  createStripeGateway({ secretKey: "sk_test_events", webhookSecret, apiBase: t.fake.url, automaticTax });

/** What our endpoint makes of an event the local Stripe sent it: the exact bytes and signature it received. */
async function noticeOf(type: string, from = 0, automaticTax = false) {
  const delivery = t.receiver.deliveries.slice(from).find((candidate) => JSON.parse(candidate.payload).type === type);
  if (!delivery) throw new Error(`No ${type} was delivered`);
  return gateway(automaticTax).readWebhook(delivery.payload, new Headers({ "stripe-signature": delivery.signature }));
}

let orders = 0;
/** A subscription bought through the gateway; the events from there on are read from `from`. */
async function bought(automaticTax = false) {
  orders += 1;
  const reference = `NS-2026-${String(orders).padStart(4, "0")}`;
  const { sessionId } = await gateway(automaticTax).createCheckout({
    reference,
    idempotencyKey: `events-${reference}`,
    amountCents: 2900,
    currency: "EUR",
    itemName: "Plan Or – 3 mois",
    language: "fr",
    email: "ada@example.com",
    returnPage: "http://shop.test/fr/checkout/return",
    cancelUrl: "http://shop.test/fr/checkout",
    orderCreatedAt: new Date(),
    recurring: { months: 3, accessReference: `ACCESS-${reference}` },
  });
  const from = t.receiver.deliveries.length;
  const session = await t.fake.completeSession(sessionId, "card", automaticTax ? "FR" : undefined);
  return { reference, sessionId, session, subscriptionId: session.subscription as string, from };
}
const paymentOf = (invoiceId: string) =>
  t.stripe.invoices
    .retrieve(invoiceId, { expand: ["payments"] })
    .then((invoice) => invoice.payments!.data.find((payment) => payment.status === "paid")!.payment.payment_intent as string);

describe("the events of a purchase with automatic renewal", () => {
  it("says the first invoice paid, with its payment and card, and the session completed; the subscription's creation is ignored", async () => {
    const { reference, sessionId, session, subscriptionId, from } = await bought();
    expect(await noticeOf("customer.subscription.created", from)).toBeNull();
    const paid = (await noticeOf("invoice.paid", from)) as SubscriptionNotice;
    expect(paid).toEqual({
      kind: "subscription",
      eventId: expect.stringMatching(/^evt_/),
      type: "invoice.paid",
      subscriptionId,
      orderReference: reference,
      accessReference: `ACCESS-${reference}`,
      invoice: {
        id: session.invoice,
        billingReason: "subscription_create",
        amountPaidCents: 2900,
        amountDueCents: 2900,
        currency: "eur",
        paymentReference: await paymentOf(session.invoice as string),
        hostedInvoiceUrl: `${t.fake.url}/invoice/${session.invoice}`,
        nextPaymentAttempt: null,
        attemptCount: 1,
        card: { brand: "visa", last4: "4242" },
      },
    });
    expect(await noticeOf("checkout.session.completed", from)).toEqual({
      kind: "payment",
      eventId: expect.stringMatching(/^evt_/),
      type: "checkout.session.completed",
      sessionId,
      orderReference: reference,
    });
  });

  it("tells a renewal: the subscription's new period, then the invoice paid by another payment", async () => {
    const { subscriptionId, reference } = await bought();
    const from = t.receiver.deliveries.length;
    const { invoice, subscription } = await t.fake.advanceSubscription(subscriptionId, "succeeded");
    const updated = (await noticeOf("customer.subscription.updated", from)) as SubscriptionNotice;
    expect(updated).toMatchObject({
      kind: "subscription",
      subscriptionId,
      orderReference: reference,
      subscription: {
        status: "active",
        cancelAtPeriodEnd: false,
        currentPeriodEnd: new Date(subscription.items.data[0]!.current_period_end * 1000),
      },
    });
    expect(updated.invoice).toBeUndefined();
    const paid = (await noticeOf("invoice.paid", from)) as SubscriptionNotice;
    expect(paid.invoice).toMatchObject({ id: invoice!.id, billingReason: "subscription_cycle", amountPaidCents: 2900 });
    expect(paid.invoice!.paymentReference).toBe(await paymentOf(invoice!.id));

    // A renewal's payment is refunded like the purchase's, and its refund event names it.
    const record = {
      reference: "NS-R",
      paymentSessionId: null,
      gatewayReference: paid.invoice!.paymentReference,
      amountCents: 2900,
      currency: "EUR",
      refundedCents: 0,
    };
    await gateway().refund(record);
    expect(await noticeOf("charge.refunded", from)).toMatchObject({ kind: "payment", gatewayReference: paid.invoice!.paymentReference });
  });

  it("tells a failed renewal (when Stripe tries again, where to pay), then its later payment", async () => {
    const { subscriptionId } = await bought();
    const from = t.receiver.deliveries.length;
    const { invoice } = await t.fake.advanceSubscription(subscriptionId, "failed");
    const failed = (await noticeOf("invoice.payment_failed", from)) as SubscriptionNotice;
    expect(failed.invoice).toEqual({
      id: invoice!.id,
      billingReason: "subscription_cycle",
      amountPaidCents: 0,
      amountDueCents: 2900,
      currency: "eur",
      paymentReference: null,
      hostedInvoiceUrl: invoice!.hosted_invoice_url,
      nextPaymentAttempt: new Date(invoice!.next_payment_attempt! * 1000),
      attemptCount: 1,
    });
    expect(await noticeOf("customer.subscription.updated", from)).toMatchObject({ subscription: { status: "past_due" } });

    const later = t.receiver.deliveries.length;
    await t.fake.payOpenInvoice(invoice!.id);
    const paid = (await noticeOf("invoice.paid", later)) as SubscriptionNotice;
    expect(paid.invoice).toMatchObject({ id: invoice!.id, amountPaidCents: 2900, attemptCount: 2, nextPaymentAttempt: null });
    expect(paid.invoice!.paymentReference).toBe(await paymentOf(invoice!.id));
    expect(await noticeOf("customer.subscription.updated", later)).toMatchObject({ subscription: { status: "active" } });
  });

  it("tells a subscription stopped, then ended at its period's end", async () => {
    const { subscriptionId, reference } = await bought();
    const from = t.receiver.deliveries.length;
    await gateway().stopRenewing(subscriptionId);
    expect(await noticeOf("customer.subscription.updated", from)).toMatchObject({
      type: "customer.subscription.updated",
      subscription: { status: "active", cancelAtPeriodEnd: true },
    });
    await t.fake.advanceSubscription(subscriptionId, "succeeded");
    expect(await noticeOf("customer.subscription.deleted", from)).toMatchObject({
      kind: "subscription",
      subscriptionId,
      orderReference: reference,
      accessReference: `ACCESS-${reference}`,
      subscription: { status: "canceled", cancelAtPeriodEnd: true },
    });
  });

  it("with Stripe Tax, tells the tax of a renewal, at the rate Stripe used", async () => {
    const { subscriptionId } = await bought(true);
    const from = t.receiver.deliveries.length;
    await t.fake.advanceSubscription(subscriptionId, "succeeded");
    const paid = (await noticeOf("invoice.paid", from, true)) as SubscriptionNotice;
    expect(paid.invoice?.tax).toEqual({ taxCents: 483, rateBasisPoints: 2000, country: "FR" });
  });
});

describe("an event that says otherwise than Stripe, asked", () => {
  it("carries the disagreement, and what it tells of the invoice is Stripe's", async () => {
    const { subscriptionId } = await bought();
    const { invoice } = await t.fake.advanceSubscription(subscriptionId, "succeeded");
    const from = t.receiver.deliveries.length;
    await t.fake.forgeEvent("invoice.paid", { ...invoice!, amount_paid: 1 });
    const notice = (await noticeOf("invoice.paid", from)) as SubscriptionNotice;
    expect(notice.disagreement).toEqual({ field: "amountPaid", event: 1, processor: 2900 });
    await t.fake.forgeEvent("invoice.paid", { ...invoice!, id: "in_never_made" });
    expect(((await noticeOf("invoice.paid", from + 1)) as SubscriptionNotice).disagreement).toEqual({
      field: "exists",
      event: "yes",
      processor: null,
    });
  });

  it("a dispute or a refund: another payment, or another sum, than Stripe's dispute or charge", async () => {
    const { subscriptionId } = await bought();
    const { invoice } = await t.fake.advanceSubscription(subscriptionId, "succeeded");
    const intent = await paymentOf(invoice!.id);
    const dispute = await t.fake.disputeFromBank(intent);
    const from = t.receiver.deliveries.length;
    await t.fake.forgeEvent("charge.dispute.created", { ...dispute, payment_intent: "pi_someone_elses" });
    expect(await noticeOf("charge.dispute.created", from)).toMatchObject({
      gatewayReference: "pi_someone_elses",
      dispute: { amountCents: 2900, currency: "eur" },
      disagreement: { field: "payment", event: "pi_someone_elses", processor: intent },
    });
    const charge = t.fake.charges.get(t.fake.paymentIntents.get(intent)!.latest_charge!)!;
    await t.fake.forgeEvent("charge.refunded", { ...charge, amount: 1 });
    expect(await noticeOf("charge.refunded", from + 1)).toMatchObject({ disagreement: { field: "amount", event: 1, processor: 2900 } });
  });
});

describe("invoices that are none of the shop's", () => {
  const event = (invoice: Partial<Stripe.Invoice>) =>
    ({ id: "evt_1", type: "invoice.paid", data: { object: { id: "in_1", ...invoice } } }) as unknown as Stripe.Event;
  const asked = () => Promise.reject(new Error("asked Stripe"));
  const noNetwork: StripeAnswers = { invoice: asked, dispute: asked, charge: asked, paidInvoiceExtras: asked };

  it("ignores an invoice made by hand, and one of a subscription billed for another reason than its cycle", async () => {
    expect(await stripeNotice(event({ parent: null, billing_reason: "manual" }), noNetwork)).toBeNull();
    const parent = { type: "subscription_details", quote_details: null, subscription_details: { subscription: "sub_1", metadata: {} } };
    expect(await stripeNotice(event({ parent, billing_reason: "manual" } as never), noNetwork)).toBeNull();
  });

  it("refuses to guess a notice when Stripe cannot be asked for the payment (the event is then retried)", async () => {
    const parent = { type: "subscription_details", quote_details: null, subscription_details: { subscription: "sub_1", metadata: {} } };
    await expect(stripeNotice(event({ parent, billing_reason: "subscription_cycle" } as never), noNetwork)).rejects.toThrow("asked Stripe");
  });

  it("refuses a bad signature as such, and a paid invoice it cannot complete for want of Stripe as something else", async () => {
    const { from } = await bought();
    const delivery = t.receiver.deliveries.slice(from).find((candidate) => JSON.parse(candidate.payload).type === "invoice.paid");
    if (!delivery) throw new Error("No invoice.paid was delivered");
    const forged = gateway().readWebhook(delivery.payload, new Headers({ "stripe-signature": "t=1,v1=00" }));
    await expect(forged).rejects.toBeInstanceOf(WebhookSignatureError);
    // The same signed event, read while Stripe's API does not answer (port 9 is discard): retried, not refused.
    const away = createStripeGateway({ secretKey: "sk_test_events", webhookSecret, apiBase: "http://127.0.0.1:9" });
    const reading = away.readWebhook(delivery.payload, new Headers({ "stripe-signature": delivery.signature }));
    await expect(reading).rejects.toThrow();
    await expect(reading).rejects.not.toBeInstanceOf(WebhookSignatureError);
  });
});
