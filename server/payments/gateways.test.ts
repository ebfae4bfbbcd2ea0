import { globSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseConfig } from "../config.ts";
import type { Database } from "../db/database.ts";
import { createPaymentGateway, gatewayTraits } from "./index.ts";

const configs = {
  test: parseConfig({ PAYMENT_GATEWAY: "test" }),
  stripe: parseConfig({ PAYMENT_GATEWAY: "stripe", STRIPE_SECRET_KEY: "sk_test_abc123", STRIPE_WEBHOOK_SECRET: "whsec_abc123" }),
};
// Neither gateway touches the database until asked about a payment.
const noDatabase = {} as Database;

describe("each gateway", () => {
  it.each(Object.entries(configs))("%s: says before the database is open what it is once made", (_, config) => {
    const gateway = createPaymentGateway(config, noDatabase);
    const { name, testMode, displayName, checkoutOrigin, webhookPath } = gateway;
    expect({ name, testMode, displayName, checkoutOrigin, webhookPath }).toEqual(gatewayTraits(config));
    expect(name).toBe(config.PAYMENT_GATEWAY);
    if (webhookPath !== null) expect(webhookPath).toBe(`/webhooks/${name}`);
    expect(webhookPath === null).toBe(gateway.readWebhook === undefined);
  });

  it.each(Object.entries(configs))("%s: reads back the session its return URL names, whatever it holds", (_, config) => {
    const gateway = createPaymentGateway(config, noDatabase);
    const url = gateway.returnUrl("https://shop.example/fr/checkout/return", "cs_test_a&b=c d");
    expect(url.startsWith("https://shop.example/fr/checkout/return?")).toBe(true);
    expect(gateway.sessionOfReturn(new URL(url))).toBe("cs_test_a&b=c d");
    expect(gateway.sessionOfReturn(new URL("https://shop.example/fr/checkout/return"))).toBeNull();
  });
});

describe("outside server/payments", () => {
  const code = [...globSync("app/**/*.{ts,tsx}"), ...globSync("server/**/*.ts", { exclude: ["server/payments/**"] })].filter(
    // Tests and the Stripe test bed drive Stripe itself, by name; the configuration checks Stripe's own variables.
    (file) => !/\.test\.tsx?$|test-bed|^server\/config/.test(file),
  );

  it.each([
    ["compares a gateway's name", /gateway\.name\s*[!=]==|[!=]==\s*gateway\.name/],
    ["knows how Stripe names its session", /["'`?&]session_id\b|CHECKOUT_SESSION_ID/],
    ["knows Stripe's webhook path", /webhooks\/stripe/],
  ])("nothing %s", (_, pattern) => {
    expect(code.length).toBeGreaterThan(100);
    expect(code.filter((file) => pattern.test(readFileSync(file, "utf8")))).toEqual([]);
  });
});
