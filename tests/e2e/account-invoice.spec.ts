/**
 * The invoice of a purchase in the customer's account (issue 23): linked from the order on the dashboard,
 * numbered, with the seller, the buyer and the amounts; someone else's invoice is not found.
 */
import en from "../../content/locales/account/en/invoice.json" with { type: "json" };
import { signInCustomer } from "../support/account.ts";
import { customerWithAccess, d, newEmail } from "../support/account-dashboard.ts";
import { expect, test } from "../support/fixtures.ts";
import { e2eServers } from "../support/servers.ts";
import { openHydrated, queryRows } from "../support/store.ts";

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => String(values[name] ?? whole));

test.describe("the invoice in the account", () => {
  test.describe.configure({ timeout: 60_000 });

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

    // Another customer, signed in, is told there is no such invoice.
    const other = await context.browser()!.newContext({ baseURL: e2eServers.main.url });
    await signInCustomer(other, newEmail("someone-else"));
    const stranger = await other.newPage();
    const answer = await stranger.goto(`/account/invoices/${number}`);
    expect(answer?.status()).toBe(404);
    await expect(stranger.getByRole("alert")).toHaveText(en.notFound);
    await other.close();
  });
});
