/**
 * Stripe Tax end to end (TAX_MODE=stripe on the server that takes payments through the local Stripe): the
 * checkout says the payment page works the VAT out, the session asks Stripe for it, and the invoice in the
 * account shows the rate and amount Stripe computed (docs/decisions/0024-vat-at-checkout-and-stripe-tax.md).
 */
import invoiceText from "../../content/locales/account/en/invoice.json" with { type: "json" };
import { signInCustomer } from "../support/account.ts";
import { customer, fillHostedCheckout, payButton } from "../support/checkout.ts";
import { expect, test } from "../support/fixtures.ts";
import { e2eServers, fakeStripe } from "../support/servers.ts";
import { t } from "../support/site.ts";
import { openHydrated, queryRows } from "../support/store.ts";

test.use({ baseURL: e2eServers.stripe.url });
test.describe.configure({ timeout: 60_000 });

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);

test("paying from France: Stripe's VAT (20 %) is on the invoice in the account", async ({ page, context, expectAccessible }) => {
  const email = `stripe.tax.${Date.now()}@example.com`;
  await openHydrated(page, "/checkout?plan=premium&viewers=2");
  await expect(page.locator("[data-tax-breakdown]")).toHaveText(t("en", "checkout.tax.processor", { processor: "Stripe" }));
  await fillHostedCheckout(page, "en", customer({ email, country: "FR", phone: "06 12 34 56 78", postalCode: "75011", city: "Paris" }));
  await expectAccessible();
  await payButton(page, "en").click();
  await page.waitForURL(`${fakeStripe.url}/pay/**`);

  // Stripe's page asks for the billing address: that is where Stripe Tax learns the customer's country.
  await page.getByLabel("Country or region").selectOption("FR");
  await expectAccessible();
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("en", "checkout.success"));
  await expectAccessible();

  const [order] = queryRows<{ id: number; amount_cents: number; payment_session_id: string; processor_tax_country: string }>(
    "SELECT * FROM orders WHERE email = ?",
    [email],
    e2eServers.stripe,
  );
  const session = (await (await fetch(`${fakeStripe.url}/_control/sessions/${order!.payment_session_id}`)).json()) as {
    automatic_tax: { enabled: boolean };
    total_details: { amount_tax: number };
  };
  expect(session.automatic_tax.enabled).toBe(true);
  const stripeTax = session.total_details.amount_tax;
  expect(stripeTax).toBe(Math.round((order!.amount_cents * 2000) / 12_000));
  expect(order?.processor_tax_country).toBe("FR");

  const [invoice] = queryRows<{ number: string; tax_basis: string }>(
    "SELECT number, tax_basis FROM invoices WHERE order_id = ?",
    [order!.id],
    e2eServers.stripe,
  );
  expect(invoice?.tax_basis).toBe("stripe");
  await signInCustomer(context, email, { server: e2eServers.stripe });
  await openHydrated(page, `/account/invoices/${invoice!.number}`);
  const euros = (cents: number) => `€${(cents / 100).toFixed(2)}`;
  await expect(page.getByRole("row", { name: fill(invoiceText.vat, { rate: "20%" }) })).toContainText(euros(stripeTax));
  await expect(page.getByRole("row", { name: invoiceText.net })).toContainText(euros(order!.amount_cents - stripeTax));
  await expect(page.getByText(invoiceText.noVat)).toHaveCount(0);
  await expectAccessible();
});
