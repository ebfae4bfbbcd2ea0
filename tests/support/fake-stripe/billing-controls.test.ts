import { describe, expect, it } from "vitest";
import { subscriptionParams, withFakeStripe } from "./harness.ts";

const t = withFakeStripe();

/** The controls as Playwright calls them, from another process: JSON over HTTP. */
const control = async (path: string, body?: object) => {
  const response = await fetch(`${t.fake.url}/_control${path}`, {
    method: body ? "POST" : "GET",
    ...(body && { body: JSON.stringify(body), headers: { "Content-Type": "application/json" } }),
  });
  return { status: response.status, body: await response.json() };
};

describe("the test controls of Stripe Billing", () => {
  it("advance a subscription, pay its open invoice, and list its events", async () => {
    const { id } = await t.stripe.checkout.sessions.create(subscriptionParams());
    const session = (await control(`/sessions/${id}/complete`, { how: "card" })).body;
    const subscriptionId = session.subscription as string;

    expect(await control(`/subscriptions/${subscriptionId}/advance`, { outcome: "later" })).toMatchObject({
      status: 400,
      body: { error: { message: '"outcome" must be one of "succeeded", "failed"' } },
    });
    const failed = await control(`/subscriptions/${subscriptionId}/advance`, { outcome: "failed" });
    expect(failed).toMatchObject({ status: 200, body: { subscription: { status: "past_due" }, invoice: { status: "open" } } });
    const paid = await control(`/invoices/${failed.body.invoice.id}/pay`, {});
    expect(paid).toMatchObject({ status: 200, body: { status: "paid" } });
    expect((await control(`/invoices/${failed.body.invoice.id}/pay`, {})).status).toBe(400);

    expect(await control(`/subscriptions/${subscriptionId}`)).toMatchObject({ status: 200, body: { status: "active" } });
    expect((await control("/subscriptions/sub_nope")).status).toBe(404);
    expect((await control(`/invoices/${failed.body.invoice.id}`)).body).toMatchObject({ attempt_count: 2 });

    const events = (await control("/events")).body as { type: string; session: string; subscription: string }[];
    const mine = events.filter((event) => event.subscription === subscriptionId);
    expect(mine.map((event) => event.type)).toEqual([
      "customer.subscription.created",
      "invoice.paid",
      "checkout.session.completed",
      "customer.subscription.updated",
      "invoice.payment_failed",
      "invoice.paid",
      "customer.subscription.updated",
    ]);
    expect(mine.every((event) => event.session === id)).toBe(true);
  });
});
