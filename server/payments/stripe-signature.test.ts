/**
 * The age of a Stripe webhook's signature, on the gateway's own clock: five minutes either way. The SDK only
 * refuses signatures from the past; one dated in the future would stay valid until that date has passed.
 */
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { WebhookSignatureError } from "./gateway.ts";
import { createStripeGateway } from "./stripe-gateway.ts";

const webhookSecret = "whsec_signature_age";
// Read once and handed to the gateway, which asks no other clock: every margin below is exact to the second.
const now = new Date(Math.floor(Date.now() / 1000) * 1000);
const nowSeconds = now.getTime() / 1000;
// Nothing is asked of the API: the event is one the shop does not act on.
const gateway = createStripeGateway({ secretKey: "sk_test_signature_age", webhookSecret, apiBase: "http://127.0.0.1:9", now: () => now });
const payload = JSON.stringify({ id: "evt_signature_age", object: "event", type: "customer.created", data: { object: { id: "cus_1" } } });
const signer = new Stripe("sk_test_signer");

const readSignedAt = (timestamp: number) =>
  gateway.readWebhook(
    payload,
    new Headers({ "stripe-signature": signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret, timestamp }) }),
  );

describe("a Stripe webhook's signature", () => {
  it("is taken within five minutes of the gateway's clock, before or after", async () => {
    await expect(readSignedAt(nowSeconds)).resolves.toBeNull();
    await expect(readSignedAt(nowSeconds - 299)).resolves.toBeNull();
    await expect(readSignedAt(nowSeconds + 299)).resolves.toBeNull();
  });

  it("is refused when dated more than five minutes in the future", async () => {
    await expect(readSignedAt(nowSeconds + 301)).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(readSignedAt(nowSeconds + 86_400)).rejects.toBeInstanceOf(WebhookSignatureError);
  });

  it("is refused when more than five minutes old", async () => {
    await expect(readSignedAt(nowSeconds - 301)).rejects.toBeInstanceOf(WebhookSignatureError);
  });
});
