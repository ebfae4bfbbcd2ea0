import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listOrderMails } from "../../../server/db/admin-orders.ts";
import { listOrderEvents } from "../../../server/db/order-events.ts";
import { findOrderById } from "../../../server/db/repositories.ts";
import type { Order } from "../../../server/db/schema.ts";
import { createOrderTestBed, type OrderTestBed } from "../../../tests/support/orders";
import { runOrderAction } from "./actions.server";
import { resendMail } from "./resend.server";
import { settleFromConsole } from "./settle.server";

const address = "192.0.2.44";
let bed: OrderTestBed;
beforeAll(async () => {
  bed = await createOrderTestBed("sqlite");
});
afterAll(() => bed.handle.cleanup());

const mailsOf = (order: Order) => bed.handle.db.selectFrom("mails").selectAll().where("order_id", "=", order.id).orderBy("id").execute();
const auditOf = (order: Order, action: string) =>
  bed.handle.db.selectFrom("audit_log").selectAll().where("subject", "=", order.reference).where("action", "=", action).execute();

describe("sending a mail again", () => {
  it("queues a copy of one of the order's mails, on the timeline and in the audit log", async () => {
    const beforePayment = bed.mailWakes();
    const order = await bed.paidOrder();
    // Recording the payment queued the confirmation and woke the job runner once it was committed.
    expect(bed.mailWakes()).toBe(beforePayment + 1);
    const [confirmation] = await mailsOf(order);
    const wakes = bed.mailWakes();
    const result = await resendMail(bed.services, bed.operator, order, { intent: "resend", mailId: String(confirmation!.id) }, address);
    expect(result).toEqual({ intent: "resend", ok: true, message: { key: "orders.resend.done", values: { to: order.email } } });
    // The copy goes out now, not at the job runner's next round.
    expect(bed.mailWakes()).toBe(wakes + 1);

    const mails = await mailsOf(order);
    expect(mails).toHaveLength(2);
    const { id: _first, created_at: _c, updated_at: _u, ...original } = confirmation!;
    expect(mails[1]).toMatchObject(original);
    expect((await listOrderMails(bed.handle.db, order.id))[1]).toMatchObject({ sent_at: null, attempts: 0, last_error: null });
    const events = (await listOrderEvents(bed.handle.db, order.id)).filter((event) => event.type === "mail-resent");
    expect(events).toEqual([expect.objectContaining({ actor: bed.operator.email })]);
    expect(JSON.parse(events[0]!.details!)).toEqual({ mailId: confirmation!.id, copyId: mails[1]!.id, kind: "order-confirmation" });
    expect(await auditOf(order, "resend")).toEqual([expect.objectContaining({ operator_email: bed.operator.email, address })]);
  });

  it("never sends another order's mail, whatever id the form carries", async () => {
    const [mine, theirs] = [await bed.paidOrder(), await bed.paidOrder()];
    const [foreign] = await mailsOf(theirs);
    for (const mailId of [String(foreign!.id), "", "abc", "-1", "1e3"]) {
      expect(await resendMail(bed.services, bed.operator, mine, { intent: "resend", mailId }, address)).toMatchObject({
        ok: false,
        message: { key: "orders.resend.notFound" },
      });
    }
    expect(await mailsOf(mine)).toHaveLength(1);
    expect(await mailsOf(theirs)).toHaveLength(1);
    expect(await auditOf(mine, "resend")).toEqual([]);
  });
});

describe("checking a pending payment", () => {
  it("records a payment the processor took but the shop never heard of", async () => {
    const order = await bed.pendingOrder();
    await bed.chargeOnly(order);
    const result = await settleFromConsole(bed.services, bed.operator, order, { intent: "settle" }, address);
    expect(result).toMatchObject({ ok: true, message: { key: "orders.settle.paid" } });
    expect(await findOrderById(bed.handle.db, order.id)).toMatchObject({ status: "paid" });
    expect((await mailsOf(order)).map((mail) => mail.kind)).toEqual(["order-confirmation"]);
    const events = await listOrderEvents(bed.handle.db, order.id);
    expect(events.find((event) => event.type === "settle-requested")).toMatchObject({
      actor: bed.operator.email,
      details: '{"outcome":"paid"}',
    });
    expect(await auditOf(order, "settle")).toHaveLength(1);
  });

  it("leaves an order pending when the processor has no answer yet, and says so", async () => {
    const order = await bed.pendingOrder();
    expect(await settleFromConsole(bed.services, bed.operator, order, {}, address)).toMatchObject({
      ok: true,
      message: { key: "orders.settle.pending" },
    });
    expect(await findOrderById(bed.handle.db, order.id)).toMatchObject({ status: "pending" });
  });

  it("says so when the processor cannot be reached, and changes nothing", async () => {
    const order = await bed.pendingOrder();
    const unreachable = { ...bed.services, gateway: { ...bed.services.gateway, lookup: () => Promise.reject(new Error("ECONNREFUSED")) } };
    expect(await settleFromConsole(unreachable, bed.operator, order, {}, address)).toMatchObject({
      ok: false,
      message: { key: "orders.settle.unreachable" },
    });
    expect(await findOrderById(bed.handle.db, order.id)).toMatchObject({ status: "pending" });
    expect(await auditOf(order, "settle")).toEqual([expect.objectContaining({ details: expect.stringContaining("unreachable") })]);
  });

  it("only checks pending orders", async () => {
    const order = await bed.paidOrder();
    expect((await settleFromConsole(bed.services, bed.operator, order, {}, address)).message?.key).toBe("orders.settle.notPending");
  });
});

describe("the order page's action", () => {
  it("dispatches on the hidden intent, and refuses one it does not know", async () => {
    const order = await bed.paidOrder();
    expect(await runOrderAction(bed.services, bed.operator, order, { intent: "delete" }, address)).toEqual({
      intent: "unknown",
      ok: false,
      message: { key: "orders.actions.unknown" },
    });
    expect((await runOrderAction(bed.services, bed.operator, order, { intent: "toString" }, address)).intent).toBe("unknown");
    expect((await runOrderAction(bed.services, bed.operator, order, { intent: "settle" }, address)).message?.key).toBe(
      "orders.settle.notPending",
    );
    expect(
      (await runOrderAction(bed.services, bed.operator, order, { intent: "refund-confirm", reason: "other" }, address)).review,
    ).toMatchObject({
      amountCents: order.amount_cents,
    });
  });
});
