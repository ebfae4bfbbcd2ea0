/**
 * Automatic renewal on Stripe Billing, end to end below the browser: the checkout with "renew automatically",
 * the local Stripe's subscription, and our webhook handling of its events (tests/support/stripe-billing.ts).
 */
import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { findOrderByReference } from "../../server/db/repositories.ts";
import type { Order } from "../../server/db/schema.ts";
import { testTargets } from "../../tests/support/databases.ts";
import { type StripeTestBed, startStripeTestBed } from "../../tests/support/stripe.ts";
import { type StripeBilling, stripeBilling } from "../../tests/support/stripe-billing.ts";
import { fulfilOrder } from "../admin/orders/deliver.server";

let bed: StripeTestBed;
let billing: StripeBilling;

const accessKey = randomBytes(32);
const details = { username: "u", password: "p", serverUrl: "https://tv.example", playlistUrl: "https://tv.example/list" };

/** Bought with the box ticked, paid on Stripe's page, then delivered as the console delivers. */
async function subscribed() {
  const { order, sessionId } = await bed.checkout({ renewAutomatically: true, plan: "advanced", viewers: 1 });
  const bought = await billing.subscribe(sessionId);
  const paid = (await bed.current(order)) as Order;
  expect(paid).toMatchObject({ status: "paid", gateway_reference: bought.paymentIntentId });
  const delivered = await fulfilOrder({ db: bed.db, wakeMail: () => {}, accessKey }, paid, details, "provisioning", new Date());
  return { order: delivered!, ...bought };
}
const accessOf = (id: number) => bed.db.selectFrom("accesses").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const subscriptionRow = (id: string) =>
  bed.db.selectFrom("subscriptions").selectAll().where("processor_subscription_id", "=", id).executeTakeFirstOrThrow();
const renewalOrders = (accessId: number) =>
  bed.db.selectFrom("orders").selectAll().where("renews_access_id", "=", accessId).orderBy("id").execute();

describe.each(testTargets)("automatic renewal on Stripe ($dialect)", ({ dialect, enabled }) => {
  beforeEach(async (context) => {
    if (!enabled) return context.skip();
    bed = await startStripeTestBed({ dialect });
    billing = stripeBilling(bed.fake);
  });
  afterEach(() => bed?.close());

  it("a purchase, renewed twice: the access's end moves twice, each renewal an order paid by its invoice's payment", async () => {
    const { order, subscriptionId } = await subscribed();
    const endOf = async () => new Date((await accessOf(order.access_id!)).ends_at).getTime();
    const start = await endOf();
    const first = await billing.renew(subscriptionId);
    const afterFirst = await endOf();
    const second = await billing.renew(subscriptionId);
    expect(start < afterFirst && afterFirst < (await endOf())).toBe(true);
    const renewals = await renewalOrders(order.access_id!);
    expect(renewals.map((renewal) => [renewal.status, renewal.gateway_reference])).toEqual([
      ["paid", first.paymentIntentId],
      ["paid", second.paymentIntentId],
    ]);
    expect(await subscriptionRow(subscriptionId)).toMatchObject({ status: "active" });
  });

  it("a declined renewal: failing with the page to pay, then paid later and the access extended", async () => {
    const { order, subscriptionId } = await subscribed();
    const failed = await billing.failRenewal(subscriptionId);
    expect(await subscriptionRow(subscriptionId)).toMatchObject({ status: "failing", pay_url: failed.invoice.hosted_invoice_url });
    expect(await renewalOrders(order.access_id!)).toHaveLength(0);
    await billing.payLater(failed.invoice.id);
    expect(await subscriptionRow(subscriptionId)).toMatchObject({ status: "active" });
    expect((await renewalOrders(order.access_id!)).map((renewal) => renewal.status)).toEqual(["paid"]);
  });

  it("stopped: it runs to its end and ends without a charge", async () => {
    const { order, subscriptionId } = await subscribed();
    await bed.gateway.stopRenewing(subscriptionId);
    expect(await subscriptionRow(subscriptionId)).toMatchObject({ status: "stopping" });
    await billing.endPeriod(subscriptionId);
    expect(await subscriptionRow(subscriptionId)).toMatchObject({ status: "ended" });
    expect(await renewalOrders(order.access_id!)).toHaveLength(0);
  });

  it("replayed and out-of-order events change nothing more", async () => {
    const { order, subscriptionId } = await subscribed();
    const held = await billing.held(() => billing.renew(subscriptionId));
    expect(await billing.deliver(held.toReversed())).toEqual([200, 200]);
    expect(await billing.deliver(held)).toEqual([200, 200]);
    expect(await renewalOrders(order.access_id!)).toHaveLength(1);
    expect((await findOrderByReference(bed.db, order.reference))?.status).toBe("fulfilled");
  });
});
