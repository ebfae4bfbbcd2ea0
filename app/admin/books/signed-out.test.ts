import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { loader as invoices } from "../../routes/admin/invoices";
import { loader as invoiceDocument } from "../../routes/admin/invoices-document";
import { loader as invoicePdf } from "../../routes/admin/invoices-pdf";
import { loader as invoicesZip } from "../../routes/admin/invoices-zip";
import { loader as ordersCsv } from "../../routes/admin/orders-csv";

/**
 * The console's layout turns away anyone signed out before a loader runs; each loader of the books asks for
 * the operator again, so a route moved out of the layout by mistake still gives nothing away.
 */
describe("the books' loaders without an operator", () => {
  const args = (path: string, params: Record<string, string> = {}) =>
    ({ request: new Request(`http://shop.test${path}`), context: new RouterContextProvider(), params, unstable_pattern: path }) as never;

  it.each([
    ["/admin/invoices?month=2026-11", invoices],
    ["/admin/invoices/2026-000001", invoiceDocument],
    ["/admin/orders.csv?from=2026-01-01&to=2026-12-31", ordersCsv],
    ["/admin/invoices/2026-000001/pdf", invoicePdf],
    ["/admin/invoices.zip?month=2026-11", invoicesZip],
  ] as [string, (args: never) => unknown][])("%s throws before reading anything", async (path, loader) => {
    await expect(async () => loader(args(path, { number: "2026-000001" }))).rejects.toThrow(/context/i);
  });
});
