/**
 * The books in the console: an operator opens the month, finds an invoice and the month's totals,
 * opens the invoice and its PDF, downloads the month's ZIP and the orders' CSV; a range the export refuses
 * comes back to the form with its reason; someone signed out gets none of it.
 */
import type { Locator, Page } from "@playwright/test";
import { unzipSync } from "fflate";
import { extractText, getDocumentProxy } from "unpdf";
import books from "../../content/locales/admin/en/books.json" with { type: "json" };
import orders from "../../content/locales/admin/en/orders.json" with { type: "json" };
import { parseCsv } from "../../server/admin/csv.ts";
import { customer, payByPost } from "../support/checkout.ts";
import { consoleText, fill, newOperator, signedInOperator, signIn } from "../support/console.ts";
import { expect, test } from "../support/fixtures.ts";
import { e2eServers } from "../support/servers.ts";
import { queryRows } from "../support/store.ts";

const invoiceOf = (reference: string) =>
  queryRows<{ number: string }>("SELECT invoices.number FROM invoices JOIN orders ON orders.id = invoices.order_id WHERE reference = ?", [
    reference,
  ])[0]?.number ?? "";

const today = () => new Date().toISOString().slice(0, 10);

/** Clicks what starts a download, and reads the file the browser saved. */
async function download(page: Page, trigger: Locator): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent("download"), trigger.click()]);
  const parts: Buffer[] = [];
  for await (const part of await file.createReadStream()) parts.push(part as Buffer);
  return { name: file.suggestedFilename(), bytes: Buffer.concat(parts) };
}

test.describe("the books in the console", () => {
  test.describe.configure({ timeout: 60_000 });

  test("an operator opens the month, sees an invoice and its totals, opens it, refunds it, and downloads the PDF, the ZIP and the CSV", async ({
    page,
    request,
    expectAccessible,
  }) => {
    const buyer = customer({ lastName: `Libro${Date.now()}`, country: "FR" });
    const reference = await payByPost(request, buyer);
    const number = invoiceOf(reference);
    expect(number).toMatch(/^\d{4}-\d{6}$/);

    await signIn(page, newOperator(), "/admin/invoices");
    await expect(page).toHaveURL(/\/admin\/invoices$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(books.heading);
    const month = new Intl.DateTimeFormat("en", { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date());
    const documents = page.getByRole("table", { name: fill(books.list.caption, { month }) });
    const row = documents.getByRole("row").filter({ hasText: buyer.lastName });
    await expect(row).toContainText(number);
    await expect(row).toContainText("France (FR)");
    const totals = page.getByRole("table", { name: fill(books.totals.caption, { month }) });
    await expect(totals.getByRole("row").filter({ hasText: "France (FR)" }).first()).toBeVisible();
    await expect(totals.getByRole("rowheader", { name: fill(books.totals.grand, { currency: "EUR" }) })).toBeVisible();
    await expectAccessible();

    await row.getByRole("link", { name: number, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/invoices/${number}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(fill(books.document.invoice, { number }));
    await expect(page.getByText(`${buyer.firstName} ${buyer.lastName}`)).toBeVisible();
    await expect(page.getByRole("link", { name: reference })).toHaveAttribute("href", `/admin/orders/${reference}`);
    await expectAccessible();
    const pdf = await download(page, page.getByRole("link", { name: books.downloads.pdf }));
    expect(pdf.name).toBe(`invoice-${number}.pdf`);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.bytes)), { mergePages: true });
    expect(text).toContain(number);
    expect(text).toContain(buyer.lastName);

    // Refunded from its order's page: a credit note correcting the invoice joins the month.
    await page.getByRole("link", { name: reference }).click();
    await page.getByLabel(orders.refund.reason, { exact: true }).selectOption({ label: orders.refund.reasons.requestedByCustomer });
    await page.getByRole("button", { name: orders.refund.review }).click();
    await page.getByRole("button", { name: /^Yes, refund/ }).click();
    await expect(page.getByRole("status").filter({ hasText: /^Refunded/ })).toBeVisible();
    const note = queryRows<{ number: string }>("SELECT number FROM credit_notes WHERE invoice_number = ?", [number])[0]?.number ?? "";
    expect(note).toMatch(/^CN-\d{4}-\d{6}$/);
    await page.goto("/admin/invoices");
    const noteRow = documents.getByRole("row").filter({ has: page.getByRole("rowheader", { name: new RegExp(`^${note}`) }) });
    await expect(noteRow).toContainText(books.list.creditNote);
    await expect(noteRow.getByRole("link", { name: number, exact: true })).toHaveAttribute("href", `/admin/invoices/${number}`);

    // The month's documents as one ZIP: this invoice and its credit note among them, as PDFs named by number.
    const zip = await download(page, page.getByRole("link", { name: fill(books.downloads.zip, { month }) }));
    expect(zip.name).toBe(`invoices-${today().slice(0, 7)}.zip`);
    const files = unzipSync(new Uint8Array(zip.bytes));
    expect(Object.keys(files)).toEqual(expect.arrayContaining([`invoice-${number}.pdf`, `credit-note-${note}.pdf`]));
    expect(new TextDecoder().decode(files[`invoice-${number}.pdf`]!.slice(0, 5))).toBe("%PDF-");

    // The export: today's orders, as the form sends them, downloaded by the browser.
    await page.goto("/admin/invoices");
    await page.getByLabel(books.export.from).fill(today());
    await page.getByLabel(books.export.to).fill(today());
    const csv = await download(page, page.getByRole("button", { name: books.export.submit }));
    expect(csv.name).toBe(`orders-${today()}-to-${today()}.csv`);
    const [header, ...lines] = parseCsv(csv.bytes.toString("utf8"));
    expect(header?.[0]).toBe(books.csv.columns.type);
    expect(lines.find((line) => line[1] === reference)).toEqual([
      books.csv.types.order,
      reference,
      number,
      today(),
      "FR",
      expect.stringMatching(/^\d+\.\d\d$/),
      expect.stringMatching(/^\d+\.\d\d$/),
      expect.stringMatching(/^\d+\.\d\d$/),
      expect.stringMatching(/^\d+\.\d\d$/),
      "EUR",
      "visa ****4242",
      expect.stringMatching(/.+/),
    ]);
    const refund = lines.find((line) => line[2] === note);
    expect(refund?.slice(0, 5)).toEqual([books.csv.types.refund, reference, note, today(), "FR"]);
    expect(refund?.[8]).toBe(lines.find((line) => line[2] === number)?.[8]);
  });

  test("a range the export refuses comes back to the form, with the days typed and the reason", async ({ page, expectAccessible }) => {
    await signIn(page, newOperator(), "/admin/orders.csv?from=2026-12-01&to=2026-11-01");
    await expect(page).toHaveURL(/\/admin\/invoices\?from=2026-12-01&to=2026-11-01/);
    await expect(page.getByRole("alert")).toHaveText(books.export.problems.reversed);
    await expect(page.getByLabel(books.export.from)).toHaveValue("2026-12-01");
    await expect(page.getByLabel(books.export.to)).toHaveValue("2026-11-01");
    await expectAccessible();

    await page.goto("/admin/invoices?month=2026-13");
    await expect(page.getByRole("alert")).toHaveText(books.month.invalid);
    await page.getByRole("link", { name: /Previous month/ }).click();
    await expect(page).toHaveURL(/month=\d{4}-\d{2}$/);
    await expectAccessible();
  });

  test("an order's page links its invoice and credit note, page and PDF, and each links back, in Spanish", async ({
    page,
    request,
    expectAccessible,
  }) => {
    const text = consoleText("es");
    const reference = await payByPost(request, customer({ lastName: `Enlace${Date.now()}` }));
    const number = invoiceOf(reference);
    await signedInOperator(page, "es");
    // Refunded as the order page's confirmation posts it: a credit note correcting the invoice.
    const refund = { intent: "refund", reason: "duplicate", note: "", refundedCents: "0" };
    await page.request.post(`/admin/orders/${reference}`, { form: refund, headers: { Origin: e2eServers.main.url } });
    const note = queryRows<{ number: string }>("SELECT number FROM credit_notes WHERE invoice_number = ?", [number])[0]?.number ?? "";
    expect(note).toMatch(/^CN-\d{4}-\d{6}$/);

    await page.goto(`/admin/orders/${reference}`);
    const documents = page.getByRole("region", { name: text.orders.documents.heading });
    const link = (key: "invoice" | "creditNote" | "invoicePdf" | "creditNotePdf", of: string) =>
      documents.getByRole("link", { name: fill(text.orders.documents[key], { number: of }), exact: true });
    await expect(link("invoice", number)).toHaveAttribute("href", `/admin/invoices/${number}`);
    await expect(link("invoicePdf", number)).toHaveAttribute("href", `/admin/invoices/${number}/pdf`);
    await expect(link("creditNote", note)).toHaveAttribute("href", `/admin/invoices/${note}`);
    await expect(link("creditNotePdf", note)).toHaveAttribute("href", `/admin/invoices/${note}/pdf`);
    await expectAccessible();

    await link("creditNote", note).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(fill(text.books.document.creditNote, { number: note }));
    await expectAccessible();
    await page.getByRole("link", { name: reference, exact: true }).click();
    await link("invoice", number).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(fill(text.books.document.invoice, { number }));
    await expect(page.getByRole("link", { name: reference, exact: true })).toHaveAttribute("href", `/admin/orders/${reference}`);
  });

  test("someone signed out gets no page, no document and no file", async ({ playwright }) => {
    const reference = await payByPost(await playwright.request.newContext(), customer({ lastName: `Nadie${Date.now()}` }));
    const number = invoiceOf(reference);
    const stranger = await playwright.request.newContext({ baseURL: e2eServers.main.url });
    for (const path of [
      "/admin/invoices",
      `/admin/invoices/${number}`,
      `/admin/invoices/${number}/pdf`,
      `/admin/invoices.zip?month=${today().slice(0, 7)}`,
      `/admin/orders.csv?from=${today()}&to=${today()}`,
    ]) {
      const answer = await stranger.get(path, { maxRedirects: 0, headers: { accept: "text/html" } });
      expect(answer.status(), path).toBe(302);
      expect(answer.headers().location, path).toMatch(/^\/admin\/login\?next=/);
      const body = await answer.text();
      expect(body, path).not.toContain(reference);
      expect(body, path).not.toContain("Nadie");
    }
    await stranger.dispose();
  });
});
