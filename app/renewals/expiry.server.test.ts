import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findAccessById } from "../../server/db/accesses.ts";
import { listOrderEvents } from "../../server/db/order-events.ts";
import { recordRefund } from "../../server/db/payments.ts";
import { findOrderById } from "../../server/db/repositories.ts";
import type { Job, Order } from "../../server/db/schema.ts";
import { JOB_KINDS } from "../../server/jobs/enqueue.ts";
import { testTargets } from "../../tests/support/databases.ts";
import { createRenewalTestBed, type RenewalTestBed } from "../../tests/support/renewals";
import { revokeOrderAccess } from "../access/revoke.server";
import { renewalJobHandlers } from "./handlers.server";

const T0 = new Date("2026-03-01T09:30:00.000Z");
const END = new Date("2026-06-01T09:30:00.000Z");
const runAt = (job: Job) => new Date(job.run_at);

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`the access expiry job on ${target.dialect}`, () => {
    let bed: RenewalTestBed;
    let handlers: ReturnType<typeof renewalJobHandlers>;
    beforeAll(async () => {
      bed = await createRenewalTestBed(target.dialect);
      handlers = renewalJobHandlers(
        async () => ({ db: bed.handle.db, wakeMail: () => {} }),
        () => bed.key,
      );
    });
    afterAll(() => bed.handle.cleanup());

    const expire = (job: Job, now: Date) => handlers[JOB_KINDS.accessExpiry].run(job, now);
    const events = async (order: Order, type: string) =>
      (await listOrderEvents(bed.handle.db, order.id))
        .filter((event) => event.type === type)
        .map((event) => JSON.parse(event.details ?? "null"));

    it("expires the access when it ends, once", async () => {
      const order = await bed.deliveredOrder({}, T0);
      const job = await bed.expiryJob(order);
      expect(runAt(job)).toEqual(END);
      await expire(job, new Date(END.getTime() - 1));
      expect((await findOrderById(bed.handle.db, order.id))?.status).toBe("fulfilled");
      await expire(job, END);
      await expire(job, new Date(END.getTime() + 60_000));
      expect((await findOrderById(bed.handle.db, order.id))?.status).toBe("expired");
      expect((await findAccessById(bed.handle.db, order.access_id!))?.status).toBe("expired");
      expect(await events(order, "expired")).toEqual([{ endsAt: END.toISOString() }]);
      const line = (await listOrderEvents(bed.handle.db, order.id)).find((event) => event.type === "expired");
      expect(line?.actor).toBe("system");
    });

    it("takes an old order-keyed job to the order's access", async () => {
      const order = await bed.deliveredOrder({}, T0);
      const job = { ...(await bed.expiryJob(order)), payload: JSON.stringify({ orderId: order.id }) };
      await expire(job, END);
      expect((await findAccessById(bed.handle.db, order.access_id!))?.status).toBe("expired");
    });

    it("leaves a refunded order, and an access that was extended, as they are", async () => {
      const refunded = await bed.deliveredOrder({}, T0);
      await recordRefund(bed.handle.db, refunded.id, { refundedCents: refunded.amount_cents, refundReference: "re_2" }, T0);
      await revokeOrderAccess(bed.handle.db, refunded, "refund", T0);
      await expire(await bed.expiryJob(refunded), END);
      expect((await findOrderById(bed.handle.db, refunded.id))?.status).toBe("refunded");

      const extended = await bed.deliveredOrder({}, T0);
      const later = new Date("2026-07-01T09:30:00.000Z").toISOString();
      await bed.handle.db.updateTable("accesses").set({ ends_at: later }).where("id", "=", extended.access_id).execute();
      await expire(await bed.expiryJob(extended), END);
      expect((await findOrderById(bed.handle.db, extended.id))?.status).toBe("fulfilled");
      expect(await events(extended, "expired")).toEqual([]);
    });
  });
}
