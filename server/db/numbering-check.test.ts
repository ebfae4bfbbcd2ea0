import { afterEach, describe, expect, it } from "vitest";
import { recordPayment } from "../../app/checkout/record-payment.server";
import { testTargets } from "../../tests/support/databases.ts";
import { createOrderTestBed, type OrderTestBed } from "../../tests/support/orders";
import { checkNumbering, isUnbroken } from "./numbering-check.ts";

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`checking the invoices' numbering on ${target.dialect}`, () => {
    const beds: OrderTestBed[] = [];
    const bedWithInvoices = async (count: number) => {
      const bed = await createOrderTestBed(target.dialect);
      beds.push(bed);
      for (let index = 0; index < count; index++) {
        const order = await bed.pendingOrder();
        await recordPayment(bed.services, order, await bed.chargeOnly(order));
      }
      return bed;
    };
    afterEach(async () => {
      await Promise.all(beds.splice(0).map((bed) => bed.handle.cleanup()));
    });
    const year = new Date().getUTCFullYear();

    it("finds an unbroken series unbroken", async () => {
      const bed = await bedWithInvoices(4);
      const [report] = await checkNumbering(bed.handle.db);
      expect(report).toEqual({ series: "invoice", year, count: 4, first: 1, last: 4, missing: [], repeated: [], counter: 4 });
      expect(isUnbroken(report!)).toBe(true);
    });

    it("names a number whose document is gone, and a counter ahead of the last document", async () => {
      const bed = await bedWithInvoices(4);
      await bed.handle.db.deleteFrom("invoices").where("sequence", "in", [2, 4]).execute();
      const [report] = await checkNumbering(bed.handle.db);
      expect(report).toMatchObject({ count: 2, last: 3, missing: [2, 4], counter: 4 });
      expect(isUnbroken(report!)).toBe(false);
    });

    it("reports nothing for a shop without documents", async () => {
      const bed = await bedWithInvoices(0);
      expect(await checkNumbering(bed.handle.db)).toEqual([]);
    });
  });
}
