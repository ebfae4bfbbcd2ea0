import { codeOf, customerWithOrder, expectSignedIn, linkPath, mailTo, say } from "../support/account-sign-in.ts";
import { expect, test } from "../support/fixtures.ts";
import { e2eServers } from "../support/servers.ts";
import { openHydrated } from "../support/store.ts";

/**
 * No one who knows a customer's address can keep them out (decision 0040): someone uses up the address's
 * mails of the hour and its wrong codes of the day from connections of their own; the customer is told no
 * mail went and that codes are refused, and signs in by the link of the newest mail, which that someone
 * caused. And one client typing codes is stopped at the hour's limit. Axe on every state.
 */

// Refusals are answered 400 and 429, which the browser logs.
test.beforeEach(({ consoleErrors }) => consoleErrors.allow(/status of (400|429)\b/));

/**
 * The limits count in windows that start on the hour (mails) and at midnight UTC (wrong codes): a test that
 * fills one must not see it turn. Close to the hour, wait for the turn itself, then start.
 */
async function awayFromTheHour(page: import("@playwright/test").Page) {
  const toHour = 3_600_000 - (Date.now() % 3_600_000);
  if (toHour < 120_000) await page.waitForTimeout(toHour + 1_000);
}

test("while someone uses up an address's mails and codes, the customer signs in by the newest link, in English", async ({
  page,
  request,
  expectAccessible,
}) => {
  // Up to two minutes of waiting for the hour to turn, on top of the test's own work.
  test.setTimeout(180_000);
  await awayFromTheHour(page);
  const email = await customerWithOrder(request);
  const from = (n: number) => ({ Origin: e2eServers.main.url, "X-Forwarded-For": `2001:db8:${n + 1}::1` });
  const ask = (n: number) => request.post("/account", { form: { intent: "sign-in", email }, headers: from(n) });
  const guess = (n: number) => request.post("/account/code", { form: { email, code: "000000" }, headers: from(n) });
  // Two mails with five wrong codes after each: the address's ten of the day. Three more: the hour's five mails.
  for (let n = 0; n < 5; n++) {
    expect((await ask(n)).status()).toBe(200);
    if (n < 2) for (let wrong = 0; wrong < 5; wrong++) await guess(n);
  }
  const newest = await mailTo(email, "account-sign-in", 4);

  await openHydrated(page, "/account");
  await page.getByRole("main").getByLabel(say("en", "emailLabel")).fill(email);
  await page.getByRole("button", { name: say("en", "submit") }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(say("en", "mailLimitedHeading"));
  await expect(page.getByRole("main").getByRole("alert")).toContainText(email);
  await expectAccessible();

  await page.getByRole("main").getByLabel(say("en", "codeLabel")).fill(codeOf(newest));
  await page.getByRole("button", { name: say("en", "codeSubmit") }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(say("en", "codeLocked"));
  await expectAccessible();

  await openHydrated(page, linkPath(newest));
  await page.getByRole("button", { name: say("en", "linkButton") }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expectSignedIn(page, "en");
});

test("one client typing codes is stopped at the hour's limit, in Spanish", async ({ page, request, expectAccessible }) => {
  // The `limited` server allows 2 codes an hour per client.
  await awayFromTheHour(page);
  const client = { "X-Forwarded-For": `2001:db8:ffff:${Date.now() % 65_536}::1` };
  for (let n = 0; n < 2; n++) {
    const form = { email: `guess.${n}.${Date.now()}@example.com`, code: "123456" };
    await request.post(`${e2eServers.limited.url}/es/account/code`, { form, headers: { ...client, Origin: e2eServers.limited.url } });
  }
  await page.setExtraHTTPHeaders(client);
  await openHydrated(page, `${e2eServers.limited.url}/es/account/code`);
  await page.getByRole("main").getByLabel(say("es", "emailLabel")).fill(`guess.3.${Date.now()}@example.com`);
  await page.getByRole("main").getByLabel(say("es", "codeLabel")).fill("123456");
  await page.getByRole("button", { name: say("es", "codeSubmit") }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(say("es", "codeRateLimited"));
  await expectAccessible();
});
