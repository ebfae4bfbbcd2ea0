/**
 * VAT by the EU's rates (TAX_MODE=eu-oss, on the `limited` server): a purchase from France shows the French
 * rate in the price's breakdown at checkout, on the invoice in the account and in the accountant's CSV; a refund
 * in the console makes a credit note shown on the invoice page and listed in the CSV (docs/decisions/0021-invoices-and-tax.md, 0024).
 */
import { randomBytes } from "node:crypto";
import { findPlan, formatPrice, planPrice } from "../../app/content/plans.ts";
import { splitInclusive } from "../../common/tax.ts";
import invoiceText from "../../content/locales/account/en/invoice.json" with { type: "json" };
import books from "../../content/locales/admin/en/books.json" with { type: "json" };
import { parseCsv } from "../../server/admin/csv.ts";
import { signInCustomer } from "../support/account.ts";
import { customer, field, fillCheckout, payButton } from "../support/checkout.ts";
import { consoleText, enableSecondFactor, fill, runSql, sessionToken } from "../support/console.ts";
import { expect, test } from "../support/fixtures.ts";
import { e2eServers } from "../support/servers.ts";
import { t } from "../support/site.ts";
import { openHydrated, queryRows } from "../support/store.ts";

const server = e2eServers.limited;
test.use({ baseURL: server.url });
test.describe.configure({ timeout: 60_000 });

const euros = (cents: number) => `€${(cents / 100).toFixed(2)}`;
const rows = <T>(sql: string, parameters: (string | number)[]) => queryRows<T>(sql, parameters, server);

/**
 * An operator signed in on this server, which asks every operator for a second factor: one set up and a
 * session opened straight in the database, as after a sign-in with both.
 */
async function operatorOn(page: import("@playwright/test").Page) {
  const email = `operator.tax.${Date.now()}.${randomBytes(3).toString("hex")}@shop.example`;
  const now = new Date().toISOString();
  runSql("INSERT INTO operators (email, password_hash, created_at, updated_at) VALUES (?, 'none', ?, ?)", [email, now, now], server);
  enableSecondFactor(email, server);
  const url = `${server.url}/admin`;
  await page.context().addCookies([
    { name: "admin_session", value: sessionToken(email, { server }), url },
    { name: "admin_language", value: "en", url },
  ]);
}

test("a purchase from France: 20 % VAT at checkout and on the invoice; a refund's credit note on it", async ({
  page,
  context,
  expectAccessible,
}) => {
  // A whole sale and its refund across the site, the account and the console, with seven axe audits and an operator's
  // sign-in (a slow hash): up to 40 s with one of two cores kept busy.
  test.setTimeout(90_000);
  const email = `tax.fr.${Date.now()}@example.com`;
  await openHydrated(page, "/checkout?plan=premium&viewers=2");
  const breakdown = page.locator("[data-tax-breakdown]");
  await expect(breakdown).toHaveText(t("en", "checkout.tax.chooseCountry"));
  await fillCheckout(page, "en", customer({ email, country: "ES" }));
  // The breakdown follows the country chosen, then the plan.
  await expect(breakdown).toContainText("Includes VAT 21% (Spain)");
  await field(page, "en", "country").selectOption("FR");
  await expect(breakdown).toContainText("Includes VAT 20% (France)");
  await page.getByLabel(t("en", "checkout.changePlan")).selectOption("vip");
  const vipVat = splitInclusive(planPrice(findPlan("vip")!, 2), 2000).taxCents;
  await expect(breakdown).toHaveText(`Includes VAT 20% (France): ${formatPrice(vipVat, "en")}`);
  await expectAccessible();
  await field(page, "en", "phone").fill("06 12 34 56 78");
  await field(page, "en", "postalCode").fill("75011");
  await payButton(page, "en").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("en", "checkout.success"));
  await expectAccessible();

  const [order] = rows<{ id: number; reference: string; amount_cents: number }>("SELECT * FROM orders WHERE email = ?", [email]);
  const vat = splitInclusive(order!.amount_cents, 2000);
  const [invoice] = rows<{ number: string; rate_basis_points: number; tax_cents: number }>("SELECT * FROM invoices WHERE order_id = ?", [
    order!.id,
  ]);
  expect(invoice).toMatchObject({ rate_basis_points: 2000, tax_cents: vat.taxCents });

  await signInCustomer(context, email, { server });
  await openHydrated(page, `/account/invoices/${invoice!.number}`);
  await expect(page.getByRole("row", { name: fill(invoiceText.vat, { rate: "20%" }) })).toContainText(euros(vat.taxCents));
  await expect(page.getByRole("row", { name: invoiceText.net })).toContainText(euros(vat.netCents));
  await expectAccessible();

  // The operator refunds it all from the console.
  const orders = consoleText("en").orders;
  await operatorOn(page);
  await page.goto(`/admin/orders/${order!.reference}`);
  await page.getByLabel(orders.refund.reason, { exact: true }).selectOption({ label: orders.refund.reasons.requestedByCustomer });
  await page.getByRole("button", { name: orders.refund.review }).click();
  await expectAccessible();
  await page.getByRole("button", { name: /^Yes, refund/ }).click();
  await expect(page.getByRole("status").filter({ hasText: /^Refunded/ })).toBeVisible();
  await expectAccessible();

  const [note] = rows<{ number: string; tax_cents: number }>("SELECT number, tax_cents FROM credit_notes WHERE order_id = ?", [order!.id]);
  expect(note?.tax_cents).toBe(vat.taxCents);

  // The accountant's export lists the sale at the French rate, and the refund's credit note beside it.
  const today = new Date().toISOString().slice(0, 10);
  const exported = await page.request.get(`/admin/orders.csv?from=${today}&to=${today}`);
  expect(exported.headers()["content-type"]).toMatch(/^text\/csv/);
  const lines = parseCsv(await exported.text());
  const decimal = (cents: number) => (cents / 100).toFixed(2);
  const amounts = [decimal(vat.netCents), "20.00", decimal(vat.taxCents), decimal(order!.amount_cents), "EUR"];
  expect(lines.find((line) => line[2] === invoice!.number)).toEqual([
    books.csv.types.order,
    order!.reference,
    invoice!.number,
    today,
    "FR",
    ...amounts,
    "visa ****4242",
    expect.stringMatching(/.+/),
  ]);
  expect(lines.find((line) => line[2] === note!.number)?.slice(0, 10)).toEqual([
    books.csv.types.refund,
    order!.reference,
    note!.number,
    today,
    "FR",
    ...amounts,
  ]);
  await openHydrated(page, `/account/invoices/${invoice!.number}`);
  const credits = page.getByRole("region", { name: invoiceText.creditNotesHeading });
  await expect(credits.getByRole("listitem")).toHaveText(
    new RegExp(`${note!.number}.*${euros(order!.amount_cents).replace(".", "\\.")} refunded`),
  );
  await expectAccessible();
});

test("without JavaScript, the server writes the VAT for the country the form starts with, then for the one posted", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: server.url });
  const page = await context.newPage();
  await page.goto("/fr/checkout?plan=premium&viewers=2");
  const breakdown = page.locator("[data-tax-breakdown]");
  await expect(breakdown).toHaveText(t("fr", "checkout.tax.chooseCountry"));
  // A post that comes back with an error (no phone number) keeps the country chosen, and the VAT follows it.
  await fillCheckout(page, "fr", customer({ country: "DE", phone: "", postalCode: "10115", city: "Berlin" }));
  await payButton(page, "fr").click();
  await expect(field(page, "fr", "phone")).toHaveAttribute("aria-invalid", "true");
  const vat = formatPrice(splitInclusive(planPrice(findPlan("premium")!, 2), 1900).taxCents, "fr");
  await expect(breakdown).toHaveText(`Dont TVA 19\u202f% (Allemagne) : ${vat}`);
  await context.close();
});

test("a country chosen before the page's script has run still gives its VAT once it runs", async ({ page }) => {
  // Hold the scripts back until the country is chosen, as on a slow phone.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/es/checkout?plan=premium&viewers=2", { waitUntil: "domcontentloaded" });
  // Focusing the list wakes the page's app (decision 0034), whose scripts are held until after the choice.
  await field(page, "es", "country").focus();
  await field(page, "es", "country").selectOption("IT");
  await expect(page.locator("html[data-hydrated=true]")).toHaveCount(0);
  release();
  await page.locator("html[data-hydrated=true]").waitFor({ state: "attached" });
  const vat = formatPrice(splitInclusive(planPrice(findPlan("premium")!, 2), 2200).taxCents, "es");
  const rate = new Intl.NumberFormat("es-ES", { style: "percent" }).format(0.22);
  await expect(page.locator("[data-tax-breakdown]")).toHaveText(t("es", "checkout.tax.included", { rate, country: "Italia", amount: vat }));
});
