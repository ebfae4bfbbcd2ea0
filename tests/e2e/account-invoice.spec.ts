/**
 * The invoice of a purchase in the customer's account: linked from the order on the dashboard,
 * numbered, with the seller, the buyer and the amounts, and as a PDF; a credit note has its page and its
 * PDF too; someone else's invoice, page or file, is not found.
 */
import { extractText, getDocumentProxy } from "unpdf";
import en from "../../content/locales/account/en/invoice.json" with { type: "json" };
import { signInCustomer } from "../support/account.ts";
import { customerWithAccess, d, newEmail } from "../support/account-dashboard.ts";
import { runSql } from "../support/console.ts";
import { expect, test } from "../support/fixtures.ts";
import { e2eServers } from "../support/servers.ts";
import { openHydrated, queryRows } from "../support/store.ts";

/** The text of a PDF answered by the site, every kind of space made plain. */
async function pdfText(body: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true });
  return text.replace(/\s+/g, " ");
}

/**
 * A credit note of 10.00 against the invoice, written straight into the database (the refund that would
 * issue it is tested in app/invoices/issue.server.test.ts): its number is this test's own.
 */
function creditNoteFor(invoiceNumber: string): string {
  const sequence = 900_000 + Math.floor(Math.random() * 99_999);
  const number = `CN-E2E-${sequence}`;
  runSql(
    `INSERT INTO credit_notes (number, year, sequence, issued_at, language, seller, buyer_name, buyer_address, buyer_country,
       net_cents, rate_basis_points, tax_cents, total_cents, currency, tax_basis, rates_as_of, invoice_id, invoice_number,
       order_id, refunded_cents_after, created_at, updated_at)
     SELECT ?, year, ?, issued_at, language, seller, buyer_name, buyer_address, buyer_country, 1000, 0, 0, 1000, currency,
       tax_basis, rates_as_of, id, number, order_id, 1000, created_at, updated_at FROM invoices WHERE number = ?`,
    [number, sequence, invoiceNumber],
  );
  return number;
}

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => String(values[name] ?? whole));

test.describe("the invoice in the account", () => {
  // An order paid and delivered, the account signed in to by mail, then its invoice's page and PDF: up to 35 s
  // with one of two cores kept busy.
  test.describe.configure({ timeout: 90_000 });

  test("a purchase shows its invoice, linked from the order", async ({ page, context, request, expectAccessible }) => {
    const email = newEmail("ines");
    const order = await customerWithAccess(request, email, 30);
    const [invoice] = queryRows<{ number: string }>(
      "SELECT invoices.number FROM invoices JOIN orders ON orders.id = invoices.order_id WHERE orders.reference = ?",
      [order.reference],
    );
    expect(invoice?.number).toMatch(/^\d{4}-\d{6}$/);
    const number = invoice!.number;

    await signInCustomer(context, email);
    await openHydrated(page, "/account");
    const card = page
      .getByRole("region", { name: d("en", "orders.heading") })
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: d("en", "orders.reference", { reference: order.reference }) }) });
    await card.getByRole("link", { name: fill(en.open, { number }) }).click();

    await expect(page).toHaveURL(new RegExp(`/account/invoices/${number}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(fill(en.title, { number }));
    await expect(page.getByText("NovaStream Media S.L.")).toBeVisible();
    await expect(page.getByText(fill(en.taxId, { taxId: "B12345678" }))).toBeVisible();
    await expect(page.getByText("Claire Dubois")).toBeVisible();
    await expect(page.getByText(fill(en.item_other, { plan: "Platinum", months: 6, count: 2 }))).toBeVisible();
    await expect(page.getByRole("row", { name: new RegExp(en.total) })).toContainText("€43.00");
    await expect(page.getByText(en.noVat)).toBeVisible();
    await expectAccessible();

    // The PDF: a download, private, whose text is the invoice's.
    const download = page.getByRole("link", { name: en.downloadPdf });
    const pdf = await page.request.get((await download.getAttribute("href"))!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()).toMatchObject({
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="invoice-${number}.pdf"`,
      "cache-control": "private, no-store",
    });
    const text = await pdfText(await pdf.body());
    expect(text).toContain(fill(en.title, { number }));
    expect(text).toContain("Claire Dubois");
    expect(text).toContain("€43.00");

    // A credit note: listed on its invoice, a page of its own that passes axe, and its PDF.
    const note = creditNoteFor(number);
    await openHydrated(page, `/account/invoices/${number}`);
    await page.getByRole("link", { name: new RegExp(note) }).click();
    await expect(page).toHaveURL(new RegExp(`/account/credit-notes/${note}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(fill(en.creditNoteTitle, { number: note }));
    await expect(page.getByText(fill(en.correctsNote, { number }))).toBeVisible();
    await expect(page.getByRole("row", { name: new RegExp(en.totalRefunded) })).toContainText("€10.00");
    await expectAccessible();
    const notePdf = await page.request.get((await page.getByRole("link", { name: en.downloadCreditNotePdf }).getAttribute("href"))!);
    expect(notePdf.headers()["content-type"]).toBe("application/pdf");
    expect(await pdfText(await notePdf.body())).toContain(note);
    await page.getByRole("link", { name: fill(en.openInvoice, { number }) }).click();
    await expect(page).toHaveURL(new RegExp(`/account/invoices/${number}$`));

    // Another customer, signed in, is told there is no such invoice.
    const other = await context.browser()!.newContext({ baseURL: e2eServers.main.url });
    await signInCustomer(other, newEmail("someone-else"));
    const stranger = await other.newPage();
    const answer = await stranger.goto(`/account/invoices/${number}`);
    expect(answer?.status()).toBe(404);
    await expect(stranger.getByRole("alert")).toHaveText(en.notFound);
    for (const path of [`/account/invoices/${number}/pdf`, `/account/credit-notes/${note}`, `/account/credit-notes/${note}/pdf`]) {
      const refused = await other.request.get(path, { maxRedirects: 0 });
      expect(refused.status(), path).toBe(404);
      expect(refused.headers()["content-type"], path).not.toContain("application/pdf");
    }
    await other.close();
  });
});
