import type { Page } from "@playwright/test";
import account from "../../content/locales/admin/en/account.json" with { type: "json" };
import common from "../../content/locales/admin/en/common.json" with { type: "json" };
import login from "../../content/locales/admin/en/login.json" with { type: "json" };
import commonEs from "../../content/locales/admin/es/common.json" with { type: "json" };
import { totpCode } from "../../server/admin/totp.ts";
import { newOperator, signIn } from "../support/console.ts";
import { expect, test } from "../support/fixtures.ts";
import { e2eServers } from "../support/servers.ts";
import { queryRows } from "../support/store.ts";

// Wrong passwords and codes answer 401 or 429 on purpose; the browser logs each one.
test.beforeEach(({ consoleErrors }) => consoleErrors.allow(/status of 4\d\d/));

const codeField = (page: Page) => page.getByLabel(login.code, { exact: true });

async function signOut(page: Page) {
  await page.getByRole("button", { name: common.signOut, exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: login.signedOut })).toBeVisible();
}

test.describe("signing in to the console", () => {
  test("with the password made on the command line, and out again", async ({ page, expectAccessible }) => {
    // Three sign-ins, each a password hash made slow on purpose: up to 17 s with one of two cores kept busy.
    test.slow();
    const operator = newOperator();
    await page.goto("/admin/orders");
    await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Forders/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(login.heading);
    await expectAccessible();
    await signIn(page, { ...operator, password: "not the password" });
    await expect(page.getByRole("alert")).toHaveText(login.failed);
    await expect(page.getByLabel(login.email, { exact: true })).toHaveValue(operator.email);
    await expectAccessible();
    await signIn(page, operator);
    await expect(page).toHaveURL(/\/admin\/orders$/);
    await expect(page.getByText(common.signedInAs.replace("{{email}}", operator.email))).toBeVisible();
    await page.getByRole("button", { name: common.signOut, exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: login.signedOut })).toBeVisible();
    await page.goto("/admin/orders");
    await expect(page).toHaveURL(/\/admin\/login/);
    const actions = queryRows<{ action: string }>("SELECT action FROM audit_log WHERE operator_email = ? OR subject = ? ORDER BY id", [
      operator.email,
      operator.email,
    ]).map((row) => row.action);
    expect(actions).toEqual(["operator-added", "sign-in-failed", "sign-in", "sign-out"]);
  });

  test("two-step sign-in: set up with the QR code's key, then a code, and a recovery code that works once", async ({
    page,
    expectAccessible,
  }) => {
    test.slow(); // sets up, signs in four times
    const operator = newOperator();
    await signIn(page, operator, "/admin/account");
    await page.getByRole("button", { name: account.start }).click();
    await expect(page.getByRole("img", { name: account.qrLabel.replace("{{brand}}", "NovaStream") })).toBeVisible();
    await expectAccessible();
    const secret = (await page.locator("[data-totp-secret]").getAttribute("data-totp-secret"))!;
    await codeField(page).fill("000000");
    await page.getByRole("button", { name: account.confirm }).click();
    await expect(page.getByRole("alert")).toHaveText(account.codeFailed);
    await codeField(page).fill(totpCode(secret, new Date()));
    await page.getByRole("button", { name: account.confirm }).click();
    await expect(page.getByText(account.recoveryHeading)).toBeVisible();
    const recovery = await page.locator("[data-recovery-codes] li").allTextContents();
    expect(recovery).toHaveLength(10);
    await expectAccessible();

    await signOut(page);
    await signIn(page, operator);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(login.secondFactorHeading);
    await page.goto("/admin/orders");
    await expect(page).toHaveURL(/\/admin\/login/);
    await codeField(page).fill("123456");
    await page.getByRole("button", { name: login.verify }).click();
    await expect(page.getByRole("alert")).toHaveText(login.codeFailed);
    await expectAccessible();
    await codeField(page).fill(totpCode(secret, new Date(Date.now() + 30_000)));
    await page.getByRole("button", { name: login.verify }).click();
    await expect(page).toHaveURL(/\/admin\/orders$/);

    // Without the phone: a recovery code, once.
    await signOut(page);
    await signIn(page, operator);
    await codeField(page).fill(recovery[0]!);
    await page.getByRole("button", { name: login.verify }).click();
    await expect(page).toHaveURL(/\/admin\/orders$/);
    await signOut(page);
    await signIn(page, operator);
    await codeField(page).fill(recovery[0]!);
    await page.getByRole("button", { name: login.verify }).click();
    await expect(page.getByRole("alert")).toHaveText(login.codeFailed);
  });

  test("sign out everywhere ends the other sessions too", async ({ browser, page }) => {
    // Two sign-ins, each a password hash made slow on purpose, in two pages: up to 16 s with one of two cores busy.
    test.slow();
    const operator = newOperator();
    await signIn(page, operator);
    const elsewhere = await browser.newPage();
    await signIn(elsewhere, operator);
    await expect(elsewhere).toHaveURL(/\/admin\/orders$/);
    await page.goto("/admin/account");
    await page.getByRole("button", { name: account.signOutEverywhere }).click();
    await expect(page.getByRole("status").filter({ hasText: login.signedOutEverywhere })).toBeVisible();
    await elsewhere.goto("/admin/orders");
    await expect(elsewhere).toHaveURL(/\/admin\/login/);
    await elsewhere.close();
  });

  test("the console speaks the operator's language once chosen", async ({ page, expectAccessible }) => {
    const operator = newOperator();
    await signIn(page, operator, "/admin/account");
    await page.getByLabel(common.language, { exact: true }).selectOption("es");
    await page.getByRole("button", { name: common.save }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(
      page.getByRole("navigation", { name: commonEs.navigation }).getByRole("link", { name: commonEs.nav.orders }),
    ).toBeVisible();
    await expectAccessible();
  });
});

test.describe("a shop with stricter rules", () => {
  test.use({ baseURL: e2eServers.limited.url });

  test("with two-step sign-in required, an operator without it can open only the account page until it is set up", async ({ page }) => {
    const operator = newOperator(e2eServers.limited);
    await signIn(page, operator);
    await expect(page).toHaveURL(/\/admin\/account$/);
    await expect(page.getByText(account.twoFactorRequired)).toBeVisible();
    await page.goto("/admin/messages");
    await expect(page).toHaveURL(/\/admin\/account$/);
    await page.getByRole("button", { name: account.start }).click();
    const secret = (await page.locator("[data-totp-secret]").getAttribute("data-totp-secret"))!;
    await codeField(page).fill(totpCode(secret, new Date()));
    await page.getByRole("button", { name: account.confirm }).click();
    await expect(page.getByText(account.recoveryHeading)).toBeVisible();
    await page.goto("/admin/messages");
    await expect(page).toHaveURL(/\/admin\/messages$/);
    // Required here, so it cannot be turned off.
    await page.goto("/admin/account");
    await expect(page.getByText(account.onSince.split("{{")[0]!)).toBeVisible();
    await expect(page.getByRole("button", { name: account.disable })).toHaveCount(0);
  });

  test("five wrong passwords pause the account, even for the right one, and say so", async ({ page }) => {
    // Six sign-ins, each a password hash made slow on purpose: about 20 s with one core kept busy.
    test.slow();
    const operator = newOperator(e2eServers.limited);
    for (let attempt = 0; attempt < 5; attempt++) {
      await signIn(page, { ...operator, password: `wrong password ${attempt}` });
      await expect(page.getByRole("alert")).toHaveText(login.failed);
    }
    await signIn(page, operator);
    await expect(page.getByRole("alert")).toHaveText(login.limited);
    await page.goto("/admin/orders");
    await expect(page).toHaveURL(/\/admin\/login/);
    const rows = queryRows<{ action: string }>(
      "SELECT action FROM audit_log WHERE operator_email = ?",
      [operator.email],
      e2eServers.limited,
    );
    expect(rows.filter((row) => row.action === "sign-in-failed")).toHaveLength(5);
    expect(rows.filter((row) => row.action === "sign-in")).toHaveLength(0);
  });
});
