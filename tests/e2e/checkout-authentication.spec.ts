import type { Page } from "@playwright/test";
import { customer, field, fillCheckout, payButton } from "../support/checkout.ts";
import { expect, test } from "../support/fixtures.ts";
import { e2eServers } from "../support/servers.ts";
import { type Language, localized, t } from "../support/site.ts";
import { mails, openHydrated, queryRows } from "../support/store.ts";

/** The test card that asks for the cardholder's confirmation, like 3-D Secure. */
const authenticationCard = "4000 0027 6000 3184";

// Declined payments answer 402 and refusals 429 on purpose; the browser logs each one.
test.beforeEach(({ consoleErrors }) => consoleErrors.allow(/status of 4\d\d/));

async function payWithAuthentication(page: Page, language: Language, email: string) {
  await openHydrated(page, localized(language, "/checkout?plan=advanced&viewers=3"));
  await fillCheckout(page, language, customer({ email, cardNumber: authenticationCard }));
  // The woken app posts the form; the step it leads to is isolated, which only a document load applies (decision 0038).
  const step = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === localized(language, "/checkout/authenticate") &&
      response.request().resourceType() === "document",
  );
  await payButton(page, language).click();
  expect((await step).headers()["cross-origin-opener-policy"]).toBe("same-origin");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t(language, "checkout.authenticate.heading"));
}

const answerButton = (page: Page, language: Language, answer: "approve" | "fail") =>
  page.getByRole("button", { name: t(language, `checkout.authenticate.${answer}`) });

test.describe("a payment the bank asks to confirm (test gateway)", () => {
  test("confirmed: pending until the cardholder approves, then paid, once, with one mail", async ({ page, expectAccessible }) => {
    // A checkout, its confirmation step and the success page, each audited, then the way back: past 15 s when busy.
    test.slow();
    const email = `auth.${Date.now()}@example.com`;
    await payWithAuthentication(page, "en", email);
    await expectAccessible();
    const [waiting] = queryRows<{ status: string; reference: string }>("SELECT status, reference FROM orders WHERE email = ?", [email]);
    expect(waiting?.status).toBe("pending");

    await answerButton(page, "en", "approve").click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("en", "checkout.success"));
    await expect(page.locator("[data-order-reference]")).toHaveAttribute("data-order-reference", waiting!.reference);
    await expectAccessible();
    expect(queryRows("SELECT status FROM orders WHERE email = ?", [email])).toEqual([{ status: "paid" }]);

    // Back to the confirmation step: it is no longer waiting, and the outcome stays the same.
    await page.goBack();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("en", "checkout.success"));
    await expect.poll(() => mails().filter((mail) => mail.source.includes(waiting!.reference)).length).toBe(1);
  });

  test("refused by the bank: the failure says why, and trying again keeps what was typed, in French", async ({
    page,
    expectAccessible,
  }) => {
    // A checkout filled and paid, the bank's page answered, then the checkout loaded again: up to 20 s with one of two
    // cores kept busy.
    test.slow();
    const email = `auth.fail.${Date.now()}@example.com`;
    await payWithAuthentication(page, "fr", email);
    await answerButton(page, "fr", "fail").click();
    const alert = page.getByRole("alert");
    await expect(alert).toContainText(t("fr", "checkout.failure"));
    await expect(alert).toContainText(t("fr", "checkout.declined.authenticationFailed"));
    await expectAccessible();
    expect(queryRows("SELECT status, failure_reason FROM orders WHERE email = ?", [email])).toEqual([
      { status: "failed", failure_reason: "authenticationFailed" },
    ]);

    // Filled in again, the checkout is a personal page: the link loads it as a document, isolated (decision 0038).
    const [checkout] = await Promise.all([
      page.waitForResponse(
        (response) => new URL(response.url()).pathname === "/fr/checkout" && response.request().resourceType() === "document",
      ),
      page.getByRole("link", { name: t("fr", "checkout.tryAgain") }).click(),
    ]);
    expect(checkout.headers()["cross-origin-opener-policy"]).toBe("same-origin");
    await expect(field(page, "fr", "email")).toHaveValue(email);
    await expect(page.getByLabel(t("fr", "checkout.changePlan"))).toHaveValue("advanced");
    await expect(field(page, "fr", "cardNumber")).toHaveValue("");
  });

  test("works without JavaScript, in Spanish", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const email = `auth.nojs.${Date.now()}@example.com`;
    await page.goto("/es/checkout");
    await fillCheckout(page, "es", customer({ email, cardNumber: authenticationCard }));
    await payButton(page, "es").click();
    await answerButton(page, "es", "approve").click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("es", "checkout.success"));
    await context.close();
  });
});

test.describe("card-testing defence", () => {
  // An address of its own: the block it earns lasts the hour, and other suites check out on this server too.
  test.use({ baseURL: e2eServers.limited.url, extraHTTPHeaders: { "X-Forwarded-For": "203.0.113.66" } });

  test("past the decline limit the checkout refuses before the processor is asked", async ({ page, expectAccessible }) => {
    // Three checkouts filled and paid in the browser, as a card tester does: about 20 s with one core kept busy.
    test.slow();
    const email = `card.tester.${Date.now()}@example.com`;
    for (let attempt = 0; attempt < 2; attempt++) {
      await openHydrated(page, "/checkout");
      await fillCheckout(page, "en", customer({ email, cardNumber: "4000 0000 0000 0002" }));
      await payButton(page, "en").click();
      await expect(page.getByRole("alert")).toContainText(t("en", "checkout.declined.declined"));
    }
    await openHydrated(page, "/checkout");
    await fillCheckout(page, "en", customer({ email, cardNumber: "4242 4242 4242 4242" }));
    await payButton(page, "en").click();
    await expect(page.getByRole("alert")).toContainText(t("en", "checkout.blocked"));
    await expect(field(page, "en", "email")).toHaveValue(email);
    await expectAccessible();
    const orders = queryRows<{ status: string }>("SELECT status FROM orders WHERE email = ?", [email], e2eServers.limited);
    expect(orders.map((order) => order.status)).toEqual(["failed", "failed"]);
  });
});
