/**
 * Automatic renewal with the test gateway: bought with the box ticked, delivered, shown in the
 * account with its next charge, stopped by the customer, and said so in the console and found by its filter.
 */

import { accountFormat } from "../../app/account/dashboard/format.ts";
import customersText from "../../content/locales/admin/en/customers.json" with { type: "json" };
import orders from "../../content/locales/admin/en/orders.json" with { type: "json" };
import { signInCustomer } from "../support/account.ts";
import { d, named, newEmail, withoutJavaScript } from "../support/account-dashboard.ts";
import { customer, fillCheckout, payButton } from "../support/checkout.ts";
import { accessDetails, accessFields, fill, signedInOperator } from "../support/console.ts";
import { expect, test } from "../support/fixtures.ts";
import { t } from "../support/site.ts";
import { openHydrated, queryRows } from "../support/store.ts";

const renewalOf = (reference: string) =>
  queryRows<{ id: number; status: string; next_charge_at: string | null; access_ends_at: string | null }>(
    `SELECT s.id, s.status, s.next_charge_at, a.ends_at AS access_ends_at
       FROM subscriptions s JOIN orders o ON o.id = s.order_id LEFT JOIN accesses a ON a.id = s.access_id WHERE o.reference = ?`,
    [reference],
  )[0];

test.describe("automatic renewal with the test gateway", () => {
  // A purchase, the account signed in to by mail, the console signed in to (a slow hash), and an audit of each
  // state: up to 53 s with one of two cores kept busy.
  test.describe.configure({ timeout: 120_000 });

  test("bought with the box ticked, shown in the account, stopped there, and said so in the console", async ({
    page,
    context,
    expectAccessible,
  }) => {
    // The checkout: the box beside Pay, with the terms in plain words, unticked by default.
    await openHydrated(page, "/checkout?plan=standard&viewers=1");
    const box = page.getByRole("checkbox", { name: t("en", "automaticRenewal.label", { count: 1 }) });
    await expect(box).not.toBeChecked();
    await expect(page.locator("[data-renewal-terms]")).toContainText("€13 every month, next charge around");
    await expect(page.locator("[data-renewal-terms]")).toContainText("Stop any time in your account");
    // The terms follow the plan chosen.
    await page.getByLabel(t("en", "checkout.changePlan")).selectOption("advanced");
    await expect(page.getByRole("checkbox", { name: t("en", "automaticRenewal.label", { count: 3 }) })).toBeVisible();
    await expect(page.locator("[data-renewal-terms]")).toContainText("€20 every 3 months");
    await page.getByLabel(t("en", "checkout.changePlan")).selectOption("standard");
    await expectAccessible();

    const email = newEmail("renews");
    await fillCheckout(page, "en", customer({ email }));
    await box.check();
    await expect(page.getByText("Paid now for 1 month, then renewed automatically until you stop it.")).toBeVisible();
    await payButton(page, "en").click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("en", "checkout.success"));
    const reference = (await page.locator("[data-order-reference]").getAttribute("data-order-reference"))!;
    await expectAccessible();
    expect(queryRows<{ renews_automatically: number }>("SELECT renews_automatically FROM orders WHERE reference = ?", [reference])).toEqual(
      [{ renews_automatically: 1 }],
    );
    expect(renewalOf(reference)).toMatchObject({ status: "active" });

    // The operator delivers it: the subscription now renews that access.
    await signedInOperator(page, "en");
    await page.goto(`/admin/orders/${reference}`);
    const panel = page.getByRole("region", { name: orders.subscription.heading });
    await expect(panel).toContainText(orders.subscription.statuses.active);
    for (const [field, value] of accessFields(page, accessDetails("renews"))) await field.fill(value);
    await page.getByRole("button", { name: orders.deliver.submit }).click();
    await expect(page.getByRole("status").filter({ hasText: fill(orders.deliver.done, { email }) })).toBeVisible();
    await expectAccessible();
    // Customers: found by "renews automatically", its row saying so.
    await page.goto("/admin/customers?state=renews");
    const row = page.getByRole("row").filter({ hasText: email });
    await expect(row).toContainText(customersText.renewal.badges.active);
    await expectAccessible();
    const renewal = renewalOf(reference)!;
    expect(renewal.access_ends_at).not.toBeNull();
    expect(renewal.next_charge_at).not.toBeNull();

    // The customer's account says when it renews, for how much, with which card.
    await signInCustomer(context, email);
    await openHydrated(page, "/account");
    const format = accountFormat("en");
    const subscriptions = page.getByRole("region", { name: d("en", "subscriptions.heading") });
    await expect(
      subscriptions.getByText(d("en", "automaticRenewal.active", { date: format.date(renewal.next_charge_at!), amount: "€13" })),
    ).toBeVisible();
    await expect(subscriptions.getByText(d("en", "automaticRenewal.card", { brand: "Visa", last4: "4242" }))).toBeVisible();
    await expectAccessible();

    // Stop renewing: a confirmation page, then the access runs to its end.
    await subscriptions.getByRole("link", { name: named("en", "automaticRenewal.stop", { reference }) }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(d("en", "automaticRenewal.stopPage.title"));
    await expectAccessible();
    await page.getByRole("button", { name: d("en", "automaticRenewal.stopPage.confirm") }).click();
    const endsOn = format.date(renewal.access_ends_at!);
    await expect(page.getByRole("main").getByRole("status")).toHaveText(d("en", "automaticRenewal.stopPage.done", { date: endsOn }));
    await expectAccessible();
    expect(renewalOf(reference)).toMatchObject({ status: "stopping", next_charge_at: null });
    await page.getByRole("link", { name: d("en", "automaticRenewal.back") }).click();
    await expect(page.getByText(d("en", "automaticRenewal.stopping", { date: endsOn }))).toBeVisible();
    await expectAccessible();

    // The console's order page says it renews no more, and the timeline who stopped it.
    await page.goto(`/admin/orders/${reference}`);
    await expect(panel).toContainText(orders.subscription.statuses.stopping);
    await expect(panel).toContainText(orders.subscription.no);
    await expect(panel.getByRole("button", { name: orders.subscription.stop.button })).toHaveCount(0);
    await expect(page.getByText(orders.subscription.events.stopped)).toBeVisible();
    await expectAccessible();

    // Customers: it now ends without renewal.
    await page.goto("/admin/customers?state=no-renewal");
    await expect(page.getByRole("table")).toContainText(email);
    await expectAccessible();
  });

  test("the box posts without JavaScript, and ?automatic=off starts it unticked", async ({ browser }) => {
    const { context, page } = await withoutJavaScript(browser);
    await page.goto("/checkout?plan=standard&viewers=1&automatic=off");
    const box = page.getByRole("checkbox", { name: t("en", "automaticRenewal.label", { count: 1 }) });
    await expect(box).not.toBeChecked();
    const email = newEmail("nojs-renews");
    await fillCheckout(page, "en", customer({ email }));
    await box.check();
    await payButton(page, "en").click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("en", "checkout.success"));
    const reference = (await page.locator("[data-order-reference]").getAttribute("data-order-reference"))!;
    expect(queryRows<{ renews_automatically: number }>("SELECT renews_automatically FROM orders WHERE reference = ?", [reference])).toEqual(
      [{ renews_automatically: 1 }],
    );
    await context.close();
  });
});
