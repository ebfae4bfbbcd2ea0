import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listOrderEvents } from "../../server/db/order-events.ts";
import type { Order } from "../../server/db/schema.ts";
import { openedBody } from "../../server/mail/mail-job.ts";
import { testTargets } from "../../tests/support/databases.ts";
import { createOrderTestBed, type OrderTestBed, testAccessDetails } from "../../tests/support/orders";
import { fulfilOrder } from "./deliver.server";

const T0 = new Date("2026-01-31T09:30:00.000Z");
const details = { ...testAccessDetails, note: "Install IPTV Smarters first." };

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`delivering an order on ${target.dialect}`, () => {
    let bed: OrderTestBed;
    beforeAll(async () => {
      bed = await createOrderTestBed(target.dialect);
    });
    afterAll(() => bed.handle.cleanup());

    const mailsOf = (order: Order) => bed.mailsOf(order);
    const auditOf = (order: Order) => bed.auditOf(order);

    it("fulfils for the shop's automation too: on the timeline under its name, with no operator to audit", async () => {
      const order = await bed.paidOrder({ language: "es" });
      const wakes = bed.mailWakes();
      const delivered = await fulfilOrder(bed.services, order, details, "provisioning", T0);
      expect(delivered).toMatchObject({ status: "fulfilled", access_ends_at: "2026-04-30T09:30:00.000Z" });
      expect(bed.mailWakes()).toBe(wakes + 1);
      expect((await listOrderEvents(bed.handle.db, order.id)).filter((event) => event.type === "delivered")).toEqual([
        expect.objectContaining({ actor: "provisioning" }),
      ]);
      expect(await auditOf(order)).toEqual([]);
      const access = (await mailsOf(order)).find((mail) => mail.kind === "order-access")!;
      expect(openedBody(access.body_text, bed.services.accessKey!)).toContain(`Contraseña: ${details.password}`);
      // Once: a console delivery after it, or the same call again, changes nothing.
      expect(await fulfilOrder(bed.services, order, details, "provisioning", T0)).toBeUndefined();
      expect(bed.mailWakes()).toBe(wakes + 1);
      await expect(fulfilOrder({ ...bed.services, accessKey: null }, order, details, "provisioning")).rejects.toThrow(
        /ACCESS_ENCRYPTION_KEY/,
      );
      expect((await mailsOf(order)).filter((mail) => mail.kind === "order-access")).toHaveLength(1);
    });
  });
}
