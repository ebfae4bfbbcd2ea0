/**
 * A payment disputed at Stripe (`charge.dispute.created`, from the local Stripe): recorded once on the order's
 * timeline, and the access ends. A full refund told of by Stripe ends it too.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findAccessById } from "../../server/db/accesses.ts";
import { listOrderEvents } from "../../server/db/order-events.ts";
import { testAccessDetails } from "../../tests/support/orders";
import { checkoutContext, type StripeTestBed, startStripeTestBed } from "../../tests/support/stripe";
import { fulfilOrder } from "../admin/orders/deliver.server";

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
