import type { APIRequestContext, Page } from "@playwright/test";
import { totpCode } from "../../server/admin/totp.ts";
import { customer, payByPost } from "../support/checkout.ts";
import { accessDetails, accessFields, consoleText, enableSecondFactor, fill, newOperator, signedInOperator } from "../support/console.ts";
import { expect, test } from "../support/fixtures.ts";
import { e2eServers } from "../support/servers.ts";
import { type Language, languages } from "../support/site.ts";
import { queryRows } from "../support/store.ts";

// The unknown page (404), the delivery sent empty (400) and the wrong password (401) answer so on purpose; the browser logs them.
test.beforeEach(({ consoleErrors }) => consoleErrors.allow(/status of (400|401|404)/));

/** A customer's paid order, and the address it was paid from. */
async function anOrder(request: APIRequestContext, language: Language) {
  const email = `axe.${language}.${Date.now()}${Math.round(Math.random() * 1e6)}@example.com`;
  return { email, reference: await payByPost(request, customer({ email })) };
}

/** A customer's contact message: its id in the inbox. */
async function aMessage(request: APIRequestContext, language: Language) {
  const email = `axe.${language}.${Date.now()}${Math.round(Math.random() * 1e6)}@example.com`;
  await request.post("/contact", { form: { name: "Zoë", email, subject: `Axe ${email}`, message: "¿Dónde está mi acceso?" } });
  return queryRows<{ id: number }>("SELECT id FROM contact_messages WHERE email = ?", [email])[0]?.id;
}

/** The number of an order's invoice. */
const invoiceOf = (reference: string) =>
  queryRows<{ number: string }>("SELECT invoices.number FROM invoices JOIN orders ON orders.id = invoices.order_id WHERE reference = ?", [
    reference,
  ])[0]?.number ?? "";

/** The page is in the operator's language and axe (WCAG 2.2 AA) finds nothing on it. */
async function expectInLanguage(page: Page, language: Language, expectAccessible: () => Promise<void>) {
  await expect(page.locator("html")).toHaveAttribute("lang", language);
  await expectAccessible();
}

/**
 * Every console page, in each of its states an operator meets on a working day, passes axe in every language
 * the operator can choose on the account page, the sign-in page included: one test per page or state, so
 * each stays small on a busy machine.
 */
for (const language of languages) {
  const text = consoleText(language);

  test.describe(`the console in ${language} passes axe`, () => {
    const pages: [string, (request: APIRequestContext) => string | Promise<string>][] = [
      ["the orders", () => "/admin/orders"],
      ["the orders found by e-mail", async (request) => `/admin/orders?q=${encodeURIComponent((await anOrder(request, language)).email)}`],
      ["a search that finds nothing", () => "/admin/orders?status=refunded&q=nothing-matches"],
      ["the messages", () => "/admin/messages"],
      ["a message", async (request) => `/admin/messages/${await aMessage(request, language)}`],
      ["the subscribers", () => "/admin/subscribers"],
      ["the audit log", () => "/admin/audit"],
      ["an unknown page", () => "/admin/no-such-page"],
      ["an order", async (request) => `/admin/orders/${(await anOrder(request, language)).reference}`],
      ["the customers", () => "/admin/customers"],
      ["the account", () => "/admin/account"],
      ["the invoices of the month", () => "/admin/invoices"],
      ["an invoice", async (request) => `/admin/invoices/${invoiceOf((await anOrder(request, language)).reference)}`],
      ["a range the export refuses", () => "/admin/invoices?from=2026-12-01&to=2026-11-01"],
    ];
    for (const [name, pathFor] of pages) {
      test(name, async ({ page, request, expectAccessible }) => {
        const path = await pathFor(request);
        await signedInOperator(page, language);
        await page.goto(path);
        await expectInLanguage(page, language, expectAccessible);
      });
    }

    test("an order's delivery, sent empty", async ({ page, request, expectAccessible }) => {
      const { reference } = await anOrder(request, language);
      await signedInOperator(page, language);
      await page.goto(`/admin/orders/${reference}`);
      await page.getByRole("button", { name: text.orders.deliver.submit }).click();
      await expect(page.getByRole("alert").filter({ hasText: text.orders.deliver.invalid })).toBeVisible();
      await expectInLanguage(page, language, expectAccessible);
    });

    test("an order, delivered", async ({ page, request, expectAccessible }) => {
      const { reference, email } = await anOrder(request, language);
      await signedInOperator(page, language);
      await page.goto(`/admin/orders/${reference}`);
      const { orders } = text;
      for (const [field, value] of accessFields(page, accessDetails("axe"), orders.deliver.fields)) await field.fill(value);
      await page.getByRole("button", { name: orders.deliver.submit }).click();
      await expect(page.getByRole("status").filter({ hasText: fill(orders.deliver.done, { email }) })).toBeVisible();
      await expectInLanguage(page, language, expectAccessible);
    });

    test("an order's refund, at its confirmation", async ({ page, request, expectAccessible }) => {
      const { reference } = await anOrder(request, language);
      await signedInOperator(page, language);
      await page.goto(`/admin/orders/${reference}`);
      const { orders } = text;
      await page.getByLabel(orders.refund.reason, { exact: true }).selectOption("duplicate");
      await page.getByRole("button", { name: orders.refund.review }).click();
      await expect(page.getByRole("button", { name: fill(orders.refund.confirm, { amount: "" }).trim() })).toBeVisible();
      await expectInLanguage(page, language, expectAccessible);
    });

    test("the account page setting up two-step sign-in: the QR code, then the recovery codes", async ({ page, expectAccessible }) => {
      await signedInOperator(page, language);
      await page.goto("/admin/account");
      await page.getByRole("button", { name: text.account.start }).click();
      const secret = (await page.locator("[data-totp-secret]").getAttribute("data-totp-secret"))!;
      await expectInLanguage(page, language, expectAccessible);
      await page.getByLabel(text.login.code, { exact: true }).fill(totpCode(secret, new Date()));
      await page.getByRole("button", { name: text.account.confirm }).click();
      await expect(page.getByText(text.account.recoveryHeading)).toBeVisible();
      await expectAccessible();
    });

    test("the sign-in page, as it says the operator signed out", async ({ page, expectAccessible }) => {
      await signedInOperator(page, language);
      await page.goto("/admin/account");
      await page.getByRole("button", { name: text.common.signOut, exact: true }).click();
      await expect(page.getByRole("status").filter({ hasText: text.login.signedOut })).toBeVisible();
      await expectInLanguage(page, language, expectAccessible);
    });

    // Signed out, the sign-in page keeps the operator's language (its cookie), after a wrong password and at
    // the second step's code.
    for (const step of ["after a wrong password", "asking for the second step's code"] as const) {
      test(`the sign-in page, ${step}`, async ({ page, expectAccessible }) => {
        const operator = newOperator();
        if (step !== "after a wrong password") enableSecondFactor(operator.email);
        await page.context().addCookies([{ name: "admin_language", value: language, url: `${e2eServers.main.url}/admin` }]);
        await page.goto("/admin/login");
        await page.getByLabel(text.login.email, { exact: true }).fill(operator.email);
        const right = step !== "after a wrong password";
        await page.getByLabel(text.login.password, { exact: true }).fill(right ? operator.password : "not the password");
        await page.getByRole("button", { name: text.login.submit }).click();
        const answer = right
          ? page.getByLabel(text.login.code, { exact: true })
          : page.getByRole("alert").filter({ hasText: text.login.failed });
        await expect(answer).toBeVisible();
        await expectInLanguage(page, language, expectAccessible);
      });
    }
  });
}
