/**
 * Automatic renewal on Stripe Billing, end to end below the browser: the checkout with "renew automatically",
 * the local Stripe's subscription, and our webhook handling of its events (tests/support/stripe-billing.ts).
 */
import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { findOrderByReference } from "../../server/db/repositories.ts";
import { testTargets } from "../../tests/support/databases.ts";
import { type StripeTestBed, startStripeTestBed } from "../../tests/support/stripe.ts";
import { deliveredSubscription, type StripeBilling, stripeBilling } from "../../tests/support/stripe-billing.ts";
import { stopSubscription } from "./stop.server";

// With a provisioning system, so each renewal queues its `access.extended` (nothing listens: the jobs are
// counted). Set before any import reads the configuration, which is parsed once per test file.
vi.hoisted(() => {
  process.env.FULFILMENT_WEBHOOK_URL = "http://127.0.0.1:9/provisioning";
  process.env.FULFILMENT_WEBHOOK_SECRET = "whsec_provisioning_stripe_billing_0123456789";
});
// A worker may run another file next: it must not inherit them.
afterAll(() => {
  delete process.env.FULFILMENT_WEBHOOK_URL;
  delete process.env.FULFILMENT_WEBHOOK_SECRET;
});

let bed: StripeTestBed;
let billing: StripeBilling;

const subscribed = () => deliveredSubscription(bed, billing, randomBytes(32));
const accessOf = (id: number) => bed.db.selectFrom("accesses").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const subscriptionRow = (id: string) =>
  bed.db.selectFrom("subscriptions").selectAll().where("processor_subscription_id", "=", id).executeTakeFirstOrThrow();
const extendedEvents = async (accessId: number) =>
  (await bed.db.selectFrom("jobs").select("payload").where("kind", "=", "access-event").execute())
    .map((job) => JSON.parse(job.payload) as { type: string; accessId: number })
    .filter((event) => event.type === "access.extended" && event.accessId === accessId);
const mailsTo = (email: string, kind: string) =>
  bed.db.selectFrom("mails").selectAll().where("to_address", "=", email).where("kind", "=", kind).execute();
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
    expect(await extendedEvents(order.access_id!)).toHaveLength(2);
    expect(await mailsTo(order.email, "renewal-confirmation")).toHaveLength(2);
  });

  it("a declined renewal: failing with the page to pay, then paid later and the access extended", async () => {
    const { order, subscriptionId } = await subscribed();
    const failed = await billing.failRenewal(subscriptionId);
    expect(await subscriptionRow(subscriptionId)).toMatchObject({ status: "failing", pay_url: failed.invoice.hosted_invoice_url });
    expect(await renewalOrders(order.access_id!)).toHaveLength(0);
    const [failureMail] = await mailsTo(order.email, "subscription-charge-failed");
    expect(failureMail?.body_text).toContain(failed.invoice.hosted_invoice_url);
    await billing.payLater(failed.invoice.id);
    expect(await subscriptionRow(subscriptionId)).toMatchObject({ status: "active" });
    expect((await renewalOrders(order.access_id!)).map((renewal) => renewal.status)).toEqual(["paid"]);
  });

  it("stopped: it runs to its end and ends without a charge", async () => {
    const { order, subscriptionId } = await subscribed();
    const before = await accessOf(order.access_id!);
    // As the account's "Stop renewing" does: Stripe is told, then the row.
    await stopSubscription(bed.services, await subscriptionRow(subscriptionId), "customer");
    expect(await subscriptionRow(subscriptionId)).toMatchObject({ status: "stopping", next_charge_at: null });
    expect(bed.fake.requests.some((request) => request.method === "POST" && request.path === `/v1/subscriptions/${subscriptionId}`)).toBe(
      true,
    );
    await billing.endPeriod(subscriptionId);
    expect(await subscriptionRow(subscriptionId)).toMatchObject({ status: "ended", end_reason: "stopped" });
    expect(await renewalOrders(order.access_id!)).toHaveLength(0);
    // The access runs to the end paid for: neither extended nor cut short.
    expect(await accessOf(order.access_id!)).toMatchObject({ status: "active", ends_at: before.ends_at });
  });

  it("replayed and out-of-order events change nothing more", async () => {
    const { order, subscriptionId } = await subscribed();
    const held = await billing.held(() => billing.renew(subscriptionId));
    expect(await billing.deliver(held.toReversed())).toEqual([200, 200]);
    expect(await billing.deliver(held)).toEqual([200, 200]);
    expect(await renewalOrders(order.access_id!)).toHaveLength(1);
    expect((await findOrderByReference(bed.db, order.reference))?.status).toBe("fulfilled");
  });

  it("a purchase whose events come in reverse still starts one subscription", async () => {
    const { order, sessionId } = await bed.checkout({ renewAutomatically: true, plan: "standard", viewers: 1 });
    const held = await billing.held(() => billing.subscribe(sessionId));
    const statuses = await billing.deliver(held.toReversed());
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(await bed.current(order)).toMatchObject({ status: "paid" });
    const rows = await bed.db.selectFrom("subscriptions").selectAll().where("order_id", "=", order.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "active", processor_subscription_id: expect.stringMatching(/^sub_/) });
    expect(await mailsTo(order.email, "order-confirmation")).toHaveLength(1);
  });
});
