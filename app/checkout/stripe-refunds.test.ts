/**
 * Refunds with Stripe, made in the console or in Stripe's Dashboard: whichever of the console and the
 * `charge.refunded` webhook records a refund first, the customer gets one refund mail in their language, the
 * timeline one "refunded" line, and the operator who asked for it is told it was done.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Language } from "../../common/languages";
import { createOperator } from "../../server/admin/operators.ts";
import { listOrderEvents } from "../../server/db/order-events.ts";
import type { Order } from "../../server/db/schema.ts";
import { checkoutContext, type StripeTestBed, startStripeTestBed } from "../../tests/support/stripe";
import { refundOrder } from "../admin/orders/refund.server";
import { settleOrder } from "./settle-order.server";

let bed: StripeTestBed;
let operator: { id: number; email: string };
beforeAll(async () => {
  bed = await startStripeTestBed();
  operator = await createOperator(bed.db, `ops-${randomUUID().slice(0, 8)}@example.com`, "not-a-real-hash");
});
afterAll(() => bed.close());

const address = "198.51.100.20";
const consoleServices = () => ({ ...bed.services, consoleDb: bed.services.db, accessKey: null });
const confirm = { intent: "refund", reason: "requestedByCustomer", note: "", refundedCents: "0" };

async function paidOrder(language: Language) {
  const { order, sessionId } = await bed.checkout({}, { ...checkoutContext, language });
  await bed.fake.completeSession(sessionId, "card");
  return bed.current(order);
}
const refundMails = (order: Order) =>
  bed.db.selectFrom("mails").selectAll().where("order_id", "=", order.id).where("kind", "=", "order-refund").execute();
const refundedLines = async (order: Order) =>
  (await listOrderEvents(bed.db, order.id))
    .filter((event) => event.type === "refunded")
    .map(({ actor, details }) => ({ actor, details: JSON.parse(details ?? "null") }));
const refundAudit = (order: Order) =>
  bed.db.selectFrom("audit_log").selectAll().where("subject", "=", order.reference).where("action", "=", "refund").execute();
const refundEvents = (order: Order) =>
  bed.fake.events.filter(
    (recorded) =>
      recorded.event.type === "charge.refunded" &&
      (recorded.event.data.object as { payment_intent: string }).payment_intent === order.gateway_reference,
  );
/** Every webhook about the order's refunds sent again, then the order settled again: nothing may change. */
async function replayed(order: Order) {
  for (const recorded of refundEvents(order)) expect(await bed.fake.deliver(recorded.event.id)).toBe(200);
  await settleOrder(bed.services, await bed.current(order));
}
const done = (cents: number) => ({
  intent: "refund",
  ok: true,
  message: { key: "orders.refund.done", values: { amount: { cents, currency: "EUR" } } },
});

describe("refunding with Stripe", () => {
  it("webhook first, then the console: the operator is told it was done, and the customer mailed once", async () => {
    const order = await paidOrder("es");
    // The local Stripe sends charge.refunded before it answers the refund, as Stripe may.
    expect(await refundOrder(consoleServices(), operator, order, confirm, address)).toEqual(done(order.amount_cents));
    expect(refundEvents(order)).toHaveLength(1);
    const mails = await refundMails(order);
    expect(mails).toEqual([expect.objectContaining({ to_address: order.email, subject: expect.stringContaining("Hemos reembolsado") })]);
    expect(await refundedLines(order)).toEqual([{ actor: "processor", details: { amountCents: order.amount_cents, currency: "EUR" } }]);
    expect(await refundAudit(order)).toEqual([expect.objectContaining({ details: expect.stringContaining('"recordedBy":"processor"') })]);
    const refunded = await bed.current(order);
    expect(refunded).toMatchObject({
      status: "refunded",
      refunded_cents: order.amount_cents,
      refund_reference: expect.stringMatching(/^re_/),
    });

    await replayed(order);
    expect(await refundMails(order)).toHaveLength(1);
    expect(await refundedLines(order)).toHaveLength(1);
    expect(await bed.current(order)).toEqual(refunded);
  });

  it("console first, then the webhook: one mail and one line, the operator's", async () => {
    const order = await paidOrder("fr");
    bed.fake.setWebhooksHeld(true);
    try {
      expect(await refundOrder(consoleServices(), operator, order, confirm, address)).toEqual(done(order.amount_cents));
    } finally {
      bed.fake.setWebhooksHeld(false);
    }
    expect(await refundMails(order)).toHaveLength(1);
    await replayed(order);
    const mails = await refundMails(order);
    expect(mails).toEqual([expect.objectContaining({ to_address: order.email, subject: expect.stringContaining("a été remboursée") })]);
    expect(await refundedLines(order)).toEqual([
      { actor: operator.email, details: expect.objectContaining({ amountCents: order.amount_cents, reason: "requestedByCustomer" }) },
    ]);
    expect(await refundAudit(order)).toEqual([expect.objectContaining({ details: expect.not.stringContaining("recordedBy") })]);
  });

  it("two tabs confirming at once: one refund at Stripe, one success, one mail, one line", async () => {
    const order = await paidOrder("es");
    const results = await Promise.all([
      refundOrder(consoleServices(), operator, order, confirm, address),
      refundOrder(consoleServices(), operator, order, confirm, address),
    ]);
    expect(results.filter((result) => result.ok)).toEqual([done(order.amount_cents)]);
    expect(results.find((result) => !result.ok)?.message?.key).toBe("orders.refund.already");
    expect([...bed.fake.refunds.values()].filter((refund) => refund.payment_intent === order.gateway_reference)).toHaveLength(1);
    expect(await refundMails(order)).toHaveLength(1);
    expect(await refundedLines(order)).toHaveLength(1);
    expect(await refundAudit(order)).toHaveLength(1);
  });

  it("a refund made in the Dashboard mails the customer once, in their language; replayed, nothing more", async () => {
    const order = await paidOrder("es");
    await bed.fake.refundFromDashboard(order.gateway_reference!, 500);
    await replayed(order);
    const [mail, ...others] = await refundMails(order);
    expect(others).toEqual([]);
    expect(mail).toMatchObject({ to_address: order.email, subject: expect.stringContaining("Hemos reembolsado") });
    expect(mail!.body_text).toContain("Importe reembolsado: 5 €");
    expect(await refundedLines(order)).toEqual([{ actor: "processor", details: { amountCents: 500, currency: "EUR" } }]);
    expect(await refundAudit(order)).toEqual([]);
    expect(await bed.current(order)).toMatchObject({ status: "paid", refunded_cents: 500 });
  });
});
