/**
 * Subscription events that are signed but not the shop's to believe: from a subscription the shop never
 * recorded (another integration on the same Stripe account) naming a customer's order in its metadata, or
 * saying another amount than Stripe's own invoice. Nothing is applied; each is recorded and flagged to the
 * operator (the audit log and the order's timeline). Events of other integrations that name nothing of the
 * shop's are ignored, as before.
 */
import { randomBytes } from "node:crypto";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RecordedEvent } from "../../tests/support/fake-stripe/server.ts";
import { type StripeTestBed, startStripeTestBed } from "../../tests/support/stripe.ts";
import { deliveredSubscription, type StripeBilling, stripeBilling } from "../../tests/support/stripe-billing.ts";
import { REFUSED_EVENT } from "../checkout/refused-event";

let bed: StripeTestBed;
let billing: StripeBilling;
beforeAll(async () => {
  bed = await startStripeTestBed();
  billing = stripeBilling(bed.fake);
});
afterAll(() => bed.close());

const customer = () => deliveredSubscription(bed, billing, randomBytes(32));

/** Another integration on the same Stripe account, which the shop's webhook hears too. */
const elsewhere = () => new Stripe("sk_test_another_integration", { host: "localhost", port: bed.fake.port, protocol: "http" });
async function foreignSubscription(metadata: Record<string, string>) {
  const session = await elsewhere().checkout.sessions.create({
    mode: "subscription",
    line_items: [
      {
        quantity: 1,
        price_data: { currency: "eur", unit_amount: 1, product_data: { name: "A cent a month" }, recurring: { interval: "month" } },
      },
    ],
    success_url: "https://elsewhere.example/done",
    subscription_data: { metadata },
  });
  return billing.subscribe(session.id);
}

const accessOf = (id: number) => bed.db.selectFrom("accesses").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const renewalOrders = (accessId: number) => bed.db.selectFrom("orders").selectAll().where("renews_access_id", "=", accessId).execute();
/** The audit log's refusals naming an order, with what they say. */
const refusals = async (reference: string) =>
  (await bed.db.selectFrom("audit_log").selectAll().where("action", "=", REFUSED_EVENT).where("subject", "=", reference).execute()).map(
    (entry) => JSON.parse(entry.details ?? "{}") as { event: string; reason: string },
  );
const timelineRefusals = (orderId: number) =>
  bed.db.selectFrom("order_events").selectAll().where("order_id", "=", orderId).where("type", "=", REFUSED_EVENT).execute();
const lastStatus = (recorded: RecordedEvent | undefined) => recorded?.deliveries.at(-1)?.status;

describe("a subscription event the shop must not believe", () => {
  it("an invoice paid on a subscription the shop never recorded, naming a customer's order, extends nothing and is flagged", async () => {
    const victim = await customer();
    const before = await accessOf(victim.order.access_id!);
    const foreign = await foreignSubscription({ order_reference: victim.order.reference, access_reference: before.reference });
    const renewal = await billing.renew(foreign.subscriptionId);
    expect(renewal.invoice.amount_paid).toBe(1);
    const paidEvent = bed.fake.events.findLast((recorded) => recorded.event.type === "invoice.paid");
    expect(lastStatus(paidEvent)).toBe(200);

    expect(await accessOf(victim.order.access_id!)).toMatchObject({ status: "active", ends_at: before.ends_at });
    expect(await renewalOrders(victim.order.access_id!)).toHaveLength(0);
    const flagged = await refusals(victim.order.reference);
    expect(flagged).toContainEqual(expect.objectContaining({ event: paidEvent!.event.id, reason: "not-ours" }));
    expect(await timelineRefusals(victim.order.id)).toHaveLength(flagged.length);
  });

  it("an invoice paid whose event says another amount than Stripe's invoice extends nothing and is flagged; the true one then extends once", async () => {
    const victim = await customer();
    const before = await accessOf(victim.order.access_id!);
    const held = await billing.held(() => billing.renew(victim.subscriptionId));
    const paid = held.find((recorded) => recorded.event.type === "invoice.paid")!;
    const forged = await bed.fake.forgeEvent("invoice.paid", { ...(paid.event.data.object as object), amount_paid: 1 } as never);
    expect(lastStatus(forged)).toBe(200);
    expect(await accessOf(victim.order.access_id!)).toMatchObject({ ends_at: before.ends_at });
    expect(await renewalOrders(victim.order.access_id!)).toHaveLength(0);
    expect(await refusals(victim.order.reference)).toEqual([
      expect.objectContaining({ event: forged.event.id, reason: "processor-disagrees" }),
    ]);

    expect(await billing.deliver(held)).toEqual([200, 200]);
    const renewals = await renewalOrders(victim.order.access_id!);
    expect(renewals.map((order) => [order.status, order.amount_cents])).toEqual([["paid", victim.order.amount_cents]]);
    expect(Date.parse((await accessOf(victim.order.access_id!)).ends_at)).toBeGreaterThan(Date.parse(before.ends_at));
  });

  it("an event from a subscription of another integration that names nothing of the shop's is ignored, not flagged", async () => {
    const flaggedBefore = await bed.db.selectFrom("audit_log").select("id").where("action", "=", REFUSED_EVENT).execute();
    const foreign = await foreignSubscription({});
    await billing.renew(foreign.subscriptionId);
    expect(billing.eventsOf(foreign.subscriptionId).every((recorded) => lastStatus(recorded) === 200)).toBe(true);
    const flaggedAfter = await bed.db.selectFrom("audit_log").select("id").where("action", "=", REFUSED_EVENT).execute();
    expect(flaggedAfter).toHaveLength(flaggedBefore.length);
  });
});
