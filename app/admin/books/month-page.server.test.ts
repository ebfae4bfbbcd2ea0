import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testTargets } from "../../../tests/support/databases.ts";
import { createOrderTestBed, type OrderTestBed } from "../../../tests/support/orders.ts";
import { issueInvoice } from "../../invoices/issue.server";
import { exportFormState, loadMonthPage } from "./month-page.server";

const now = new Date("2026-11-26T12:00:00.000Z");
const page = (query: string) => new URL(`http://shop.test/admin/invoices${query}`);

describe("the export form's state", () => {
  it("offers the month shown until a range is sent, then keeps the range and says what is wrong with it", () => {
    expect(exportFormState(new URLSearchParams(), "2026-02")).toEqual({ from: "2026-02-01", to: "2026-02-28", problem: null });
    expect(exportFormState(new URLSearchParams("from=2026-12-01&to=2026-11-01"), "2026-11")).toEqual({
      from: "2026-12-01",
      to: "2026-11-01",
      problem: "reversed",
    });
    expect(exportFormState(new URLSearchParams("from=2026-11-01"), "2026-11")).toMatchObject({ to: "", problem: "missing" });
  });
});

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`the month's page on ${target.dialect}`, () => {
    let bed: OrderTestBed;
    beforeAll(async () => {
      bed = await createOrderTestBed(target.dialect);
      for (const day of [2, 3, 4, 5, 6]) {
        const order = await bed.pendingOrder();
        await bed.handle.db.transaction().execute((db) => issueInvoice(db, order, { now: new Date(Date.UTC(2026, 10, day)) }));
      }
    });
    afterAll(async () => {
      await bed?.handle.cleanup();
    });

    it("shows the current month (UTC) by default, and says so when the month asked cannot be read", async () => {
      const first = await loadMonthPage(bed.handle.db, page(""), now, 2);
      expect(first).toMatchObject({
        month: "2026-11",
        monthInvalid: false,
        previousMonth: "2026-10",
        nextMonth: "2026-12",
        newerKey: null,
      });
      expect(first.documents.map((document) => document.number)).toEqual(["2026-000005", "2026-000004"]);
      expect(first.totals.grand).toMatchObject([{ invoices: 5 }]);
      expect(await loadMonthPage(bed.handle.db, page("?month=2026-13"), now, 2)).toMatchObject({ month: "2026-11", monthInvalid: true });
      expect(await loadMonthPage(bed.handle.db, page("?month=2026-10"), now, 2)).toMatchObject({ documents: [], olderKey: null });
    });

    it("pages by the keys in its links, and back at the top shows a full first page", async () => {
      const first = await loadMonthPage(bed.handle.db, page(""), now, 2);
      const second = await loadMonthPage(bed.handle.db, page(`?month=2026-11&older=${first.olderKey}`), now, 2);
      expect(second.documents.map((document) => document.number)).toEqual(["2026-000003", "2026-000002"]);
      const last = await loadMonthPage(bed.handle.db, page(`?month=2026-11&older=${second.olderKey}`), now, 2);
      expect(last).toMatchObject({ documents: [{ number: "2026-000001" }], olderKey: null });
      // Newer than the fourth invoice, one document is left: the page shown is the first, whole.
      const top = await loadMonthPage(bed.handle.db, page("?month=2026-11&newer=2026-11-05T00:00:00.000Z_2026-000004"), now, 2);
      expect(top).toMatchObject({ newerKey: null, documents: [{ number: "2026-000005" }, { number: "2026-000004" }] });
      // A key that is not one is ignored.
      expect(await loadMonthPage(bed.handle.db, page("?older=nonsense"), now, 2)).toMatchObject({ newerKey: null });
    });
  });
}
