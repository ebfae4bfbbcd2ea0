import { deriveLinkKey, optOutToken, renewalToken } from "../../app/renewals/links.server.ts";
import customers from "../../content/locales/admin/en/customers.json" with { type: "json" };
import { parseEncryptionKey } from "../../server/admin/secret-box.ts";
import { field } from "../support/checkout.ts";
import { newOperator, runSql, signIn } from "../support/console.ts";
import { expect, test } from "../support/fixtures.ts";
import { e2eServers } from "../support/servers.ts";
import { t } from "../support/site.ts";
import { openHydrated, queryRows } from "../support/store.ts";

/** The links the reminder mails carry, signed as the server signs them (with the test server's key). */
const key = deriveLinkKey(parseEncryptionKey(e2eServers.main.env.ACCESS_ENCRYPTION_KEY));

/** A customer whose access ends in `days` days: an order placed through the checkout, then delivered. */
async function deliveredOrder(request: import("@playwright/test").APIRequestContext, email: string, days: number) {
  const form = {
    plan: "premium",
    viewers: "3",
    idempotencyKey: `renew-${Date.now()}-${Math.random().toString(36).slice(2)}`,
    firstName: "Claire",
    lastName: "Dubois",
    email,
    phone: "06 12 34 56 78",
    cardNumber: "4242 4242 4242 4242",
    expiryDate: "12/30",
    cvv: "123",
    country: "FR",
    city: "Lyon",
    postalCode: "69001",
    address: "1 rue de la République",
  };
  await request.post("/fr/checkout", { form, headers: { Origin: e2eServers.main.url } });
  const ends = new Date(Date.now() + days * 24 * 3600_000).toISOString();
  const now = new Date().toISOString();
  runSql("UPDATE orders SET status = 'fulfilled', access_starts_at = ?, access_ends_at = ? WHERE email = ?", [now, ends, email]);
  // Its access, as delivery creates it (the details are never read here).
  runSql(
    `INSERT INTO accesses (reference, email, plan_key, viewers, status, details, starts_at, ends_at, created_at, updated_at)
     SELECT reference, lower(email), plan_key, viewers, ?, 'v1.not-read', ?, ?, ?, ? FROM orders WHERE email = ?`,
    [days > 0 ? "active" : "expired", now, ends, now, now, email],
  );
  runSql("UPDATE orders SET access_id = (SELECT id FROM accesses WHERE accesses.reference = orders.reference) WHERE email = ?", [email]);
  return queryRows<{ id: number; reference: string }>("SELECT id, reference FROM orders WHERE email = ?", [email])[0]!;
}

test.describe("renewals", () => {
  test("the renewal link of a reminder opens the checkout with the plan, viewers and details filled in, in French", async ({
    page,
    request,
    expectAccessible,
  }) => {
    // An order paid and delivered, then two hydrated checkouts: up to 19 s with one of two cores kept busy.
    test.slow();
    const email = `claire.${Date.now()}@example.com`;
    const order = await deliveredOrder(request, email, 6);
    await openHydrated(page, `/fr/checkout?renew=${renewalToken(order.id, new Date(), key)}`);
    await expect(page.getByRole("status").filter({ hasText: t("fr", "checkout.renewWelcome") })).toBeVisible();
    await expect(page.getByLabel(t("fr", "checkout.changePlan"))).toHaveValue("premium");
    await expect(page.getByRole("radio", { name: t("fr", "plans.viewers", { count: 3 }) })).toBeChecked();
    await expect(field(page, "fr", "email")).toHaveValue(email);
    await expect(field(page, "fr", "city")).toHaveValue("Lyon");
    await expect(field(page, "fr", "cardNumber")).toHaveValue("");
    await expectAccessible();

    // A link that was tampered with (or has expired) still opens the checkout, empty, and says so.
    await openHydrated(page, `/fr/checkout?renew=${renewalToken(order.id, new Date(), key)}x`);
    await expect(page.getByText(t("fr", "checkout.renewExpired"))).toBeVisible();
    await expect(field(page, "fr", "email")).toHaveValue("");
  });

  test("the reminders' unsubscribe link asks for a click, then stops them, in Spanish and without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: e2eServers.main.url });
    const page = await context.newPage();
    const email = `luis.${Date.now()}@example.com`;
    await page.goto(`/es/reminders/unsubscribe?token=${optOutToken(email, key)}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("es", "reminders.askHeading"));
    expect(queryRows("SELECT email FROM reminder_opt_outs WHERE email = ?", [email])).toEqual([]);
    await page.getByRole("button", { name: t("es", "reminders.button") }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("es", "reminders.doneHeading"));
    expect(queryRows("SELECT email FROM reminder_opt_outs WHERE email = ?", [email])).toEqual([{ email }]);
    await page.goto("/es/reminders/unsubscribe?token=not-a-token");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("es", "reminders.unknownHeading"));
    await context.close();
  });

  test("the console shows which customers are active, ending soon or expired", async ({ page, request, expectAccessible }) => {
    // Three orders paid and delivered, an operator's sign-in (a slow hash) and the console's largest list: about
    // 20 s with one core kept busy.
    test.slow();
    const stamp = Date.now();
    await deliveredOrder(request, `active.${stamp}@example.com`, 40);
    await deliveredOrder(request, `ending.${stamp}@example.com`, 3);
    await deliveredOrder(request, `gone.${stamp}@example.com`, -2);
    await signIn(page, newOperator(), "/admin/customers");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(customers.heading);
    const row = (who: string) => page.getByRole("row").filter({ hasText: `${who}.${stamp}@example.com` });
    await expect(row("active")).toContainText(customers.states.active);
    await expect(row("ending")).toContainText(customers.states.ending);
    await expect(row("gone")).toContainText(customers.states.expired);
    await expectAccessible();
  });
});
