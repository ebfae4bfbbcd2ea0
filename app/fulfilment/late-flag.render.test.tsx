/** The console's late flag, drawn on the server as the operator's browser first receives it. */
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { markDeliveryAlerted } from "../../server/db/admin-orders.ts";
import { createOrderTestBed, type OrderTestBed } from "../../tests/support/orders";
import { adminMessages } from "../admin/messages.server";
import { NextActions } from "../admin/orders/NextActions";
import { OrdersTable, toOrderRow } from "../admin/orders/OrdersTable";
import { loadOrderPage } from "../admin/orders/order-page.server";
import { AdminTextContext, adminText } from "../admin/text";

let bed: OrderTestBed;
beforeAll(async () => {
  bed = await createOrderTestBed("sqlite");
});
afterAll(() => bed.handle.cleanup());

function render(children: ReactNode, language: "en" | "es" | "fr" = "en"): string {
  const page = () => <AdminTextContext value={adminText(adminMessages[language], language)}>{children}</AdminTextContext>;
  const router = createMemoryRouter([{ id: "page", path: "*", Component: page }], { hydrationData: { loaderData: { page: null } } });
  return renderToString(<RouterProvider router={router} />);
}

describe("a late delivery in the console", () => {
  it("is flagged in the list and said plainly on the order page, in the operator's language", async () => {
    const waiting = await bed.paidOrder();
    const late = (await markDeliveryAlerted(bed.handle.db, (await bed.paidOrder()).id, new Date()))!;
    const rows = [toOrderRow(waiting), toOrderRow(late)];
    const [onTime, flagged] = render(<OrdersTable orders={rows} />)
      .split("<tr")
      .slice(2)
      .map((row) => row.includes(">Late<"));
    expect([onTime, flagged]).toEqual([false, true]);
    expect(render(<OrdersTable orders={rows} />, "es")).toContain(">Con retraso<");
    expect(render(<OrdersTable orders={rows} />, "fr")).toContain(">En retard<");

    const page = (await loadOrderPage(bed.services, late.reference))!;
    const html = render(<NextActions data={page} result={undefined} />);
    expect(html).toContain("Late: paid");
    expect(html.indexOf("Late: paid")).toBeLessThan(html.indexOf("Deliver and send the mail"));
    expect(render(<NextActions data={page} result={undefined} />, "fr")).toContain("En retard\u00a0: payée");
    const onTimePage = (await loadOrderPage(bed.services, waiting.reference))!;
    expect(render(<NextActions data={onTimePage} result={undefined} />)).not.toContain("Late: paid");
  });
});
