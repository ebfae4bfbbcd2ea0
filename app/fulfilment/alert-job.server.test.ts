import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailJobKey } from "../../server/db/mails.ts";
import { listOrderEvents } from "../../server/db/order-events.ts";
import { findOrderById } from "../../server/db/repositories.ts";
import type { Order } from "../../server/db/schema.ts";
import { JOB_KINDS } from "../../server/jobs/enqueue.ts";
import { renderDeliveryAlertMail } from "../../server/mail/operator-alert-mail.ts";
import { testTargets } from "../../tests/support/databases.ts";
import { createOrderTestBed, type OrderTestBed } from "../../tests/support/orders";
import { answeredAccess, claimedJob } from "../../tests/support/provisioning";
import { deliverAccess } from "../admin/orders/deliver.server";
import { fulfilmentJobHandlers } from "./handlers.server";

const T0 = new Date("2026-01-31T09:45:00.000Z");

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`the late-delivery alert on ${target.dialect}`, () => {
    let bed: OrderTestBed;
    beforeAll(async () => {
      bed = await createOrderTestBed(target.dialect);
    });
    afterAll(() => bed.handle.cleanup());

    const alert = () =>
      fulfilmentJobHandlers(async () => bed.services, { webhook: undefined, operatorEmail: "ops@example.com" })[JOB_KINDS.deliveryAlert];
    const run = (order: Order) => alert().run(claimedJob(JOB_KINDS.deliveryAlert, order, T0), T0);
    const operatorMails = () => bed.handle.db.selectFrom("mails").selectAll().where("to_address", "=", "ops@example.com").execute();
    const lateEvents = async (order: Order) =>
      (await listOrderEvents(bed.handle.db, order.id)).filter((event) => event.type === "delivery-late");

    it("flags a paid order still waiting and mails the operator once, however often it runs", async () => {
      const before = (await operatorMails()).length;
      const order = await bed.paidOrder();
      await Promise.all([run(order), run(order)]);
      await run(order);

      const flagged = (await findOrderById(bed.handle.db, order.id))!;
      expect(flagged).toMatchObject({ status: "paid", delivery_alerted_at: T0.toISOString() });
      const mails = (await operatorMails()).slice(before);
      expect(mails).toHaveLength(1);
      const [mail] = mails;
      expect(mail).toMatchObject({ kind: "operator-delivery-alert", order_id: null });
      const job = await bed.handle.db.selectFrom("jobs").selectAll().where("unique_key", "=", mailJobKey(mail!.id)).executeTakeFirst();
      expect(job).toMatchObject({ kind: "mail", payload: JSON.stringify({ mailId: mail!.id }), done_at: null });
      expect(mail!.subject).toBe(`[NovaStream] Order ${order.reference} is waiting for its access`);
      expect(mail!.body_text).toContain(`http://localhost:3000/admin/orders/${order.reference}`);
      expect(mail!.body_text).toContain("Plan: Gold");
      expect(mail!.body_text).toMatch(/Waiting since: .+ UTC/);
      expect(mail!.body_html).toContain(`href="http://localhost:3000/admin/orders/${order.reference}"`);
      expect(await lateEvents(order)).toEqual([
        expect.objectContaining({ actor: "system", details: JSON.stringify({ waitingSince: flagged.paid_at }) }),
      ]);
    });

    it("says nothing about an order already delivered, refunded or not paid", async () => {
      const before = (await operatorMails()).length;
      const delivered = await bed.paidOrder();
      await deliverAccess(bed.services, bed.operator, delivered, answeredAccess, "203.0.113.9");
      const pending = await bed.pendingOrder();
      for (const order of [delivered, pending]) {
        await run(order);
        expect(await findOrderById(bed.handle.db, order.id)).toMatchObject({ delivery_alerted_at: null });
        expect(await lateEvents(order)).toEqual([]);
      }
      expect(await operatorMails()).toHaveLength(before);
    });
  });
}

describe("the operator's alert mail", () => {
  it("is worded in each language, with every value escaped and the console link", () => {
    for (const [language, words] of [
      ["en", "is waiting for its access"],
      ["es", "espera su acceso"],
      ["fr", "attend son accès"],
    ] as const) {
      const mail = renderDeliveryAlertMail({ reference: "NS-<B>", plan: "Gold", paidAt: T0 }, language);
      expect(mail.subject).toContain(words);
      for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toContain("{{");
      expect(mail.html).toContain("NS-&lt;B&gt;");
      expect(mail.html).not.toContain("<B>");
      expect(mail.text).toContain("http://localhost:3000/admin/orders/NS-%3CB%3E");
    }
  });
});
