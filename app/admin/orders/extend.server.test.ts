/** "Extend" on a paid renewal, by hand: the current details come filled in; nothing is retyped. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { open } from "../../../server/admin/secret-box.ts";
import { findAccessById } from "../../../server/db/accesses.ts";
import { findOrderById } from "../../../server/db/repositories.ts";
import { testTargets } from "../../../tests/support/databases.ts";
import { createOrderTestBed, type OrderTestBed, testAccessDetails } from "../../../tests/support/orders";
import { extendMode } from "./AccessNotices";
import { extendRenewal } from "./extend.server";
import { loadOrderPage } from "./order-page.server";

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`extending a renewal by hand on ${target.dialect}`, () => {
    let bed: OrderTestBed;
    beforeAll(async () => {
      bed = await createOrderTestBed(target.dialect);
    });
    afterAll(() => bed.handle.cleanup());

    const mailKinds = async (orderId: number) =>
      (await bed.handle.db.selectFrom("mails").select("kind").where("order_id", "=", orderId).execute()).map((mail) => mail.kind);

    it("fills in the access's details, fulfils the renewal and mails the new end, keeping the details as they were", async () => {
      const first = await bed.deliveredOrder({ language: "es" });
      const renewal = await bed.paidRenewal(first.access_id!, { language: "es" });
      const page = await loadOrderPage(bed.services, renewal.reference);
      const mode = extendMode(page!);
      expect(mode).toMatchObject({ access: first.reference, details: testAccessDetails });
      const sealedBefore = await bed.sealedDetailsOf(first);

      const form = { intent: "extend", ...mode.details };
      const result = await extendRenewal(bed.services, bed.operator, renewal, form, "203.0.113.5");
      expect(result).toMatchObject({ ok: true, message: { key: "orders.extend.done" } });
      expect((await findOrderById(bed.handle.db, renewal.id))?.status).toBe("fulfilled");
      expect(await bed.sealedDetailsOf(first)).toBe(sealedBefore);
      expect(await mailKinds(renewal.id)).toEqual(["renewal-confirmation", "access-extended"]);
      // A second tab changes nothing more.
      expect(await extendRenewal(bed.services, bed.operator, renewal, form, "203.0.113.5")).toMatchObject({ ok: false });
    });

    it("stores the details again, sealed, when the operator changed them", async () => {
      const first = await bed.deliveredOrder({});
      const renewal = await bed.paidRenewal(first.access_id!, {});
      const form = { intent: "extend", ...testAccessDetails, password: "N3w-password-after-renewal" };
      expect(await extendRenewal(bed.services, bed.operator, renewal, form, "203.0.113.5")).toMatchObject({ ok: true });
      const access = await findAccessById(bed.handle.db, first.access_id!);
      expect(JSON.parse(open(bed.services.accessKey!, access!.details!))).toMatchObject({ password: "N3w-password-after-renewal" });
    });

    it("refuses an order that is no renewal", async () => {
      const paid = await bed.paidOrder({});
      const result = await extendRenewal(bed.services, bed.operator, paid, { intent: "extend", ...testAccessDetails }, "203.0.113.5");
      expect(result).toMatchObject({ ok: false, message: { key: "orders.extend.notRenewal" } });
    });
  });
}
