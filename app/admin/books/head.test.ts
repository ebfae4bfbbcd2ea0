import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { loader as invoicesZip } from "../../routes/admin/invoices-zip";
import { loader as ordersCsv } from "../../routes/admin/orders-csv";
import { operatorContext } from "../auth.server";

/**
 * A HEAD request for an export is told what the file would be, and nothing is read or logged: the context
 * here has an operator but no services, so touching the database would throw.
 */
describe("the exports asked with HEAD", () => {
  const args = (path: string) => {
    const context = new RouterContextProvider();
    context.set(operatorContext, { operator: { id: 1, email: "ops@example.com" } } as never);
    return { request: new Request(`http://shop.test${path}`, { method: "HEAD" }), context, params: {} } as never;
  };

  it.each([
    ["/admin/orders.csv?from=2026-01-01&to=2026-12-31", ordersCsv, "text/csv; charset=utf-8", "orders-2026-01-01-to-2026-12-31.csv"],
    ["/admin/invoices.zip?month=2026-11", invoicesZip, "application/zip", "invoices-2026-11.zip"],
  ] as [string, (args: never) => Promise<Response>, string, string][])("%s answers its headers alone", async (path, loader, type, name) => {
    const response = await loader(args(path));
    expect(response.status).toBe(200);
    expect(response.body).toBeNull();
    expect(response.headers.get("content-type")).toBe(type);
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${name}"`);
  });
});
