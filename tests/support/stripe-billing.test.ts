import { describe, expect, it } from "vitest";
import { subscriptionParams, withFakeStripe } from "./fake-stripe/harness.ts";
import { stripeBilling } from "./stripe-billing.ts";

const t = withFakeStripe();

describe("the Stripe Billing driver for app-level tests", () => {
  it("buys, renews twice, fails and pays later, stops and ends a subscription, each step delivered", async () => {
    const billing = stripeBilling(t.fake);
    const { id } = await t.stripe.checkout.sessions.create(subscriptionParams());
    const bought = await billing.subscribe(id);
    expect(bought.paymentIntentId).toMatch(/^pi_/);
    const start = billing.periodEnd(bought.subscriptionId);

    const first = await billing.renew(bought.subscriptionId);
    const second = await billing.renew(bought.subscriptionId);
    expect(first.paymentIntentId).not.toBe(second.paymentIntentId);
    expect(billing.periodEnd(bought.subscriptionId) > start).toBe(true);

    const failed = await billing.failRenewal(bought.subscriptionId);
    expect(failed.subscription.status).toBe("past_due");
    await billing.payLater(failed.invoice.id);

    await billing.stopElsewhere(bought.subscriptionId);
    expect((await billing.endPeriod(bought.subscriptionId)).status).toBe("canceled");

    const types = billing.eventsOf(bought.subscriptionId).map(({ event }) => event.type);
    expect(types).toEqual([
      "customer.subscription.created",
      "invoice.paid",
      "checkout.session.completed",
      ...["customer.subscription.updated", "invoice.paid"],
      ...["customer.subscription.updated", "invoice.paid"],
      ...["customer.subscription.updated", "invoice.payment_failed", "invoice.paid", "customer.subscription.updated"],
      "customer.subscription.updated",
      "customer.subscription.deleted",
    ]);
    expect(billing.eventsOf(bought.subscriptionId).every(({ deliveries }) => deliveries.length === 1)).toBe(true);
  });

  it("holds the events of a step, to deliver them later in any order, and again", async () => {
    const billing = stripeBilling(t.fake);
    const { id } = await t.stripe.checkout.sessions.create(subscriptionParams());
    const held = await billing.held(() => billing.subscribe(id));
    expect(held.map(({ deliveries }) => deliveries.length)).toEqual([0, 0, 0]);
    const from = t.receiver.events.length;
    expect(await billing.deliver(held.toReversed())).toEqual([200, 200, 200]);
    expect(await billing.deliver(held)).toEqual([200, 200, 200]);
    expect(t.receiver.events.slice(from).map((event) => event.type)).toEqual([
      "checkout.session.completed",
      "invoice.paid",
      "customer.subscription.created",
      "customer.subscription.created",
      "invoice.paid",
      "checkout.session.completed",
    ]);
  });

  it("cancels at once, as from the Dashboard", async () => {
    const billing = stripeBilling(t.fake);
    const { id } = await t.stripe.checkout.sessions.create(subscriptionParams());
    const { subscriptionId } = await billing.subscribe(id);
    expect((await billing.cancelNow(subscriptionId)).status).toBe("canceled");
    expect(billing.eventsOf(subscriptionId).at(-1)?.event.type).toBe("customer.subscription.deleted");
    await expect(billing.renew(subscriptionId)).rejects.toThrow(/has ended/);
  });
});
