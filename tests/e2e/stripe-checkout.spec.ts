import type { Page } from "@playwright/test";
import Stripe from "stripe";
import orders from "../../content/locales/admin/es/orders.json" with { type: "json" };
import { deliveredAccess } from "../support/access-e2e.ts";
import { customer, field, fillHostedCheckout, payButton } from "../support/checkout.ts";
import { signedInOperator } from "../support/console.ts";
import { expect, test } from "../support/fixtures.ts";
import { e2eServers, fakeStripe } from "../support/servers.ts";
import { type Language, localized, t } from "../support/site.ts";
import { mails, openHydrated, queryRows } from "../support/store.ts";

/** These tests run against the server that takes payments through Stripe Checkout (the local Stripe). */
test.use({ baseURL: e2eServers.stripe.url });
// Refusals (402, 404, 405) are part of these flows; the browser logs each one.
test.beforeEach(({ consoleErrors }) => consoleErrors.allow(/status of 4\d\d/));

const rows = <T>(sql: string, parameters: (string | number)[]) => queryRows<T>(sql, parameters, e2eServers.stripe);
const orderOf = (email: string) =>
  rows<{ reference: string; status: string; failure_reason: string | null; card_last4: string | null; payment_session_id: string }>(
    "SELECT * FROM orders WHERE email = ?",
    [email],
  )[0];

/** The local Stripe's test controls, as a test in another process reaches them. */
async function control(path: string, body: unknown = {}) {
  const response = await fetch(`${fakeStripe.url}/_control${path}`, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "Content-Type": "application/json" },
  });
  expect(response.ok, `${path}: ${response.status}`).toBe(true);
}

/** Fills the checkout and presses Pay: the visitor lands on Stripe's page. */
async function toStripe(page: Page, language: Language, email: string) {
  await openHydrated(page, localized(language, "/checkout?plan=premium&viewers=2"));
  await fillHostedCheckout(page, language, customer({ email }));
  await payButton(page, language).click();
  await page.waitForURL(`${fakeStripe.url}/pay/**`);
}

test.describe("paying on Stripe's page", () => {
  test("the checkout has no card field; paying on Stripe brings the visitor back to the success message", async ({
    page,
    expectAccessible,
  }) => {
    // The checkout, Stripe's page and the return, each audited, and a payment through the local Stripe: about
    // 17 s with one core kept busy.
    test.slow();
    await openHydrated(page, "/checkout?plan=premium&viewers=2");
    await expect(page.locator("[data-hosted-payment]")).toHaveText(t("en", "checkout.hostedPayment", { processor: "Stripe" }));
    await expect(field(page, "en", "cardNumber")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: t("en", "checkout.testModeTitle") })).toHaveCount(0);
    await expectAccessible();

    const email = `stripe.paid.${Date.now()}@example.com`;
    await toStripe(page, "en", email);
    await expectAccessible();
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await page.waitForURL(/\/checkout\/return\?session_id=cs_test_/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("en", "checkout.success"));
    const order = orderOf(email)!;
    await expect(page.locator("[data-order-reference]")).toHaveAttribute("data-order-reference", order.reference);
    await expectAccessible();
    expect(order).toMatchObject({ status: "paid", card_last4: "4242" });
    await expect.poll(() => mails(e2eServers.stripe).filter((mail) => mail.source.includes(order.reference)).length).toBe(1);
  });

  test("a bank debit: the return page shows the processing message until it is settled, in Spanish", async ({ page, expectAccessible }) => {
    const email = `stripe.debit.${Date.now()}@example.com`;
    await toStripe(page, "es", email);
    await page.getByRole("button", { name: /bank debit/ }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("es", "checkout.processing"));
    await expect(page.getByRole("status").filter({ hasText: orderOf(email)!.reference })).toBeVisible();
    await expectAccessible();
    await control(`/sessions/${orderOf(email)!.payment_session_id}/settle`, { outcome: "succeeded" });
    // The page looks again by itself.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("es", "checkout.success"), { timeout: 10_000 });
    expect(orderOf(email)?.status).toBe("paid");
  });

  test("a bank debit that fails shows the failure and why, in French", async ({ page, expectAccessible }) => {
    // A checkout filled and sent to Stripe's page, then the failed debit's webhook awaited: up to 19 s with one of two
    // cores kept busy.
    test.slow();
    const email = `stripe.debit.fail.${Date.now()}@example.com`;
    await toStripe(page, "fr", email);
    await page.getByRole("button", { name: /bank debit/ }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("fr", "checkout.processing"));
    await control(`/sessions/${orderOf(email)!.payment_session_id}/settle`, { outcome: "failed" });
    await expect(page.getByRole("alert")).toContainText(t("fr", "checkout.declined.insufficientFunds"), { timeout: 10_000 });
    await expectAccessible();
    expect(orderOf(email)).toMatchObject({ status: "failed", failure_reason: "insufficientFunds" });
  });

  test("going back from Stripe's page keeps everything typed and ends that payment page", async ({ page, expectAccessible }) => {
    const email = `stripe.back.${Date.now()}@example.com`;
    await toStripe(page, "en", email);
    const sessionPage = page.url();
    await page.getByRole("link", { name: "Back" }).click();
    await expect(page.getByRole("status").filter({ hasText: t("en", "checkout.resumed") })).toBeVisible();
    await expect(field(page, "en", "email")).toHaveValue(email);
    await expect(field(page, "en", "city")).toHaveValue("Valencia");
    await expect(page.getByLabel(t("en", "checkout.changePlan"))).toHaveValue("premium");
    await expectAccessible();
    expect(orderOf(email)).toMatchObject({ status: "failed", failure_reason: "abandoned" });
    // The old payment page can no longer be paid.
    await page.goto(sessionPage);
    await expect(page.getByRole("button", { name: "Pay", exact: true })).toHaveCount(0);
  });

  test("works without JavaScript: a plain form post to Stripe's page and back", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: e2eServers.stripe.url });
    const page = await context.newPage();
    const email = `stripe.nojs.${Date.now()}@example.com`;
    await page.goto("/fr/checkout?plan=vip");
    await fillHostedCheckout(page, "fr", customer({ email, country: "FR", phone: "06 12 34 56 78", postalCode: "75011" }));
    await payButton(page, "fr").click();
    await page.waitForURL(`${fakeStripe.url}/pay/**`);
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("fr", "checkout.success"));
    expect(orderOf(email)?.status).toBe("paid");
    await context.close();
  });

  test("a webhook that never comes: reconciliation asks Stripe and settles the order, with its mail", async ({ page }) => {
    const email = `stripe.lost.${Date.now()}@example.com`;
    await toStripe(page, "en", email);
    const sessionId = orderOf(email)!.payment_session_id;
    await control("/webhooks", { held: true });
    try {
      // Paid on Stripe while our server hears nothing, and the visitor never comes back.
      await control(`/sessions/${sessionId}/complete`, { how: "card" });
      await expect.poll(() => orderOf(email)?.status, { timeout: 15_000 }).toBe("paid");
    } finally {
      await control("/webhooks", { held: false });
    }
    const reference = orderOf(email)!.reference;
    await expect.poll(() => mails(e2eServers.stripe).filter((mail) => mail.source.includes(reference)).length).toBe(1);
  });
});

test.describe("the webhook endpoint", () => {
  test("refuses a missing or wrong signature and answers a GET with 405", async ({ request }) => {
    const body = JSON.stringify({ id: "evt_forged", type: "checkout.session.completed", data: { object: {} } });
    expect((await request.post("/webhooks/stripe", { data: body, headers: { "Content-Type": "application/json" } })).status()).toBe(400);
    const forged = { "Content-Type": "application/json", "Stripe-Signature": `t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}` };
    expect((await request.post("/webhooks/stripe", { data: body, headers: forged })).status()).toBe(400);
    expect((await request.get("/webhooks/stripe")).status()).toBe(405);
    expect(rows("SELECT * FROM payment_events WHERE event_id = 'evt_forged'", [])).toEqual([]);
  });

  test("refuses a signed event from a subscription the shop never recorded that names its order, and the console says so", async ({
    page,
    request,
    expectAccessible,
  }) => {
    // Two console pages, each read whole by axe: 5 to 7 s apiece with both cores busy (measured), so 30 s kept no half free.
    test.setTimeout(60_000);
    // A customer's delivered order, written as delivery writes it: the event names it.
    const { reference } = await deliveredAccess(request, customer({ email: `stripe.forged.${Date.now()}@example.com` }), 30, {
      server: e2eServers.stripe,
    });
    // Signed with the endpoint's secret, as another integration on the account (or a leaked secret) could.
    const payload = JSON.stringify({
      id: `evt_forged_${Date.now()}`,
      object: "event",
      type: "customer.subscription.updated",
      data: {
        object: {
          id: "sub_never_recorded",
          object: "subscription",
          status: "active",
          cancel_at_period_end: false,
          cancel_at: null,
          customer: "cus_someone_else",
          items: { object: "list", data: [] },
          metadata: { order_reference: reference, access_reference: reference },
        },
      },
    });
    const signature = new Stripe("sk_test_signer").webhooks.generateTestHeaderString({ payload, secret: fakeStripe.webhookSecret });
    const answer = await request.post("/webhooks/stripe", {
      data: payload,
      headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
    });
    expect(await answer.json()).toEqual({ received: true, result: "refused" });

    await signedInOperator(page, "es", e2eServers.stripe);
    await page.goto("/admin/orders");
    await expect(page.getByRole("alert").getByRole("link", { name: orders.list.showRefused })).toBeVisible();
    await expectAccessible();
    await page.goto(`/admin/orders/${reference}`);
    await expect(page.getByRole("alert").filter({ hasText: orders.refused.reasons["not-ours"] })).toBeVisible();
    await expectAccessible();
    // The audit log lists it (its page is checked in tests/e2e/admin-console.spec.ts).
    await expect(page.getByRole("link", { name: orders.refused.auditLink })).toHaveAttribute(
      "href",
      "/admin/audit?action=processor-event-refused",
    );
    expect(rows("SELECT subject FROM audit_log WHERE action = 'processor-event-refused' AND subject = ?", [reference])).toHaveLength(1);
  });

  test("does not exist on a shop that does not take payments through Stripe", async ({ request }) => {
    const answer = await request.post(`${e2eServers.main.url}/webhooks/stripe`, {
      data: "{}",
      headers: { "Content-Type": "application/json" },
    });
    expect(answer.status()).toBe(404);
  });

  test("the checkout's form may only be sent here and on to Stripe's page", async ({ request }) => {
    const policy = (await request.get("/checkout")).headers()["content-security-policy"] ?? "";
    expect(policy).toContain(`form-action 'self' ${fakeStripe.url};`);
  });
});
