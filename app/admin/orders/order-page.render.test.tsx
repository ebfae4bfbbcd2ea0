/** The order pages drawn on the server with real data, as an operator's browser first receives them. */
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Language } from "../../../common/languages";
import { findOrderById } from "../../../server/db/repositories.ts";
import { createOrderTestBed, type OrderTestBed } from "../../../tests/support/orders";
import { refuseProcessorEvent } from "../../checkout/refused-events.server";
import { adminMessages } from "../messages.server";
import { AdminTextContext, adminText } from "../text";
import { AccessFacts } from "./AccessFacts";
import { ActionNotice } from "./ActionNotice";
import { deliverAccess } from "./deliver.server";
import { NextActions } from "./NextActions";
import { OrderFacts } from "./OrderFacts";
import { OrdersTable, toOrderRow } from "./OrdersTable";
import { loadOrderPage } from "./order-page.server";
import { RefusedEventsCount } from "./RefusedEventsCount";
import { Timeline } from "./Timeline";

let bed: OrderTestBed;
beforeAll(async () => {
  bed = await createOrderTestBed("sqlite");
});
afterAll(() => bed.handle.cleanup());

function render(children: ReactNode, language: Language = "en"): string {
  const page = () => <AdminTextContext value={adminText(adminMessages[language], language)}>{children}</AdminTextContext>;
  const router = createMemoryRouter([{ id: "page", path: "*", Component: page }], { hydrationData: { loaderData: { page: null } } });
  return renderToString(<RouterProvider router={router} />);
}

const form = {
  username: "camille_2026",
  password: "Tr0ub4dor&3",
  serverUrl: "https://tv.example.net",
  playlistUrl: "https://tv.example.net/m3u",
};

describe("the order page", () => {
  it("puts the deliver form first for a paid order, with a label on every field", async () => {
    const order = await bed.paidOrder();
    const data = (await loadOrderPage(bed.services, order.reference))!;
    const html = render(<NextActions data={data} result={undefined} />);
    expect(html).toContain("Next step");
    expect(html.indexOf("Deliver and send the mail")).toBeLessThan(html.indexOf("Review the refund"));
    for (const field of ["username", "password", "serverUrl", "playlistUrl", "note"]) expect(html).toContain(`for="deliver-${field}"`);
    expect(html).toContain('for="refund-reason"');
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Send again<\/button>/);
  });

  it("keeps what was typed and points at each problem", async () => {
    const order = await bed.paidOrder();
    const data = (await loadOrderPage(bed.services, order.reference))!;
    const result = await deliverAccess(bed.services, bed.operator, order, { ...form, serverUrl: "ftp://x" }, "x");
    const html = render(
      <>
        <ActionNotice result={result} />
        <NextActions data={data} result={result} />
      </>,
    );
    expect(html).toContain('role="alert"');
    expect(html).toContain("Some fields need attention.");
    expect(html).toContain('value="ftp://x"');
    expect(html).toMatch(/id="deliver-serverUrl"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="deliver-serverUrl"/);
    expect(html).toContain("Enter a web address starting with https:// or http://.");
  });

  it("shows a delivered order's facts, its access and its timeline in the operator's language", async () => {
    const order = await bed.paidOrder({ country: "ES", payment_processor: "test" });
    await deliverAccess(bed.services, bed.operator, order, form, "x");
    const data = (await loadOrderPage(bed.services, order.reference))!;
    const html = render(
      <>
        <NextActions data={data} result={undefined} />
        <OrderFacts order={data.order} />
        <AccessFacts order={data.order} access={data.access} />
        <Timeline entries={data.timeline} />
      </>,
      "fr",
    );
    expect(html).toContain("Renvoyer l’e-mail d’accès");
    expect(html).toContain(`href="mailto:${order.email}"`);
    expect(html).toContain("Espagne");
    expect(html).toContain("Visa se terminant par 4242");
    expect(html).toMatch(/Prestataire de paiement<\/dt><dd[^>]*><span[^>]*>test<\/span>/);
    expect(html).toContain("Tr0ub4dor&amp;3");
    expect(html).toContain("<ol");
    expect(html).toContain("Accès livré");
    expect(html).toContain(`Par ${bed.operator.email}`);
    expect(html).toContain("Par le prestataire de paiement");
    expect(html).toContain("Les heures sont affichées en UTC.");
  });

  it("asks for a confirmation naming the amount before refunding", async () => {
    const order = await bed.paidOrder();
    const data = (await loadOrderPage(bed.services, order.reference))!;
    const review = { reason: "duplicate", note: "", refundedCents: 0, amountCents: 2900, currency: "EUR" };
    const html = render(<NextActions data={data} result={{ intent: "refund-confirm", ok: true, review }} />);
    expect(html).toContain("Refund €29 to Camille Durand?");
    expect(html).toContain("Yes, refund €29");
    expect(html).toContain('name="refundedCents" value="0"');
  });
});

describe("an event of the processor the shop refused", () => {
  it("is flagged before the next step, with a link to the audit log, and on the timeline in the operator's language", async () => {
    const order = await bed.paidOrder();
    const refusal = { processor: "stripe", type: "invoice.paid", order, object: "sub_someone_elses" };
    await refuseProcessorEvent(bed.handle.db, { ...refusal, eventId: "evt_forged_1", reason: "not-ours" });
    const difference = { field: "amountPaid", event: 1, expected: 2900 };
    await refuseProcessorEvent(bed.handle.db, { ...refusal, eventId: "evt_forged_2", reason: "wrong-amount", difference });
    const data = (await loadOrderPage(bed.services, order.reference))!;
    expect(data.refused).toMatchObject({ count: 2, reason: "wrong-amount" });
    const html = render(
      <>
        <NextActions data={data} result={undefined} />
        <Timeline entries={data.timeline} />
      </>,
      "es",
    );
    expect(html).toMatch(/role="alert"[^>]*>.*Se rechazaron 2 eventos del procesador de pagos sobre este pedido/);
    expect(html).toContain("su importe no es el que cobra la tienda");
    expect(html).toContain('href="/admin/audit?action=processor-event-refused"');
    expect(html).toContain("Evento del procesador de pagos rechazado, sin cambios: venía de una suscripción o de un pago");
    expect(html).toContain("Evento evt_forged_2 (invoice.paid)");
  });

  it("is counted at the head of the orders list", () => {
    expect(render(<RefusedEventsCount refused={{ count: 0, more: false }} />)).not.toContain("refused");
    const html = render(<RefusedEventsCount refused={{ count: 3, more: false }} />, "fr");
    expect(html).toContain("3 événements du prestataire de paiement ont été refusés ces 30 derniers jours");
    expect(html).toContain('href="/admin/audit?action=processor-event-refused"');
  });
});

describe("the orders list", () => {
  it("is a table with a caption and headers, flags paid orders to deliver, and shows no address", async () => {
    const paid = (await findOrderById(bed.handle.db, (await bed.paidOrder()).id))!;
    const html = render(<OrdersTable orders={[toOrderRow(paid)]} />, "es");
    expect(html).toContain("<caption");
    expect(html).toContain('<th scope="col"');
    expect(html).toContain(`<th scope="row"`);
    expect(html).toContain(`href="/admin/orders/${paid.reference}"`);
    expect(html).toContain("Por entregar");
    expect(html).toContain("Gold, 2 espectadores");
    expect(html).toContain("29");
    expect(html).not.toContain("Bellecour");
  });
});
