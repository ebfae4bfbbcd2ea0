import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { sessionParams, withFakeStripe } from "./harness.ts";

const t = withFakeStripe();

const open = async (overrides: Partial<Stripe.Checkout.SessionCreateParams> = {}) =>
  (await t.stripe.checkout.sessions.create(sessionParams(overrides))).id;
const lastEvent = () => t.receiver.events.at(-1)!;
const intentOf = async (sessionId: string) =>
  t.stripe.paymentIntents.retrieve(t.fake.sessions.get(sessionId)!.payment_intent!, { expand: ["latest_charge"] });

describe("paying on the hosted page", () => {
  it("by card: the session is paid at once, and a signed checkout.session.completed says so", async () => {
    const id = await open();
    const session = await t.fake.completeSession(id, "card");
    expect(session).toMatchObject({ status: "complete", payment_status: "paid", customer_details: { email: "ada@example.com" } });
    expect(session.payment_intent).toMatch(/^pi_/);

    const event = lastEvent();
    expect(event).toMatchObject({
      object: "event",
      type: "checkout.session.completed",
      api_version: Stripe.API_VERSION,
      livemode: false,
      pending_webhooks: 1,
    });
    expect(event.id).toMatch(/^evt_/);
    expect(event.request).toEqual({ id: null, idempotency_key: null });
    expect(event.data.object).toMatchObject({ id, payment_status: "paid", payment_intent: session.payment_intent });
    const delivery = t.receiver.deliveries.at(-1)!;
    expect(delivery.userAgent).toBe("Stripe/1.0 (+https://stripe.com/docs/webhooks)");
    expect(delivery.contentType).toBe("application/json; charset=utf-8");
    expect(t.fake.events.at(-1)!.deliveries).toEqual([{ status: 200, at: expect.any(String) }]);

    const intent = await intentOf(id);
    expect(intent).toMatchObject({
      status: "succeeded",
      amount: 1299,
      amount_received: 1299,
      metadata: { order_reference: "NS-2026-0001" },
    });
    expect(intent.latest_charge).toMatchObject({
      paid: true,
      status: "succeeded",
      amount_refunded: 0,
      refunded: false,
      payment_intent: intent.id,
    });
    await expect(t.fake.completeSession(id, "card")).rejects.toThrow('Only Checkout Sessions with a status in ["open"] can be completed.');
  });

  it("by bank debit: complete but unpaid, then paid when the bank confirms", async () => {
    const id = await open();
    await t.fake.completeSession(id, "delayed");
    expect(lastEvent()).toMatchObject({
      type: "checkout.session.completed",
      data: { object: { id, status: "complete", payment_status: "unpaid" } },
    });
    expect(await intentOf(id)).toMatchObject({ status: "processing" });

    const settled = await t.fake.settleDelayed(id, "succeeded");
    expect(settled.payment_status).toBe("paid");
    expect(lastEvent()).toMatchObject({
      type: "checkout.session.async_payment_succeeded",
      data: { object: { id, payment_status: "paid" } },
    });
    const intent = await intentOf(id);
    expect(intent).toMatchObject({
      status: "succeeded",
      latest_charge: { status: "succeeded", payment_method_details: { type: "sepa_debit" } },
    });
    await expect(t.fake.settleDelayed(id, "failed")).rejects.toThrow(/no delayed payment waiting/);
  });

  it("by bank debit: unpaid for good when the bank refuses", async () => {
    const id = await open();
    await t.fake.completeSession(id, "delayed");
    const settled = await t.fake.settleDelayed(id, "failed");
    expect(settled).toMatchObject({ status: "complete", payment_status: "unpaid" });
    expect(lastEvent()).toMatchObject({
      type: "checkout.session.async_payment_failed",
      data: { object: { id, payment_status: "unpaid" } },
    });
    expect(await intentOf(id)).toMatchObject({ status: "requires_payment_method", latest_charge: { status: "failed" } });
  });
});

describe("POST /v1/refunds", () => {
  it("refunds part, then the rest, says so with charge.refunded, and refuses more", async () => {
    const id = await open();
    const paymentIntent = (await t.fake.completeSession(id, "card")).payment_intent!;

    const part = await t.stripe.refunds.create(
      { payment_intent: paymentIntent, amount: 300, reason: "requested_by_customer" },
      { idempotencyKey: `refund-${id}-300` },
    );
    expect(part).toMatchObject({ object: "refund", amount: 300, currency: "eur", status: "succeeded", payment_intent: paymentIntent });
    expect(part.id).toMatch(/^re_/);
    expect(lastEvent()).toMatchObject({
      type: "charge.refunded",
      data: { object: { object: "charge", amount_refunded: 300, refunded: false } },
    });
    expect(lastEvent().request?.id).toBe(part.lastResponse.requestId);

    const tooMuch = await t.stripe.refunds
      .create({ payment_intent: paymentIntent, amount: 1000 })
      .catch((e: Stripe.errors.StripeError) => e);
    expect(tooMuch).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(tooMuch).toMatchObject({
      code: "amount_too_large",
      message: "Refund amount (€10.00) is greater than unrefunded amount on charge (€9.99)",
    });

    const rest = await t.stripe.refunds.create({ charge: part.charge as string });
    expect(rest.amount).toBe(999);
    expect(lastEvent()).toMatchObject({ type: "charge.refunded", data: { object: { amount_refunded: 1299, refunded: true } } });

    const again = await t.stripe.refunds.create({ payment_intent: paymentIntent }).catch((e: Stripe.errors.StripeError) => e);
    expect(again).toMatchObject({ code: "charge_already_refunded" });
  });

  it("refuses a PaymentIntent it does not know, or one not paid", async () => {
    const unknown = await t.stripe.refunds.create({ payment_intent: "pi_nope" }).catch((e: Stripe.errors.StripeError) => e);
    expect(unknown).toMatchObject({ statusCode: 400, code: "resource_missing", param: "payment_intent" });

    const id = await open();
    const pending = (await t.fake.completeSession(id, "delayed")).payment_intent!;
    const unpaid = await t.stripe.refunds.create({ payment_intent: pending }).catch((e: Stripe.errors.StripeError) => e);
    expect(unpaid).toMatchObject({ message: `This PaymentIntent (${pending}) does not have a successful charge to refund.` });
  });

  it("sends charge.refunded for a refund made in the dashboard, with no API request behind it", async () => {
    const paymentIntent = (await t.fake.completeSession(await open(), "card")).payment_intent!;
    const refund = await t.fake.refundFromDashboard(paymentIntent, 99);
    expect(refund.amount).toBe(99);
    expect(lastEvent()).toMatchObject({ type: "charge.refunded", request: { id: null }, data: { object: { amount_refunded: 99 } } });
  });
});

describe("disputes", () => {
  it("a dispute from the bank says charge.dispute.created, and GET /v1/disputes/:id answers it as it is", async () => {
    const paymentIntent = (await t.fake.completeSession(await open(), "card")).payment_intent!;
    const dispute = await t.fake.disputeFromBank(paymentIntent);
    expect(lastEvent()).toMatchObject({
      type: "charge.dispute.created",
      data: { object: { id: dispute.id, payment_intent: paymentIntent } },
    });
    expect(await t.stripe.disputes.retrieve(dispute.id)).toMatchObject({
      id: dispute.id,
      amount: 1299,
      currency: "eur",
      payment_intent: paymentIntent,
      metadata: {},
    });
    await expect(t.stripe.disputes.retrieve("dp_unknown")).rejects.toMatchObject({ statusCode: 404, code: "resource_missing" });
  });
});

describe("a forged event", () => {
  it("is signed and sent as given, and changes nothing in the account", async () => {
    const object = { ...(await t.fake.disputeFromBank((await t.fake.completeSession(await open(), "card")).payment_intent!)) };
    const disputes = t.fake.disputes.size;
    const forged = await t.fake.forgeEvent("charge.dispute.created", { ...object, id: "dp_forged", amount: 1 });
    expect(lastEvent()).toMatchObject({ id: forged.event.id, data: { object: { id: "dp_forged", amount: 1 } } });
    expect(t.fake.disputes.size).toBe(disputes);
  });
});

describe("webhook delivery", () => {
  it("keeps events while held, and delivers them again, freshly signed, when asked", async () => {
    const received = t.receiver.events.length;
    t.fake.setWebhooksHeld(true);
    const id = await open();
    await t.fake.completeSession(id, "card");
    t.fake.setWebhooksHeld(false);
    const recorded = t.fake.events.at(-1)!;
    expect(recorded.deliveries).toEqual([]);
    expect(t.receiver.events.length).toBe(received);

    expect(await t.fake.deliver(recorded.event.id)).toBe(200);
    expect(await t.fake.deliver(recorded.event.id)).toBe(200);
    expect(t.receiver.events.slice(received).map((event) => event.id)).toEqual([recorded.event.id, recorded.event.id]);
    expect(t.receiver.deliveries.at(-1)!.payload).toBe(recorded.payload);
    expect(recorded.deliveries.map((delivery) => delivery.status)).toEqual([200, 200]);
  });

  it("records what our endpoint answered, even a failure", async () => {
    t.receiver.answer = 500;
    try {
      await t.fake.completeSession(await open(), "card");
    } finally {
      t.receiver.answer = 200;
    }
    expect(t.fake.events.at(-1)!.deliveries).toEqual([{ status: 500, at: expect.any(String) }]);
  });
});

describe("the hosted page", () => {
  const page = (path: string, init?: RequestInit) => fetch(`${t.fake.url}${path}`, { redirect: "manual", ...init });

  it("shows the order in the session's language, pays on POST, and sends the visitor to success_url", async () => {
    const id = await open();
    const response = await page(`/pay/${id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await response.text();
    expect(html).toContain('<html lang="fr">');
    expect(html).toMatch(/<title>Pay 12,99\s€ – Stripe Checkout \(local test double\)<\/title>/);
    expect(html).toContain("<h1>Checkout</h1>");
    expect(html).toContain("Plan Famille – 1 an, 4 écrans");
    expect(html).toContain("local test double of Stripe Checkout");
    expect(html).toContain('<button type="submit" name="how" value="card">Pay</button>');
    expect(html).toContain('<button type="submit" name="how" value="delayed">Pay by bank debit (confirmed later)</button>');
    expect(html).toContain('<a href="http://localhost:3100/checkout">Back</a>');
    expect(html).not.toMatch(/<script|<link|style=/);

    const paid = await page(`/pay/${id}`, { method: "POST", body: new URLSearchParams({ how: "card" }) });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`http://localhost:3100/checkout/return?session_id=${id}`);
    expect(lastEvent()).toMatchObject({ type: "checkout.session.completed", data: { object: { id } } });

    const after = await (await page(`/pay/${id}`)).text();
    expect(after).toContain("This payment is complete");
    expect(after).not.toContain("<form");
    expect((await page(`/pay/${id}`, { method: "POST", body: new URLSearchParams({ how: "card" }) })).headers.get("location")).toBe(
      `/pay/${id}`,
    );
  });

  it("says so for an expired session, and knows no other", async () => {
    const id = await open();
    await t.fake.expireSession(id);
    const html = await (await page(`/pay/${id}`)).text();
    expect(html).toContain("This payment page has expired");
    expect(html).not.toContain("<form");
    expect((await page("/pay/cs_test_nope")).status).toBe(404);
  });
});

describe("the controls over HTTP", () => {
  const control = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${t.fake.url}/_control${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: response.status, body: await response.json() };
  };

  it("do what the in-process controls do", async () => {
    expect((await fetch(`${t.fake.url}/healthz`)).status).toBe(200);
    const id = await open();
    expect(await control("POST", "/webhooks", { held: true })).toEqual({ status: 200, body: { held: true } });
    expect((await control("POST", `/sessions/${id}/complete`, { how: "delayed" })).body).toMatchObject({ id, status: "complete" });
    expect(await control("POST", "/webhooks", { held: false })).toEqual({ status: 200, body: { held: false } });
    expect((await control("POST", `/sessions/${id}/settle`, { outcome: "succeeded" })).body).toMatchObject({ payment_status: "paid" });

    const events = (await control("GET", "/events")).body as { id: string; type: string; session: string; deliveries: unknown[] }[];
    const mine = events.filter((event) => event.session === id);
    expect(mine.map((event) => [event.type, event.deliveries.length])).toEqual([
      ["checkout.session.completed", 0],
      ["checkout.session.async_payment_succeeded", 1],
    ]);
    expect(await control("POST", `/events/${mine[0]!.id}/deliver`)).toEqual({ status: 200, body: { status: 200 } });

    const paymentIntent = t.fake.sessions.get(id)!.payment_intent;
    expect((await control("POST", "/refunds", { payment_intent: paymentIntent, amount: 100 })).body).toMatchObject({
      object: "refund",
      amount: 100,
    });
    expect((await control("GET", "/events")).body.at(-1)).toMatchObject({ type: "charge.refunded", session: id });
    expect((await control("GET", `/sessions/${id}`)).body).toMatchObject({ id, payment_intent: paymentIntent });
    expect((await control("GET", "/requests")).body.at(-1)).toMatchObject({ method: "POST", path: "/v1/checkout/sessions" });

    expect((await control("POST", `/sessions/${id}/expire`)).status).toBe(400);
    expect((await control("POST", "/sessions/cs_test_nope/complete", { how: "card" })).status).toBe(404);
    expect((await control("POST", `/sessions/${id}/complete`, { how: "cash" })).status).toBe(400);
  });
});
