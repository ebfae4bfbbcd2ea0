import { randomUUID } from "node:crypto";
import { pagePaths as benchPages } from "../../scripts/bench/pages.ts";
import { type DeliveredAccess, deliveredAccess, renewLink } from "../support/access-e2e.ts";
import { signInCustomer } from "../support/account.ts";
import { renewingSubscription } from "../support/account-pages.ts";
import { expectKeptThroughWaking } from "../support/before-wake.ts";
import { customer } from "../support/checkout.ts";
import { expect, test } from "../support/fixtures.ts";
import { languages, localized, t } from "../support/site.ts";

/**
 * Every control of every page type, in every language, keeps what the visitor did before the page's app
 * woke: the page is held before its module, each control changed, then the app let go (tests/support/before-wake.ts).
 * The account's pages and a renewal's checkout are visited signed in, with an access that renews.
 */

// Every page type the bench measures, the trial's form, the account's sign-in and its code page opened alone.
const publicPages = [...benchPages, "/trial", "/account", "/account/code"];

// The unknown page answers 404, which the browser logs.
test.beforeEach(({ consoleErrors }) => consoleErrors.allow(/status of 404\b/));

// Each test changes every control of a page one at a time, as a visitor would: a checkout has twenty.
test.slow();

for (const language of languages) {
  test.describe(`before the app wakes, in ${language}`, () => {
    for (const path of publicPages) {
      test(`${localized(language, path)} keeps every control as the visitor left it`, async ({ page, expectAccessible }) => {
        await expectKeptThroughWaking(page, localized(language, path));
        await expectAccessible();
      });
    }

    test("a phone's menu and disclosures stay open", async ({ page, expectAccessible }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await expectKeptThroughWaking(page, localized(language, "/"));
      await expectAccessible();
    });

    test("the checkout's total follows the plan, viewers and renewal chosen before", async ({ page, expectAccessible }) => {
      await expectKeptThroughWaking(page, localized(language, "/checkout?plan=standard&viewers=1&automatic=off"));
      // The box ticked, the last plan and the last viewer count chosen: the summary says so once awake.
      const period = t(language, "plans.period", { count: 12 });
      await expect(page.getByText(t(language, "automaticRenewal.total", { period }))).toBeVisible();
      await expectAccessible();
    });

    test("the trial's code step, the answer to its first form, keeps every control", async ({ page, expectAccessible }) => {
      // An address of its own: the trial allows one request per connection.
      await page.setExtraHTTPHeaders({ "X-Forwarded-For": `203.0.113.${150 + languages.indexOf(language)}` });
      const email = `before-wake.trial.${language}.${randomUUID()}@example.com`;
      const request = { intent: "request", name: "Ana Ruiz", email, country: "ES" };
      await expectKeptThroughWaking(page, localized(language, "/trial"), request);
      await expect(page.getByRole("textbox", { name: t(language, "trial.code.label") })).toBeVisible();
      await expectAccessible();
    });

    test("the account's code form, once a sign-in mail is asked for, keeps every control", async ({ page, expectAccessible }) => {
      await page.setExtraHTTPHeaders({ "X-Forwarded-For": `203.0.113.${160 + languages.indexOf(language)}` });
      const email = `before-wake.sign-in.${language}.${randomUUID()}@example.com`;
      await expectKeptThroughWaking(page, localized(language, "/account"), { intent: "sign-in", email });
      await expect(page.getByRole("status").filter({ hasText: email })).toBeVisible();
      await expectAccessible();
    });

    const accountPages: [string, (access: DeliveredAccess, subscription: number) => string][] = [
      ["the dashboard", () => localized(language, "/account")],
      ["an access's page", (access) => localized(language, `/account/access/${access.reference}`)],
      ["the deletion page", () => localized(language, "/account/delete")],
      ["the card's page", (_, subscription) => localized(language, `/account/card/${subscription}`)],
      ["a renewal's checkout", (access) => renewLink(access, language).replace(/^https?:\/\/[^/]+/, "")],
    ];
    for (const [name, pathOf] of accountPages) {
      test(`signed in, ${name} keeps every control`, async ({ page, request, expectAccessible }) => {
        const details = customer({ email: `before-wake.${language}.${randomUUID()}@example.com` });
        const access = await deliveredAccess(request, details, 10);
        const subscription = renewingSubscription(access.orderId, details.email);
        await signInCustomer(page.context(), details.email);
        await expectKeptThroughWaking(page, pathOf(access, subscription));
        await expectAccessible();
      });
    }
  });
}
