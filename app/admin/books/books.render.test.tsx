/** The books' tables drawn on the server, as an operator's browser first receives them. */
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { BookDocument, TaxTotal } from "../../../server/db/books.ts";
import { adminMessages } from "../messages.server";
import { AdminTextContext, adminText } from "../text";
import { DocumentsTable, KeysetPagination } from "./DocumentsTable";
import { ExportForm } from "./ExportForm";
import { TotalsTable } from "./TotalsTable";

const note: BookDocument = {
  kind: "credit-note",
  number: "NS-CN-2026-000003",
  issued_at: "2026-11-20T09:00:00.000Z",
  buyer_name: "<b>Camille</b> Durand",
  buyer_country: "FR",
  net_cents: 1000,
  rate_basis_points: 2000,
  tax_cents: 200,
  total_cents: 1200,
  currency: "EUR",
  corrects: "NS-2026-000010",
};
const line: TaxTotal = {
  buyer_country: "FR",
  rate_basis_points: 550,
  currency: "EUR",
  net_cents: 123456,
  tax_cents: 6790,
  total_cents: 130246,
  invoices: 40,
  credit_notes: 2,
};

function render(language: "en" | "es" | "fr", documents: BookDocument[], problem: "reversed" | null = null): string {
  const page = () => (
    <AdminTextContext value={adminText(adminMessages[language], language)}>
      <DocumentsTable month="2026-11" documents={documents} />
      <KeysetPagination month="2026-11" newerKey="2026-11-20T09:00:00.000Z_NS-CN-2026-000003" olderKey={null} />
      <TotalsTable month="2026-11" lines={[line]} grand={[{ ...line, buyer_country: null, rate_basis_points: null }]} />
      <ExportForm state={{ from: "2026-12-01", to: "2026-11-01", problem }} />
    </AdminTextContext>
  );
  const router = createMemoryRouter([{ id: "page", path: "*", Component: page }], { hydrationData: { loaderData: { page: null } } });
  return renderToString(<RouterProvider router={router} />);
}

describe("the books' tables", () => {
  it("name the month, the credit note and the invoice it corrects, with amounts and rates written out", () => {
    const html = render("en", [note]);
    expect(html).toContain("Invoices and credit notes of November 2026, newest first");
    expect(html).toContain('href="/admin/invoices/NS-CN-2026-000003"');
    expect(html).toContain('href="/admin/invoices/NS-2026-000010"');
    expect(html).toContain("&lt;b&gt;Camille&lt;/b&gt; Durand");
    expect(html).toContain("France (FR)");
    expect(html).toContain("€12.00");
    expect(html).toContain("5.5%");
    expect(html).toContain("€1,234.56");
    expect(html).toContain("All countries (EUR)");
    expect(html).toContain('href="/admin/invoices?month=2026-11&amp;newer=2026-11-20T09%3A00%3A00.000Z_NS-CN-2026-000003"');
    expect(html).toContain('action="/admin/orders.csv"');
  });

  it("speak the operator's language, and say when the month is empty", () => {
    const spanish = render("es", []);
    expect(spanish).toContain("En noviembre de 2026 no se emitió ninguna factura ni factura rectificativa.");
    expect(render("fr", [note])).toMatch(/1\s234,56\s€/u);
  });

  it("put a refused range's reason beside its fields, which keep what was typed", () => {
    const html = render("en", [], "reversed");
    expect(html).toMatch(/role="alert"[^>]*>The last day comes before the first: swap them\./);
    expect(html).toContain('value="2026-12-01"');
    expect(html).toContain('aria-invalid="true"');
  });
});
