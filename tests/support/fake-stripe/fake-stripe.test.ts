import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { sessionParams, withFakeStripe } from "./harness.ts";
import { parseForm } from "./params.ts";

const t = withFakeStripe();

async function rejection(promise: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Stripe.errors.StripeError);
  return error as Stripe.errors.StripeError;
}

describe("the form parser", () => {
  it("reads bracket notation as Stripe does: numbered keys as arrays, [] as appending", () => {
    const body = "line_items[0][quantity]=1&line_items[1][quantity]=2&metadata[order_reference]=NS-1&expand[]=a&expand[]=b&x=%C3%A9+y";
    expect(parseForm(body)).toEqual({
      line_items: [{ quantity: "1" }, { quantity: "2" }],
      metadata: { order_reference: "NS-1" },
      expand: ["a", "b"],
      x: "é y",
    });
  });
});

describe("POST /v1/checkout/sessions", () => {
  it("answers a checkout.session shaped as Stripe's, and records the request as it came", async () => {
    const session = await t.stripe.checkout.sessions.create(sessionParams(), { idempotencyKey: "order-NS-2026-0001" });
    expect(session).toMatchObject({
      object: "checkout.session",
      url: `${t.fake.url}/pay/${session.id}`,
      status: "open",
      payment_status: "unpaid",
      mode: "payment",
      amount_subtotal: 1299,
      amount_total: 1299,
      currency: "eur",
      customer_email: "ada@example.com",
      customer_details: null,
      client_reference_id: "NS-2026-0001",
      metadata: { order_reference: "NS-2026-0001" },
      locale: "fr",
      livemode: false,
      payment_intent: null,
    });
    expect(session.id).toMatch(/^cs_test_[A-Za-z0-9]{58,}$/);
    expect(session.expires_at - session.created).toBe(24 * 3600);
    expect(session.lastResponse.requestId).toMatch(/^req_/);

    const recorded = t.fake.requests.at(-1)!;
    expect(recorded).toMatchObject({
      method: "POST",
      path: "/v1/checkout/sessions",
      idempotencyKey: "order-NS-2026-0001",
      stripeVersion: Stripe.API_VERSION,
      authorized: true,
      status: 200,
    });
    expect(recorded.params).toMatchObject({
      line_items: [
        { quantity: "1", price_data: { currency: "EUR", unit_amount: "1299", product_data: { name: "Plan Famille – 1 an, 4 écrans" } } },
      ],
      metadata: { order_reference: "NS-2026-0001" },
    });
  });

  it("replays the first answer for a key used again with the same parameters, and refuses it with others", async () => {
    const first = await t.stripe.checkout.sessions.create(sessionParams(), { idempotencyKey: "order-NS-2026-0002" });
    const count = t.fake.sessions.size;
    const again = await t.stripe.checkout.sessions.create(sessionParams(), { idempotencyKey: "order-NS-2026-0002" });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers["idempotent-replayed"]).toBe("true");
    expect(t.fake.sessions.size).toBe(count);

    const error = await rejection(
      t.stripe.checkout.sessions.create(sessionParams({ customer_email: "grace@example.com" }), { idempotencyKey: "order-NS-2026-0002" }),
    );
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(error.type).toBe("StripeIdempotencyError");
    expect(error.raw).toMatchObject({ type: "idempotency_error" });
  });

  it("keeps no answer for a request refused for its parameters, so its key can be used again", async () => {
    await rejection(t.stripe.checkout.sessions.create(sessionParams({ locale: "xx" as "fr" }), { idempotencyKey: "order-NS-2026-0003" }));
    const session = await t.stripe.checkout.sessions.create(sessionParams(), { idempotencyKey: "order-NS-2026-0003" });
    expect(session.status).toBe("open");
  });

  it("refuses an unknown parameter, however deep, with parameter_unknown", async () => {
    const unknownTop = await rejection(
      t.stripe.checkout.sessions.create({ ...sessionParams(), colour: "blue" } as Stripe.Checkout.SessionCreateParams),
    );
    expect(unknownTop).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(unknownTop).toMatchObject({ code: "parameter_unknown", param: "colour", message: "Received unknown parameter: colour" });

    const lineItems = [{ quantity: 1, price_data: { currency: "eur", unit_amount: 1, flavour: "x", product_data: { name: "A" } } }];
    const unknownDeep = await rejection(t.stripe.checkout.sessions.create(sessionParams({ line_items: lineItems as never })));
    expect(unknownDeep).toMatchObject({ code: "parameter_unknown", param: "line_items[0][price_data][flavour]" });
  });

  it("refuses a missing required parameter with parameter_missing", async () => {
    const { success_url: _, ...withoutSuccessUrl } = sessionParams();
    const error = await rejection(t.stripe.checkout.sessions.create(withoutSuccessUrl));
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ code: "parameter_missing", param: "success_url", statusCode: 400 });

    const nameless = [{ quantity: 1, price_data: { currency: "eur", unit_amount: 1, product_data: { description: "No name" } } }];
    const deep = await rejection(t.stripe.checkout.sessions.create(sessionParams({ line_items: nameless as never })));
    expect(deep).toMatchObject({ code: "parameter_missing", param: "line_items[0][price_data][product_data][name]" });
  });

  const now = Math.floor(Date.now() / 1000);
  it.each([
    ["mode", { mode: "setup" }, undefined],
    ["locale", { locale: "xx" }, undefined],
    ["customer_email", { customer_email: "not-an-address" }, "email_invalid"],
    ["success_url", { success_url: "/checkout/return" }, "url_invalid"],
    [
      "line_items[0][quantity]",
      { line_items: [{ quantity: 0, price_data: { currency: "eur", unit_amount: 1, product_data: { name: "A" } } }] },
      "parameter_invalid_integer",
    ],
    [
      "line_items[0][price_data][unit_amount]",
      { line_items: [{ quantity: 1, price_data: { currency: "eur", unit_amount: 1.5, product_data: { name: "A" } } }] },
      "parameter_invalid_integer",
    ],
    // An empty list is not sent at all by the SDK's form encoding: for Stripe, it is missing.
    ["line_items", { line_items: [] }, "parameter_missing"],
    ["client_reference_id", { client_reference_id: "x".repeat(201) }, undefined],
    ["metadata[order_reference]", { metadata: { order_reference: "x".repeat(501) } }, undefined],
    ["expires_at", { expires_at: now + 60 }, undefined],
    ["expires_at", { expires_at: now + 25 * 3600 }, undefined],
  ])("refuses an invalid %s", async (param, overrides, code) => {
    const error = await rejection(
      t.stripe.checkout.sessions.create(sessionParams(overrides as Partial<Stripe.Checkout.SessionCreateParams>)),
    );
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error.param).toBe(param);
    expect(error.code).toBe(code);
  });

  it("refuses a wrong API key without showing it", async () => {
    const key = "sk_live_51NotATestKeyAtAllXyZ9";
    const stranger = new Stripe(key, { host: "localhost", port: t.fake.port, protocol: "http" });
    const error = await rejection(stranger.checkout.sessions.create(sessionParams()));
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(error.message).toMatch(/^Invalid API Key provided: sk_live_\*+XyZ9$/);
    expect(t.fake.requests.at(-1)).toMatchObject({ authorized: false, status: 401 });
  });
});

describe("the API's ground rules", () => {
  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${t.fake.url}${path}`, {
      method: "POST",
      body,
      headers: { Authorization: "Bearer sk_test_raw", "Content-Type": "application/x-www-form-urlencoded", ...headers },
    });

  it("wants form-encoded bodies, a Request-Id on every answer, and knows only its own URLs", async () => {
    const json = await post("/v1/checkout/sessions", JSON.stringify(sessionParams()), { "Content-Type": "application/json" });
    expect(json.status).toBe(400);
    expect(json.headers.get("request-id")).toMatch(/^req_/);
    expect(json.headers.get("content-type")).toBe("application/json");
    expect((await json.json()).error).toMatchObject({
      type: "invalid_request_error",
      message: expect.stringContaining("x-www-form-urlencoded"),
    });

    const unknown = await post("/v1/customers", "email=a%40b.c");
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.message).toBe(
      "Unrecognized request URL (POST: /v1/customers). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.",
    );

    const anonymous = await fetch(`${t.fake.url}/v1/checkout/sessions/cs_test_x`);
    expect(anonymous.status).toBe(401);
  });

  it("refuses an idempotency key longer than 255 characters", async () => {
    const response = await post("/v1/refunds", "payment_intent=pi_x", { "Idempotency-Key": "k".repeat(256) });
    expect(response.status).toBe(400);
    expect((await response.json()).error.type).toBe("invalid_request_error");
  });
});

describe("GET /v1/checkout/sessions/:id and POST …/expire", () => {
  it("answers 404 resource_missing for an unknown session", async () => {
    const error = await rejection(t.stripe.checkout.sessions.retrieve("cs_test_nope"));
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ statusCode: 404, code: "resource_missing", message: "No such checkout.session: 'cs_test_nope'" });
  });

  it("expands the PaymentIntent and its charge once paid, and refuses what cannot be expanded", async () => {
    const { id } = await t.stripe.checkout.sessions.create(sessionParams());
    expect((await t.stripe.checkout.sessions.retrieve(id, { expand: ["payment_intent"] })).payment_intent).toBeNull();
    await t.fake.completeSession(id, "card");
    const session = await t.stripe.checkout.sessions.retrieve(id, { expand: ["payment_intent.latest_charge"] });
    const intent = session.payment_intent as Stripe.PaymentIntent;
    expect(intent).toMatchObject({
      object: "payment_intent",
      status: "succeeded",
      amount: 1299,
      currency: "eur",
      metadata: { order_reference: "NS-2026-0001" },
    });
    expect(intent.latest_charge).toMatchObject({
      object: "charge",
      payment_method_details: { type: "card", card: { brand: "visa", last4: "4242" } },
    });

    const error = await rejection(t.stripe.checkout.sessions.retrieve(id, { expand: ["currency"] }));
    expect(error).toMatchObject({ param: "expand", message: "This property cannot be expanded (currency)." });
  });

  it("expires an open session, says so by webhook, and only once", async () => {
    const { id } = await t.stripe.checkout.sessions.create(sessionParams());
    const expired = await t.stripe.checkout.sessions.expire(id);
    expect(expired.status).toBe("expired");
    const event = t.receiver.events.at(-1)!;
    expect(event).toMatchObject({ type: "checkout.session.expired", data: { object: { id, status: "expired" } } });
    expect(event.request).toEqual({ id: expired.lastResponse.requestId, idempotency_key: expect.stringMatching(/^stripe-node-retry-/) });

    const error = await rejection(t.stripe.checkout.sessions.expire(id));
    expect(error.message).toBe('Only Checkout Sessions with a status in ["open"] can be expired.');
  });
});
