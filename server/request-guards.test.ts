import { describe, expect, it } from "vitest";
import { refuseRequest } from "./request-guards.ts";

const post = (headers: Record<string, string>, body = "a=1", path = "/contact") =>
  new Request(`http://shop.example${path}`, { method: "POST", body, headers: { "content-length": String(body.length), ...headers } });

describe("request guards", () => {
  it("let page views and same-site form posts through", () => {
    expect(refuseRequest(new Request("http://shop.example/"))).toBeNull();
    expect(refuseRequest(post({ origin: "http://shop.example", "sec-fetch-site": "same-origin" }))).toBeNull();
    expect(refuseRequest(post({}))).toBeNull();
  });

  it("refuse form posts from another site", () => {
    expect(refuseRequest(post({ origin: "https://evil.example" }))?.status).toBe(403);
    expect(refuseRequest(post({ "sec-fetch-site": "cross-site" }))?.status).toBe(403);
    expect(refuseRequest(post({ origin: "null" }))?.status).toBe(403);
  });

  it("refuse bodies that are too large before reading them", () => {
    expect(refuseRequest(post({ "content-length": String(65 * 1024) }))?.status).toBe(413);
    expect(refuseRequest(post({ "content-length": "abc" }))?.status).toBe(413);
  });

  it("let the payment processor's webhook through from another site, and nothing else of it", () => {
    const paths = new Set(["/webhooks/stripe"]);
    const webhook = (headers: Record<string, string>) => refuseRequest(post(headers, "{}", "/webhooks/stripe"), paths);
    expect(webhook({ origin: "https://stripe.com", "sec-fetch-site": "cross-site" })).toBeNull();
    expect(webhook({ "content-length": String(65 * 1024) })?.status).toBe(413);
    expect(refuseRequest(post({ origin: "https://stripe.com" }, "{}", "/webhooks/stripe/other"), paths)?.status).toBe(403);
    expect(refuseRequest(post({ origin: "https://stripe.com" }, "{}", "/checkout"), paths)?.status).toBe(403);
    expect(refuseRequest(post({ origin: "https://stripe.com" }, "{}", "/webhooks/stripe"))?.status).toBe(403);
  });
});
