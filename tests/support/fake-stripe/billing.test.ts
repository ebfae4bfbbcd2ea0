import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { sessionParams, subscriptionParams, withFakeStripe } from "./harness.ts";

const t = withFakeStripe();

async function rejection(promise: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Stripe.errors.StripeError);
  return error as Stripe.errors.StripeError;
}

/** A subscription bought on the payment page; what it sent from there on. */
async function subscribe(overrides: Partial<Stripe.Checkout.SessionCreateParams> = {}, country?: string) {
  const { id } = await t.stripe.checkout.sessions.create(subscriptionParams(overrides));
  const from = t.receiver.events.length;
  const session = await t.fake.completeSession(id, "card", country);
  return { session, subscriptionId: session.subscription as string, events: t.receiver.events.slice(from) };
}
const typesSince = (from: number) => t.receiver.events.slice(from).map((event) => event.type);
const monthsLater = (seconds: number, months: number) => {
  const date = new Date(seconds * 1000);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.getTime() / 1000;
};

describe("Checkout in subscription mode", () => {
  it("starts, once paid, a customer, a subscription with the session's metadata and a paid first invoice", async () => {
    const { session, subscriptionId, events } = await subscribe();
    expect(session).toMatchObject({ mode: "subscription", status: "complete", payment_status: "paid", payment_intent: null });
    expect(session.customer).toMatch(/^cus_/);
    expect(session.invoice).toMatch(/^in_/);
    expect(events.map((event) => event.type)).toEqual(["customer.subscription.created", "invoice.paid", "checkout.session.completed"]);

    const subscription = await t.stripe.subscriptions.retrieve(subscriptionId);
    expect(subscription).toMatchObject({
      object: "subscription",
      status: "active",
      customer: session.customer,
      cancel_at_period_end: false,
      latest_invoice: session.invoice,
      metadata: { order_reference: "NS-2026-0001", access_reference: "NS-2026-0001" },
    });
    const [item] = subscription.items.data;
    expect(item?.price).toMatchObject({ unit_amount: 2900, currency: "eur", recurring: { interval: "month", interval_count: 3 } });
    expect(item!.current_period_end).toBe(monthsLater(item!.current_period_start, 3));

    const invoice = await t.stripe.invoices.retrieve(session.invoice as string, { expand: ["payments"] });
    expect(invoice).toMatchObject({
      billing_reason: "subscription_create",
      status: "paid",
      amount_due: 2900,
      amount_paid: 2900,
      attempt_count: 1,
      parent: { type: "subscription_details", subscription_details: { subscription: subscriptionId, metadata: subscription.metadata } },
    });
    const [payment] = invoice.payments!.data;
    expect(payment).toMatchObject({ status: "paid", amount_paid: 2900, payment: { type: "payment_intent" } });
    const intent = await t.stripe.paymentIntents.retrieve(payment!.payment.payment_intent as string, { expand: ["latest_charge"] });
    expect(intent).toMatchObject({ status: "succeeded", amount: 2900, customer: session.customer });
    expect(intent.latest_charge).toMatchObject({ paid: true, payment_method_details: { card: { brand: "visa", last4: "4242" } } });

    // The first payment is refunded like any other.
    const refund = await t.stripe.refunds.create({ payment_intent: intent.id, amount: 900 });
    expect(refund).toMatchObject({ amount: 900, payment_intent: intent.id });
  });

  it("expands the first invoice's payments from the session, and refuses an expansion deeper than four levels", async () => {
    const { session } = await subscribe();
    const expanded = await t.stripe.checkout.sessions.retrieve(session.id, { expand: ["invoice.payments", "subscription"] });
    expect((expanded.invoice as Stripe.Invoice).payments?.data[0]?.payment.payment_intent).toMatch(/^pi_/);
    expect((expanded.subscription as Stripe.Subscription).items.data).toHaveLength(1);
    const deep = await t.stripe.invoices.retrieve(session.invoice as string, { expand: ["payments.data.payment.payment_intent"] });
    expect(deep.payments?.data[0]?.payment.payment_intent).toMatchObject({ object: "payment_intent" });
    const tooDeep = await rejection(
      t.stripe.invoices.retrieve(session.invoice as string, { expand: ["payments.data.payment.payment_intent.latest_charge"] }),
    );
    expect(tooDeep).toMatchObject({ param: "expand", statusCode: 400 });
  });

  it.each([
    ["payment_intent_data", subscriptionParams({ payment_intent_data: { metadata: { order_reference: "x" } } }), undefined],
    ["subscription_data", sessionParams({ subscription_data: { metadata: { a: "b" } } }), undefined],
    ["line_items[0]", sessionParams({ line_items: subscriptionParams().line_items }), undefined],
    ["line_items", subscriptionParams({ line_items: sessionParams().line_items }), undefined],
    [
      "line_items[0][price_data][recurring][interval_count]",
      subscriptionParams({
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: "eur",
              unit_amount: 1,
              product_data: { name: "A" },
              recurring: { interval: "month", interval_count: 13 },
            },
          },
        ],
      }),
      undefined,
    ],
    [
      "line_items[0][price_data][recurring][interval]",
      subscriptionParams({
        line_items: [
          {
            quantity: 1,
            price_data: { currency: "eur", unit_amount: 1, product_data: { name: "A" }, recurring: { interval_count: 3 } as never },
          },
        ],
      }),
      "parameter_missing",
    ],
    ["subscription_data[colour]", subscriptionParams({ subscription_data: { colour: "blue" } as never }), "parameter_unknown"],
  ])("refuses %s as Stripe does", async (param, params, code) => {
    const error = await rejection(t.stripe.checkout.sessions.create(params));
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error.param).toBe(param);
    expect(error.code).toBe(code);
  });

  it("takes a subscription by card only, on its payment page too", async () => {
    const { id, url } = await t.stripe.checkout.sessions.create(subscriptionParams());
    await expect(t.fake.completeSession(id, "delayed")).rejects.toThrow(/by card only/);
    const page = await (await fetch(url!)).text();
    expect(page).toContain('value="card">Subscribe</button>');
    expect(page).not.toContain('value="delayed"');
    const post = (how: string) => fetch(url!, { method: "POST", body: new URLSearchParams({ how }), redirect: "manual" });
    expect((await post("delayed")).status).toBe(400);
    const paid = await post("card");
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`http://localhost:3100/checkout/return?session_id=${id}`);
    expect(t.fake.sessions.get(id)?.subscription).toMatch(/^sub_/);
  });
});

describe("subscriptions: update and cancel", () => {
  it("stops at the period's end once, says so by one event, and takes it back", async () => {
    const { subscriptionId } = await subscribe();
    const from = t.receiver.events.length;
    const stopped = await t.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    const end = stopped.items.data[0]!.current_period_end;
    expect(stopped).toMatchObject({ cancel_at_period_end: true, cancel_at: end, status: "active" });
    expect(stopped.canceled_at).toEqual(expect.any(Number));
    await t.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    expect(typesSince(from)).toEqual(["customer.subscription.updated"]);
    expect(t.receiver.events.at(-1)!.data.previous_attributes).toMatchObject({ cancel_at_period_end: false, cancel_at: null });

    const resumed = await t.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: false, metadata: { note: "x" } });
    expect(resumed).toMatchObject({
      cancel_at_period_end: false,
      cancel_at: null,
      metadata: { note: "x", order_reference: "NS-2026-0001" },
    });
    const cleared = await t.stripe.subscriptions.update(subscriptionId, { metadata: { note: "" } });
    expect(cleared.metadata).not.toHaveProperty("note");
    expect(typesSince(from)).toHaveLength(3);
  });

  it("cancels now with DELETE, then refuses to change it", async () => {
    const { subscriptionId } = await subscribe();
    const canceled = await t.stripe.subscriptions.cancel(subscriptionId);
    expect(canceled).toMatchObject({ status: "canceled", ended_at: expect.any(Number) });
    expect(t.receiver.events.at(-1)).toMatchObject({ type: "customer.subscription.deleted", data: { object: { id: subscriptionId } } });
    const error = await rejection(t.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }));
    expect(error.message).toMatch(/canceled subscription can only update/);
    await rejection(t.stripe.subscriptions.cancel(subscriptionId));
  });

  it("refuses unknown subscriptions and parameters", async () => {
    expect(await rejection(t.stripe.subscriptions.retrieve("sub_nope"))).toMatchObject({ statusCode: 404, code: "resource_missing" });
    const { subscriptionId } = await subscribe();
    const unknown = await rejection(t.stripe.subscriptions.update(subscriptionId, { pause: true } as never));
    expect(unknown).toMatchObject({ code: "parameter_unknown", param: "pause" });
    const wrong = await rejection(t.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: "soon" as never }));
    expect(wrong).toMatchObject({ param: "cancel_at_period_end" });
  });
});

describe("the test clock: renewals", () => {
  it("renews: the period moves on by the price's interval and the next invoice is paid", async () => {
    const { subscriptionId, session } = await subscribe();
    const before = t.fake.subscriptions.get(subscriptionId)!.items.data[0]!.current_period_end;
    const from = t.receiver.events.length;
    const { invoice } = await t.fake.advanceSubscription(subscriptionId, "succeeded");
    expect(typesSince(from)).toEqual(["customer.subscription.updated", "invoice.paid"]);
    expect(invoice).toMatchObject({ billing_reason: "subscription_cycle", status: "paid", amount_paid: 2900, period_start: before });
    const item = (await t.stripe.subscriptions.retrieve(subscriptionId)).items.data[0]!;
    expect(item).toMatchObject({ current_period_start: before, current_period_end: monthsLater(before, 3) });
    const paid = await t.stripe.invoices.retrieve(invoice!.id, { expand: ["payments"] });
    const first = await t.stripe.invoices.retrieve(session.invoice as string, { expand: ["payments"] });
    expect(paid.payments!.data[0]!.payment.payment_intent).not.toBe(first.payments!.data[0]!.payment.payment_intent);
  });

  it("fails a renewal (past_due, a retry planned), which the customer pays later on the invoice's page", async () => {
    const { subscriptionId } = await subscribe();
    const from = t.receiver.events.length;
    const { invoice, subscription } = await t.fake.advanceSubscription(subscriptionId, "failed");
    expect(typesSince(from)).toEqual(["customer.subscription.updated", "invoice.payment_failed"]);
    expect(subscription.status).toBe("past_due");
    expect(invoice).toMatchObject({ status: "open", amount_paid: 0, amount_due: 2900, attempt_count: 1, attempted: true });
    expect(invoice!.next_payment_attempt).toBe(invoice!.period_start + 3 * 86_400);
    expect(invoice!.hosted_invoice_url).toBe(`${t.fake.url}/invoice/${invoice!.id}`);

    const page = await fetch(invoice!.hosted_invoice_url!, { method: "POST" });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Paid");
    expect(typesSince(from)).toEqual([
      "customer.subscription.updated",
      "invoice.payment_failed",
      "invoice.paid",
      "customer.subscription.updated",
    ]);
    expect(await t.stripe.subscriptions.retrieve(subscriptionId)).toMatchObject({ status: "active" });
    expect(await t.stripe.invoices.retrieve(invoice!.id)).toMatchObject({ status: "paid", attempt_count: 2, next_payment_attempt: null });
    await expect(t.fake.payOpenInvoice(invoice!.id)).rejects.toThrow("Invoice is already paid");
  });

  it("ends a subscription stopped at the period's end instead of charging it", async () => {
    const { subscriptionId } = await subscribe();
    await t.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    const invoices = t.fake.invoices.size;
    const from = t.receiver.events.length;
    const { subscription, invoice } = await t.fake.advanceSubscription(subscriptionId, "succeeded");
    expect(invoice).toBeNull();
    expect(subscription).toMatchObject({ status: "canceled", ended_at: subscription.items.data[0]!.current_period_end });
    expect(typesSince(from)).toEqual(["customer.subscription.deleted"]);
    expect(t.fake.invoices.size).toBe(invoices);
    await expect(t.fake.advanceSubscription(subscriptionId, "succeeded")).rejects.toThrow(/has ended/);
  });

  it("holds its events while our server is down, and delivers them again in any order", async () => {
    const { subscriptionId } = await subscribe();
    t.fake.setWebhooksHeld(true);
    const from = t.receiver.events.length;
    await t.fake.advanceSubscription(subscriptionId, "succeeded");
    await t.fake.advanceSubscription(subscriptionId, "succeeded");
    t.fake.setWebhooksHeld(false);
    expect(t.receiver.events.length).toBe(from);
    const held = t.fake.events.slice(-4);
    for (const recorded of held.toReversed()) expect(await t.fake.deliver(recorded.event.id)).toBe(200);
    expect(typesSince(from)).toEqual(["invoice.paid", "customer.subscription.updated", "invoice.paid", "customer.subscription.updated"]);
    // A control lists the events by subscription.
    const listed = (await (await fetch(`${t.fake.url}/_control/events`)).json()) as { subscription: string | null }[];
    expect(listed.filter((event) => event.subscription === subscriptionId)).toHaveLength(7);
  });
});

describe("the customer portal", () => {
  it("opens a session for the customer, in their language, with a page that leads back", async () => {
    const { session } = await subscribe();
    const portal = await t.stripe.billingPortal.sessions.create({
      customer: session.customer as string,
      return_url: "http://localhost:3100/fr/account",
      locale: "fr",
    });
    expect(portal).toMatchObject({ object: "billing_portal.session", customer: session.customer, locale: "fr" });
    expect(portal.url.startsWith(`${t.fake.url}/billing/p/session/`)).toBe(true);
    const page = await (await fetch(portal.url)).text();
    expect(page).toContain('href="http://localhost:3100/fr/account"');
  });

  it.each([
    ["customer", { customer: "cus_nope" }, "resource_missing"],
    ["customer", {}, "parameter_missing"],
    ["locale", { customer: "cus_x", locale: "xx" }, undefined],
    ["return_url", { customer: "cus_x", return_url: "/account" }, "url_invalid"],
    ["flow_data", { customer: "cus_x", flow_data: { type: "payment_method_update" } }, "parameter_unknown"],
  ])("refuses a wrong %s", async (param, params, code) => {
    const error = await rejection(t.stripe.billingPortal.sessions.create(params as Stripe.BillingPortal.SessionCreateParams));
    expect(error).toMatchObject({ param, code });
  });
});

describe("Stripe Tax on a subscription", () => {
  it("puts the tax in each invoice, with a rate that can be retrieved", async () => {
    const taxed = subscriptionParams({ automatic_tax: { enabled: true }, billing_address_collection: "required" });
    taxed.line_items![0]!.price_data!.tax_behavior = "inclusive";
    const { session, subscriptionId } = await subscribe(taxed, "FR");
    expect(session.total_details?.amount_tax).toBe(483);
    const { invoice } = await t.fake.advanceSubscription(subscriptionId, "succeeded");
    for (const id of [session.invoice as string, invoice!.id]) {
      const retrieved = await t.stripe.invoices.retrieve(id);
      expect(retrieved).toMatchObject({ automatic_tax: { enabled: true }, total: 2900, customer_address: { country: "FR" } });
      const [tax] = retrieved.total_taxes!;
      expect(tax).toMatchObject({ amount: 483, tax_behavior: "inclusive" });
      const rate = await t.stripe.taxRates.retrieve(tax!.tax_rate_details!.tax_rate);
      expect(rate).toMatchObject({ percentage: 20, country: "FR" });
    }
  });
});
