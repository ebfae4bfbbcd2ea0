/**
 * The console's refund racing the processor's word of it (Stripe's `charge.refunded`, which settles the
 * order): told before the console records it, or at the same moment, on SQLite and PostgreSQL. Either way one
 * refund mail in the customer's language, one "refunded" line, and the operator told it was done.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listOrderEvents } from "../../../server/db/order-events.ts";
import { findOrderById } from "../../../server/db/repositories.ts";
import type { Order } from "../../../server/db/schema.ts";
import type { PaymentGateway } from "../../../server/payments/gateway.ts";
import { testTargets } from "../../../tests/support/databases.ts";
import { createOrderTestBed, type OrderTestBed } from "../../../tests/support/orders";
import { settleOrder } from "../../checkout/settle-order.server";
import type { ConsoleServices } from "./console-services.server";
import { refundOrder } from "./refund.server";

const address = "198.51.100.8";
const confirm = { intent: "refund", reason: "duplicate", note: "", refundedCents: "0" };

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`the refund's webhook racing the console on ${target.dialect}`, () => {
    let bed: OrderTestBed;
    beforeAll(async () => {
      bed = await createOrderTestBed(target.dialect);
    });
    afterAll(() => bed.handle.cleanup());

    const db = () => bed.handle.db;
    /** The console's services, with a processor that tells of each refund it makes: before answering, or meanwhile. */
    function withWebhook(when: "before" | "meanwhile") {
      const webhooks: Promise<unknown>[] = [];
      const gateway: PaymentGateway = {
        ...bed.services.gateway,
        async refund(payment, amountCents) {
          const refund = await bed.services.gateway.refund(payment, amountCents);
          const order = (await db().selectFrom("orders").selectAll().where("reference", "=", payment.reference).executeTakeFirst())!;
          const webhook = settleOrder(bed.services, order);
          webhooks.push(webhook);
          if (when === "before") await webhook;
          return refund;
        },
      };
      const services: ConsoleServices = { ...bed.services, gateway };
      return { services, webhooks: () => Promise.all(webhooks) };
    }
    async function told(order: Order) {
      const mails = await db()
        .selectFrom("mails")
        .selectAll()
        .where("order_id", "=", order.id)
        .where("kind", "=", "order-refund")
        .execute();
      const lines = (await listOrderEvents(db(), order.id)).filter((event) => event.type === "refunded");
      const audit = await db().selectFrom("audit_log").select("action").where("subject", "=", order.reference).execute();
      return { mails: mails.map((mail) => mail.subject), lines: lines.length, audit: audit.map((entry) => entry.action) };
    }
    const done = {
      intent: "refund",
      ok: true,
      message: { key: "orders.refund.done", values: { amount: { cents: 2900, currency: "EUR" } } },
    };
    const once = { mails: [expect.stringContaining("Hemos reembolsado")], lines: 1, audit: ["refund"] };

    it("told before the console records it: success, one mail, one line", async () => {
      const order = await bed.paidOrder({ language: "es" });
      const { services, webhooks } = withWebhook("before");
      expect(await refundOrder(services, bed.operator, order, confirm, address)).toEqual(done);
      await webhooks();
      expect(await told(order)).toEqual(once);
      expect((await listOrderEvents(db(), order.id)).find((event) => event.type === "refunded")?.actor).toBe("processor");
      // Told again (a replay, the return page, reconciliation): nothing more.
      await settleOrder(bed.services, (await findOrderById(db(), order.id))!);
      expect(await told(order)).toEqual(once);
    });

    it("told at the same moment as the console records it: success, one mail, one line, every time", async () => {
      for (let round = 0; round < 6; round++) {
        const order = await bed.paidOrder({ language: "es" });
        const { services, webhooks } = withWebhook("meanwhile");
        expect(await refundOrder(services, bed.operator, order, confirm, address)).toEqual(done);
        await webhooks();
        expect(await told(order)).toEqual(once);
        expect(await findOrderById(db(), order.id)).toMatchObject({ status: "refunded", refunded_cents: 2900 });
      }
    });

    it("two tabs while the processor tells of it: one success, one 'already', one mail, one line", async () => {
      const order = await bed.paidOrder({ language: "es" });
      const { services, webhooks } = withWebhook("meanwhile");
      const results = await Promise.all([
        refundOrder(services, bed.operator, order, confirm, address),
        refundOrder(services, bed.operator, order, confirm, address),
      ]);
      await webhooks();
      expect(results.filter((result) => result.ok)).toEqual([done]);
      expect(results.find((result) => !result.ok)?.message?.key).toBe("orders.refund.already");
      expect(await told(order)).toEqual(once);
    });
  });
}
