import { existsSync, readFileSync } from "node:fs";
import type { APIRequestContext } from "@playwright/test";
import en from "../../content/locales/account/en/data.json" with { type: "json" };
import esDashboard from "../../content/locales/account/es/dashboard.json" with { type: "json" };
import es from "../../content/locales/account/es/data.json" with { type: "json" };
import fr from "../../content/locales/account/fr/data.json" with { type: "json" };
import { signInCustomer } from "../support/account.ts";
import { codeOf, mailTo, say } from "../support/account-sign-in.ts";
import { customer, payByPost } from "../support/checkout.ts";
import { runSql } from "../support/console.ts";
import { expect, test } from "../support/fixtures.ts";
import { e2eServers } from "../support/servers.ts";
import { type Language, localized } from "../support/site.ts";
import { queryRows } from "../support/store.ts";

/** "Download my data" and "Delete my account" (GDPR articles 15, 17 and 20), on real records. */
const origin = e2eServers.main.url;
const sameSite = { Origin: origin };

// The forms' rate limits count per address: this file's own.
test.use({ extraHTTPHeaders: { "X-Forwarded-For": "203.0.113.52" } });

/** A customer who paid through the checkout, wrote through /contact, signed up to the newsletter and has an access. */
async function customerWithRecords(request: APIRequestContext, language: Language) {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const details = customer({
    firstName: `Ana${id}`,
    lastName: `Garcia${id}`,
    email: `ana.${id}@example.com`,
    phone: `+34 6${String(Date.now()).slice(-8)}`,
  });
  const reference = await payByPost(request, details);
  expect(reference).not.toBe("");
  await request.post(`${origin}${localized(language, "/contact")}`, {
    form: {
      name: `${details.firstName} ${details.lastName}`,
      email: details.email,
      subject: `About ${id}`,
      message: "Which devices work?",
    },
    headers: sameSite,
  });
  await request.post(`${origin}${localized(language, "/newsletter")}`, { form: { email: details.email }, headers: sameSite });
  const at = new Date().toISOString();
  runSql(
    `INSERT INTO accesses (reference, email, plan_key, viewers, status, details, starts_at, ends_at, revoked_at, revoke_reason, created_at, updated_at)
     VALUES (?, ?, 'vip', 1, 'active', 'v1.sealed-access-details', ?, ?, NULL, NULL, ?, ?)`,
    [reference, details.email, at, new Date(Date.now() + 30 * 86_400_000).toISOString(), at, at],
  );
  return { ...details, reference };
}

/** Every row of every table, as `table.column` where one of the texts occurs. */
function whereFound(texts: string[]): string[] {
  const tables = queryRows<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'");
  const found = new Set<string>();
  for (const { name } of tables) {
    for (const row of queryRows<Record<string, unknown>>(`SELECT * FROM "${name}"`)) {
      for (const [column, value] of Object.entries(row)) {
        for (const text of texts)
          if (
            String(value ?? "")
              .toLowerCase()
              .includes(text.toLowerCase())
          )
            found.add(`${name}.${column}`);
      }
    }
  }
  return [...found].sort();
}

test.describe("the customer's data", () => {
  test("a visitor without a session is sent to the sign-in", async ({ request }) => {
    for (const path of ["/account/data", "/account/delete"]) {
      const answer = await request.get(`${origin}${localized("es", path)}`, { maxRedirects: 0 });
      expect(answer.status()).toBe(302);
      expect(answer.headers().location).toBe("/es/account");
      expect(answer.headers()["cache-control"]).toBe("private, no-store");
    }
  });

  test("downloads everything the shop holds about the address, in Spanish, and parses it back", async ({
    page,
    context,
    request,
    expectAccessible,
  }) => {
    const who = await customerWithRecords(request, "es");
    await signInCustomer(context, who.email);
    await page.goto("/es/account/delete");
    await expectAccessible();
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: es.delete.exportLink }).click()]);
    expect(download.suggestedFilename()).toMatch(/-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const file = JSON.parse(readFileSync((await download.path()) ?? "", "utf8"));

    expect(file).toMatchObject({ format: "customer-data-export", version: 1, email: who.email });
    expect(file.orders).toEqual([
      expect.objectContaining({
        reference: who.reference,
        status: "paid",
        firstName: who.firstName,
        phone: who.phone,
        address: who.address,
      }),
    ]);
    expect(file.orders[0].timeline.map((line: { event: string }) => line.event)).toContain("paid");
    expect(file.accesses).toEqual({ note: es.export.accessDetailsNote, list: [expect.objectContaining({ reference: who.reference })] });
    expect(file.contactMessages).toEqual([expect.objectContaining({ email: who.email, message: "Which devices work?" })]);
    expect(file.newsletter).toMatchObject({ state: "awaiting-confirmation", language: "es" });
    expect(file.accountSessions).toEqual([expect.objectContaining({ address: "198.51.100.7", endedAt: null })]);
    expect(file.mails.note).toBe(es.export.sealedMailsNote);
    expect(file.mails.list.map((mail: { kind: string }) => mail.kind)).toEqual(expect.arrayContaining(["order-confirmation"]));
    const text = JSON.stringify(file);
    for (const secret of ["sealed-access-details", "idempotency", "token_hash", "4242 4242"]) expect(text).not.toContain(secret);

    const answer = await page.request.get("/es/account/data");
    expect(answer.headers()["cache-control"]).toBe("private, no-store");
    expect(answer.headers()["content-disposition"]).toMatch(/^attachment; filename="/);
  });

  test("deleting the account in French keeps only the accounting record, logs it and signs out", async ({
    page,
    context,
    request,
    expectAccessible,
    consoleErrors,
  }) => {
    // The refused confirmation answers 400, which the browser reports.
    consoleErrors.allow(/status of 400/);
    // Room for the checkpoint that a reader of the file may hold back (see the end of the test).
    test.setTimeout(60_000);
    const who = await customerWithRecords(request, "fr");
    await signInCustomer(context, who.email);
    await page.goto("/fr/account/delete");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(fr.delete.title);
    await expect(page.getByText(fr.delete.kept.paid.replace("{{years}}", "10"))).toBeVisible();
    await expectAccessible();

    // Sent without the box ticked: refused, said next to the box, nothing erased.
    await page.getByRole("button", { name: fr.delete.submit }).click();
    await expect(page.getByRole("alert")).toHaveText(fr.delete.confirmError);
    await expectAccessible();
    expect(whereFound([who.email])).toContain("contact_messages.email");

    await page.getByLabel(fr.delete.confirmLabel).check();
    await page.getByRole("button", { name: fr.delete.submit }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(fr.delete.doneTitle);
    await expectAccessible();

    // Outside the paid order's and its invoice's name and postal address, the address, name and phone are nowhere.
    expect(whereFound([who.email, who.phone])).toEqual([]);
    expect(whereFound([who.firstName, who.lastName])).toEqual(["invoices.buyer_name", "orders.first_name", "orders.last_name"]);
    expect(queryRows("SELECT email, phone, address FROM orders WHERE reference = ?", [who.reference])).toEqual([
      { email: expect.stringMatching(/@erased\.invalid$/), phone: "", address: who.address },
    ]);
    expect(queryRows("SELECT details FROM accesses WHERE reference = ?", [who.reference])).toEqual([{ details: null }]);
    // Nor in the file's bytes (SQLite keeps deleted values until their space is reused), nor in the log.
    const { databaseFile, logFile } = e2eServers.main;
    // Another process reading the file (this suite's other worker) can hold the checkpoint back for a moment.
    const holding = () =>
      [databaseFile, `${databaseFile}-wal`, logFile].filter(existsSync).filter((file) => {
        const bytes = readFileSync(file).toString("latin1").toLowerCase();
        return bytes.includes(who.email) || bytes.includes(who.phone);
      });
    await expect.poll(holding, { timeout: 15_000 }).toEqual([]);
    const audit = queryRows<{ details: string; address: string }>(
      "SELECT details, address FROM audit_log WHERE action = 'customer-erasure' AND details LIKE ?",
      [`%${who.reference}%`],
    );
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]?.details ?? "{}")).toMatchObject({
      ordersKept: [who.reference],
      contactMessages: 1,
      newsletter: 1,
      sessions: 1,
    });
    expect(audit[0]?.address).toBe("-");

    // Signed out: the account's pages send this browser to the sign-in.
    expect((await context.cookies()).filter((cookie) => cookie.name === "account_session")).toEqual([]);
    await page.goto("/fr/account/delete");
    await expect(page).toHaveURL(/\/fr\/account$/);
  });

  test("a session older than 10 minutes types a fresh mailed code before downloading or deleting, in Spanish", async ({
    page,
    context,
    expectAccessible,
  }) => {
    const email = `fresca.${Date.now()}@example.com`;
    await signInCustomer(context, email, { verifiedAgoMs: 11 * 60_000 });
    const verify = (next: string) => `/es/account/verify?next=${encodeURIComponent(next)}`;
    const sessions = () => queryRows("SELECT id FROM customer_sessions WHERE email = ?", [email]);

    // Neither the file, nor the deletion's page or its post: each goes to the step that mails a code first.
    for (const answer of [
      await page.request.get("/es/account/data", { maxRedirects: 0 }),
      await page.request.get("/es/account/delete", { maxRedirects: 0 }),
      await page.request.post("/es/account/delete", { form: { confirm: "yes" }, headers: sameSite, maxRedirects: 0 }),
    ]) {
      expect(answer.status()).toBe(303);
      expect(answer.headers().location).toBe(verify(new URL(answer.url()).pathname));
    }
    expect(sessions()).toHaveLength(1);

    // From the account's link: the code, then the file.
    await page.goto("/es/account");
    await page.getByRole("link", { name: esDashboard.session.download }).click();
    await expect(page).toHaveURL(verify("/es/account/data"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(say("es", "verifyTitle"));
    await expectAccessible();
    await page.getByRole("button", { name: say("es", "verifySend") }).click();
    await page
      .getByRole("main")
      .getByLabel(say("es", "codeLabel"))
      .fill(codeOf(await mailTo(email, "account-step-up")));
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: say("es", "verifySubmit") }).click(),
    ]);
    expect(JSON.parse(readFileSync((await download.path()) ?? "", "utf8"))).toMatchObject({ email });

    // Fresh for the next 10 minutes: the deletion's page opens at once.
    await page.goto("/es/account/delete");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(es.delete.title);
  });

  test("without JavaScript, in English, the box must be ticked, then the account is deleted", async ({ browser }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      baseURL: origin,
      extraHTTPHeaders: { "X-Forwarded-For": "203.0.113.52" },
    });
    const page = await context.newPage();
    const request = context.request;
    const who = await customerWithRecords(request, "en");
    await signInCustomer(context, who.email);
    await page.goto("/account/delete");
    await page.getByRole("button", { name: en.delete.submit }).click();
    await expect(page.getByRole("alert")).toHaveText(en.delete.confirmError);
    await expect(page.getByLabel(en.delete.confirmLabel)).toHaveAttribute("aria-invalid", "true");
    expect(whereFound([who.email])).toContain("contact_messages.email");

    await page.getByLabel(en.delete.confirmLabel).check();
    await page.getByRole("button", { name: en.delete.submit }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(en.delete.doneTitle);
    await expect(page.getByText(en.delete.doneKept_one.replace("{{count}}", "1").replace("{{years}}", "10"))).toBeVisible();
    expect(whereFound([who.email, who.phone])).toEqual([]);
    await context.close();
  });
});
