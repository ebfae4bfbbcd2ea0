import { totpCode } from "../../server/admin/totp.ts";
import { customer, payByPost } from "../support/checkout.ts";
import { accessDetails, accessFields, consoleText, fill, newOperator, signIn } from "../support/console.ts";
import { expect, test } from "../support/fixtures.ts";
import { languages } from "../support/site.ts";
import { queryRows } from "../support/store.ts";

// The unknown page (404), the delivery sent empty (400) and the wrong password (401) answer so on purpose; the browser logs them.
test.beforeEach(({ consoleErrors }) => consoleErrors.allow(/status of (400|401|404)/));

/**
 * Every console page, in each of its states an operator meets on a working day, passes axe (WCAG 2.2 AA) in
 * every language the operator can choose on the account page, the sign-in page included.
 */
for (const language of languages) {
  test(`in ${language}, every console page passes axe`, async ({ page, request, expectAccessible }) => {
    test.slow(); // a dozen pages and states, each audited
    const text = consoleText(language);
    const stamp = Date.now();
    const email = `axe.${language}.${stamp}@example.com`;
    const reference = await payByPost(request, customer({ email }));
    await request.post("/contact", { form: { name: "Zoë", email, subject: `Axe ${stamp}`, message: "¿Dónde está mi acceso?" } });
    const messageId = queryRows<{ id: number }>("SELECT id FROM contact_messages WHERE email = ?", [email])[0]?.id;
    await request.post("/newsletter", { form: { email } });

    // The operator picks the language on the account page (the page is in English until then).
    const operator = newOperator();
    await signIn(page, operator, "/admin/account");
    await page.getByLabel(consoleText("en").common.language, { exact: true }).selectOption(language);
    await page.getByRole("button", { name: consoleText("en").common.save }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", language);

    const audit = async (path: string) => {
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      await expectAccessible();
    };
    for (const path of [
      "/admin/orders",
      `/admin/orders?q=${encodeURIComponent(email)}`,
      "/admin/orders?status=refunded&q=nothing-matches",
      "/admin/messages",
      `/admin/messages/${messageId}`,
      "/admin/subscribers",
      "/admin/audit",
      "/admin/no-such-page",
      `/admin/orders/${reference}`,
    ]) {
      await audit(path);
    }

    // The order page's forms and their answers: the delivery's errors, the delivered order, the refund's confirmation.
    const { orders } = text;
    await page.getByRole("button", { name: orders.deliver.submit }).click();
    await expect(page.getByRole("alert").filter({ hasText: orders.deliver.invalid })).toBeVisible();
    await expectAccessible();
    for (const [field, value] of accessFields(page, accessDetails("axe"), orders.deliver.fields)) await field.fill(value);
    await page.getByRole("button", { name: orders.deliver.submit }).click();
    await expect(page.getByRole("status").filter({ hasText: fill(orders.deliver.done, { email }) })).toBeVisible();
    await expectAccessible();
    await page.getByLabel(orders.refund.reason, { exact: true }).selectOption("duplicate");
    await page.getByRole("button", { name: orders.refund.review }).click();
    await expect(page.getByRole("button", { name: fill(orders.refund.confirm, { amount: "" }).trim() })).toBeVisible();
    await expectAccessible();

    // The delivered customer, and the account page as two-step sign-in is set up: the QR code, then the recovery codes.
    await audit("/admin/customers");
    await audit("/admin/account");
    await page.getByRole("button", { name: text.account.start }).click();
    const secret = (await page.locator("[data-totp-secret]").getAttribute("data-totp-secret"))!;
    await expectAccessible();
    await page.getByLabel(text.login.code, { exact: true }).fill(totpCode(secret, new Date()));
    await page.getByRole("button", { name: text.account.confirm }).click();
    await expect(page.getByText(text.account.recoveryHeading)).toBeVisible();
    await expectAccessible();

    // Signed out, the sign-in page keeps the operator's language: as it says so, after a wrong password, and
    // asking for the second step's code.
    await page.getByRole("button", { name: text.common.signOut, exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: text.login.signedOut })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    await expectAccessible();
    for (const password of ["not the password", operator.password]) {
      await page.getByLabel(text.login.email, { exact: true }).fill(operator.email);
      await page.getByLabel(text.login.password, { exact: true }).fill(password);
      await page.getByRole("button", { name: text.login.submit }).click();
      const right = password === operator.password;
      const answer = right
        ? page.getByLabel(text.login.code, { exact: true })
        : page.getByRole("alert").filter({ hasText: text.login.failed });
      await expect(answer).toBeVisible();
      await expectAccessible();
    }
  });
}
