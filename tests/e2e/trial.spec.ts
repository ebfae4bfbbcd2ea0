import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import type ordersEn from "../../content/locales/admin/en/orders.json";
import type trialsEn from "../../content/locales/admin/en/trials.json";
import { customer, payByPost } from "../support/checkout.ts";
import { accessDetails, accessFields, fill, signedInOperator } from "../support/console.ts";
import { expect, test } from "../support/fixtures.ts";
import { lazySection } from "../support/pages.ts";
import { e2eServers } from "../support/servers.ts";
import { type Language, languages, localized, site, t } from "../support/site.ts";
import { mails, openHydrated } from "../support/store.ts";

/**
 * The free trial as a visitor takes it, in each language: from the link under the plans, name, e-mail and
 * country, the code read from the mail, the confirmation page; then the operator delivers it by hand in the
 * console, and the line's details arrive by mail. And the three refusals: the same connection again, said
 * plainly on the page with what was typed kept; the same e-mail again and an e-mail that has paid, answered as
 * any address is (the page must not tell who has paid) and told why by mail. Axe on every page.
 */

// A refused request is answered 409 and a wrong form 400, which the browser logs.
test.beforeEach(({ consoleErrors }) => consoleErrors.allow(/status of (400|409)\b/));

const hours = site.trial.hours;
let count = 0;
const someone = (language: Language) => `trial.${language}.${Date.now()}.${++count}@example.com`;
const consoleFile = <T>(language: Language, area: string) =>
  JSON.parse(readFileSync(`content/locales/admin/${language}/${area}.json`, "utf8")) as T;

/** The newest mail of a kind to an address, waited for (mails are jobs, sent a moment after the answer). */
async function mailTo(email: string, kind: "trial-code" | "trial-refused" | "trial-access"): Promise<string> {
  let found = "";
  await expect
    .poll(
      () => {
        found =
          mails()
            .filter((mail) => mail.file.includes(kind) && mail.source.includes(email))
            .at(-1)?.source ?? "";
        return found !== "";
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found;
}
const codeOf = (mail: string) => /: (\d{6})\r?$/m.exec(mail)?.[1] ?? "";

async function askForTrial(page: Page, language: Language, details: { name: string; email: string; country: string }) {
  const main = page.getByRole("main");
  await main.getByLabel(t(language, "trial.fields.name"), { exact: true }).fill(details.name);
  await main.getByLabel(t(language, "trial.fields.email"), { exact: true }).fill(details.email);
  await main.getByLabel(t(language, "trial.fields.country"), { exact: true }).selectOption(details.country);
  await main.getByRole("button", { name: t(language, "trial.submit") }).click();
}

async function typeCode(page: Page, language: Language, code: string) {
  await page.getByRole("main").getByLabel(t(language, "trial.code.label"), { exact: true }).fill(code);
  await page.getByRole("button", { name: t(language, "trial.code.submit") }).click();
}

/** A trial asked for and confirmed through the pages, from the page's current client address. */
async function confirmedTrial(page: Page, language: Language, email: string) {
  await openHydrated(page, localized(language, "/trial"));
  await askForTrial(page, language, { name: "Alex Martin", email, country: "FR" });
  await typeCode(page, language, codeOf(await mailTo(email, "trial-code")));
  await expect(page).toHaveURL(new RegExp(`${localized(language, "/trial/confirmed")}$`));
}

for (const [index, language] of languages.entries()) {
  test(`the whole trial in ${language}: the plans' link, the mailed code, confirmed, delivered by hand`, async ({
    page,
    expectAccessible,
  }) => {
    test.slow();
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": `203.0.113.${130 + index}` });
    const email = someone(language);
    await openHydrated(page, localized(language, "/"));
    const plans = lazySection(page, "plans");
    await plans.scrollIntoViewIfNeeded();
    await expect(plans).toHaveAttribute("data-loaded", "true");
    await plans.getByRole("link", { name: t(language, "trial.link", { hours }) }).click();
    await expect(page).toHaveURL(new RegExp(`${localized(language, "/trial")}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t(language, "trial.heading", { hours }));
    await expectAccessible();

    // Nothing typed: each field says what it needs, and the page keeps what was typed.
    await page.getByRole("main").getByLabel(t(language, "trial.fields.name"), { exact: true }).fill("Alex Martin");
    await page
      .getByRole("main")
      .getByRole("button", { name: t(language, "trial.submit") })
      .click();
    await expect(page.getByRole("main").getByRole("alert").first()).toContainText(t(language, "trial.errorSummary"));
    await expect(page.getByRole("main").getByLabel(t(language, "trial.fields.name"), { exact: true })).toHaveValue("Alex Martin");
    await expectAccessible();

    await askForTrial(page, language, { name: "Alex Martin", email, country: "FR" });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t(language, "trial.code.heading"));
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expectAccessible();
    const mail = await mailTo(email, "trial-code");
    const code = codeOf(mail);
    expect(code).toMatch(/^\d{6}$/);

    // A wrong code first: the tries left are said, then the right one.
    await typeCode(page, language, code === "000000" ? "111111" : "000000");
    await expect(page.getByRole("main")).toContainText(t(language, "trial.code.wrong", { count: 4 }));
    await expectAccessible();
    await typeCode(page, language, code);
    await expect(page).toHaveURL(new RegExp(`${localized(language, "/trial/confirmed")}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t(language, "trial.confirmed.heading"));
    await expectAccessible();

    // Without a provisioning system (the main server has none) the operator creates the line and delivers it.
    await signedInOperator(page, language);
    const trials = consoleFile<typeof trialsEn>(language, "trials");
    const orders = consoleFile<typeof ordersEn>(language, "orders");
    await page.goto("/admin/trials");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(trials.heading);
    await expectAccessible();
    await page.getByRole("row").filter({ hasText: email }).getByRole("link").click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(fill(trials.detail.heading, { reference: "TR-" }).trim());
    await expectAccessible();
    const details = accessDetails(`trial_${language}_`);
    for (const [field, value] of accessFields(page, details, orders.deliver.fields)) await field.fill(value);
    await page.getByRole("button", { name: orders.deliver.submit }).click();
    await expect(page.getByRole("status").filter({ hasText: fill(trials.deliver.done, { email }) })).toBeVisible();
    await expectAccessible();
    const delivered = await mailTo(email, "trial-access");
    expect(delivered).toContain(details.username);
    expect(delivered).toContain(details.password);
  });
}

test("without JavaScript, in French: plain forms ask, confirm and land on the confirmation page", async ({ browser }) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    baseURL: e2eServers.main.url,
    extraHTTPHeaders: { "X-Forwarded-For": "203.0.113.140" },
  });
  const page = await context.newPage();
  const email = someone("fr");
  await page.goto("/fr/trial");
  await askForTrial(page, "fr", { name: "Léa Dubois", email, country: "BE" });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("fr", "trial.code.heading"));
  await typeCode(page, "fr", codeOf(await mailTo(email, "trial-code")));
  await expect(page).toHaveURL(/\/fr\/trial\/confirmed$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("fr", "trial.confirmed.heading"));
  await context.close();
});

test.describe("refusals", () => {
  test("a second trial for the same e-mail, in Spanish: answered as any address, and the mail says why", async ({
    page,
    expectAccessible,
  }) => {
    const email = someone("es");
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": "203.0.113.141" });
    await confirmedTrial(page, "es", email);
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": "203.0.113.142" });
    await openHydrated(page, "/es/trial");
    await askForTrial(page, "es", { name: "Otra Persona", email: email.toUpperCase(), country: "ES" });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("es", "trial.code.heading"));
    await expectAccessible();
    expect(await mailTo(email, "trial-refused")).toContain("una compra");
    expect(mails().filter((mail) => mail.file.includes("trial-code") && mail.source.includes(email))).toHaveLength(1);
  });

  test("a second trial from the same connection within 30 days, in English", async ({ page, expectAccessible }) => {
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": "203.0.113.143" });
    await confirmedTrial(page, "en", someone("en"));
    await openHydrated(page, "/trial");
    const other = someone("en");
    await askForTrial(page, "en", { name: "Someone Else", email: other, country: "GB" });
    await expect(page.getByRole("main").getByRole("alert")).toContainText(
      t("en", "trial.refused.address", { supportEmail: site.brand.supportEmail }),
    );
    await expect(page.getByRole("main").getByLabel(t("en", "trial.fields.email"), { exact: true })).toHaveValue(other);
    await expectAccessible();
  });

  test("an e-mail that has paid an order, in French: answered as a stranger is, word for word", async ({
    page,
    request,
    expectAccessible,
  }) => {
    const buyer = customer();
    expect(await payByPost(request, buyer)).not.toBe("");
    const stranger = someone("fr");
    // As a browser without JavaScript posts it: the whole page as the server renders it, nonces aside.
    const answerTo = async (email: string, address: string) => {
      const form = { intent: "request", name: "Ana García", email, country: "ES" };
      const answer = await request.post("/fr/trial", { form, headers: { Origin: e2eServers.main.url, "X-Forwarded-For": address } });
      const main = /<main[\s\S]*<\/main>/.exec(await answer.text())?.[0] ?? "";
      return { status: answer.status(), main: main.replaceAll(email, "ADDRESS") };
    };
    const paid = await answerTo(buyer.email, "203.0.113.144");
    expect(paid.main).toContain(t("fr", "trial.code.heading"));
    expect(await answerTo(stranger, "203.0.113.145")).toEqual(paid);
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": "203.0.113.146" });
    await openHydrated(page, "/fr/trial");
    await askForTrial(page, "fr", { name: "Ana García", email: buyer.email, country: "ES" });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("fr", "trial.code.heading"));
    await expectAccessible();
    expect(await mailTo(buyer.email, "trial-refused")).toContain("achat");
    expect(mails().filter((mail) => mail.file.includes("trial-code") && mail.source.includes(buyer.email))).toEqual([]);
  });
});
