/**
 * A payment disputed at Stripe (`charge.dispute.created`, from the local Stripe): recorded once on the order's
 * timeline, and the access ends. A full refund told of by Stripe ends it too. A dispute event that is signed
 * but not the shop's to believe (on a payment the shop never recorded, or one Stripe does not know) revokes
 * nothing and is flagged to the operator.
 */
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findAccessById } from "../../server/db/accesses.ts";
import { listOrderEvents } from "../../server/db/order-events.ts";
import { testAccessDetails } from "../../tests/support/orders";
import { checkoutContext, type StripeTestBed, startStripeTestBed } from "../../tests/support/stripe";
import { fulfilOrder } from "../access/deliver.server";
import { REFUSED_EVENT } from "./refused-event";

let bed: StripeTestBed;
beforeAll(async () => {
  bed = await startStripeTestBed();
});
afterAll(() => bed.close());

async function deliveredOrder() {
  const { order, sessionId } = await bed.checkout({}, checkoutContext);
  await bed.fake.completeSession(sessionId, "card");
  const paid = await bed.current(order);
  const delivered = await fulfilOrder({ ...bed.services, accessKey: Buffer.alloc(32, 1) }, paid, testAccessDetails, "provisioning");
  if (!delivered) throw new Error("not delivered");
  return delivered;
}

describe("a dispute at Stripe", () => {
  it("is recorded on the timeline once, and revokes the access", async () => {
    const order = await deliveredOrder();
    const dispute = bed.fake.events.length;
    await bed.fake.disputeFromBank(order.gateway_reference ?? "");
    const [recorded] = bed.fake.events.slice(dispute);
    expect(recorded?.event.type).toBe("charge.dispute.created");
    expect(await bed.fake.deliver(recorded!.event.id)).toBe(200);

    const lines = (await listOrderEvents(bed.db, order.id)).filter((event) => event.type === "disputed");
    expect(lines).toHaveLength(1);
    expect(lines[0]?.actor).toBe("processor");
    expect(await findAccessById(bed.db, order.access_id!)).toMatchObject({ status: "revoked", revoke_reason: "dispute" });
    expect((await listOrderEvents(bed.db, order.id)).filter((event) => event.type === "access-revoked")).toHaveLength(1);
  });

  it("a full refund made in the Dashboard revokes the access too", async () => {
    const order = await deliveredOrder();
    // Resolves once our webhook endpoint has answered the `charge.refunded` it sends, the refund applied.
    await bed.fake.refundFromDashboard(order.gateway_reference ?? "");
    expect(await findAccessById(bed.db, order.access_id!)).toMatchObject({ status: "revoked", revoke_reason: "refund" });
  });
});

describe("a dispute event the shop must not believe", () => {
  const refusals = async (reference: string) =>
    (await bed.db.selectFrom("audit_log").selectAll().where("action", "=", REFUSED_EVENT).where("subject", "=", reference).execute()).map(
      (entry) => JSON.parse(entry.details ?? "{}") as { event: string; reason: string },
    );
  const untouched = async (order: Awaited<ReturnType<typeof deliveredOrder>>) => {
    expect(await findAccessById(bed.db, order.access_id!)).toMatchObject({ status: "active", revoke_reason: null });
    const lines = await listOrderEvents(bed.db, order.id);
    expect(lines.filter((event) => event.type === "disputed")).toHaveLength(0);
    expect(lines.filter((event) => event.type === REFUSED_EVENT)).toHaveLength(1);
  };

  it("a dispute on a payment the shop never recorded, naming a customer's order, revokes nothing and is flagged", async () => {
    const victim = await deliveredOrder();
    // Another integration on the same Stripe account, whose payment's metadata names the shop's order.
    const elsewhere = new Stripe("sk_test_another_integration", { host: "localhost", port: bed.fake.port, protocol: "http" });
    const session = await elsewhere.checkout.sessions.create({
      mode: "payment",
      line_items: [{ quantity: 1, price_data: { currency: "eur", unit_amount: 100, product_data: { name: "Something else" } } }],
      success_url: "https://elsewhere.example/done",
      payment_intent_data: { metadata: { order_reference: victim.reference } },
    });
    const paid = await bed.fake.completeSession(session.id, "card");
    bed.fake.setWebhooksHeld(true);
    const dispute = await bed.fake.disputeFromBank(paid.payment_intent!);
    bed.fake.setWebhooksHeld(false);
    const forged = await bed.fake.forgeEvent("charge.dispute.created", { ...dispute, metadata: { order_reference: victim.reference } });
    expect(forged.deliveries.at(-1)?.status).toBe(200);
    await untouched(victim);
    expect(await refusals(victim.reference)).toEqual([expect.objectContaining({ event: forged.event.id, reason: "not-ours" })]);
  });

  it("a dispute Stripe does not know of, on a customer's own payment, revokes nothing and is flagged", async () => {
    const victim = await deliveredOrder();
    const intent = bed.fake.paymentIntents.get(victim.gateway_reference!)!;
    const forged = await bed.fake.forgeEvent("charge.dispute.created", {
      id: "dp_never_opened",
      object: "dispute",
      amount: victim.amount_cents,
      created: Math.floor(Date.now() / 1000),
      currency: "eur",
      livemode: false,
      metadata: {},
      reason: "fraudulent",
      status: "needs_response",
      charge: intent.latest_charge!,
      payment_intent: intent.id,
    });
    expect(forged.deliveries.at(-1)?.status).toBe(200);
    await untouched(victim);
    expect(await refusals(victim.reference)).toEqual([expect.objectContaining({ event: forged.event.id, reason: "processor-disagrees" })]);
  });
});
