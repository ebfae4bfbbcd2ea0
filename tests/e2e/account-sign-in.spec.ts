import { signInCustomer } from "../support/account.ts";
import {
  askForSignIn,
  codeOf,
  customerWithOrder,
  expectSignedIn,
  expectSignedOut,
  linkPath,
  mailTo,
  say,
  sessionCookies,
} from "../support/account-sign-in.ts";
import { expect, test } from "../support/fixtures.ts";
import { e2eServers } from "../support/servers.ts";
import { messages } from "../support/site.ts";
import { mails, openHydrated, queryRows } from "../support/store.ts";

/**
 * Signing in to the account without a password, as a customer does it: the address typed, the mail read
 * from the server's outbox, the link opened or the code typed; the same answer to an address that never
 * ordered; sign-out; the fresh code asked before access details. Axe on every page and state.
 */

// A wrong code or a mistyped address is answered 400 (a spent link 410, too many requests 429), which the browser logs.
test.beforeEach(({ consoleErrors }) => consoleErrors.allow(/status of (400|410|429)\b/));

test.describe("signing in to the account", () => {
  // Each test goes through the mail as a customer does: an order placed first, the sign-in's mail job, four to
  // eight page loads and an audit of each state: up to 31 s with one of two cores kept busy.
  test.describe.configure({ timeout: 90_000 });
  test("by the mailed link, in Spanish: the link asks for a click, signs in once, with a cookie only the account gets", async ({
    page,
    context,
    request,
    expectAccessible,
  }) => {
    const email = await customerWithOrder(request);
    await page.goto("/es/account");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(say("es", "title"));
    await expectAccessible();
    await askForSignIn(page, "es", email, { opened: true });
    await expect(
      page
        .getByRole("main")
        .getByRole("status")
        .filter({ hasText: say("es", "mailedText", { email }) }),
    ).toBeVisible();
    await expectAccessible();

    const mail = await mailTo(email, "account-sign-in");
    expect(mail).toContain("Hola:");
    const link = linkPath(mail);
    expect(link).toMatch(/^\/es\/account\/link\?token=/);
    await openHydrated(page, link);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(say("es", "linkTitle"));
    expect(await sessionCookies(context)).toEqual([]);
    await expectAccessible();
    await page.getByRole("button", { name: say("es", "linkButton") }).click();
    await expect(page).toHaveURL(/\/es\/account$/);
    // Arrived by a client-side navigation, whose data request (/es/account.data) carried the new cookie.
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(say("es", "title"));
    await expect(page.getByRole("main").getByLabel(say("es", "emailLabel"))).toHaveCount(0);

    const cookies = await sessionCookies(context);
    expect(cookies.map((cookie) => cookie.path).sort()).toEqual(
      ["/account", "/account.data", "/es/account", "/es/account.data", "/fr/account", "/fr/account.data"].sort(),
    );
    for (const cookie of cookies) expect([cookie.httpOnly, cookie.sameSite]).toEqual([true, "Lax"]);
    await expectSignedIn(page, "es");
    // The browser's time zone came with the button's form: the account's dates are written in it.
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(queryRows<{ time_zone: string | null }>("SELECT time_zone FROM customer_sessions WHERE email = ?", [email])).toEqual([
      { time_zone: zone },
    ]);

    // Used once: opened again, it says so and offers a new mail.
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(say("es", "linkOverTitle"));
    await expectAccessible();
    await page.goto("/es/account/link?token=not-a-token");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(say("es", "linkOverTitle"));
  });

  test("by the code, in French, without JavaScript, and the code works once", async ({ browser, page, request, expectAccessible }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: e2eServers.main.url });
    const noScript = await context.newPage();
    const email = await customerWithOrder(request);
    await askForSignIn(noScript, "fr", email, { scripts: false });
    await expect(noScript.getByText(say("fr", "codeFor", { email }))).toBeVisible();
    const code = codeOf(await mailTo(email, "account-sign-in"));
    expect(code).toMatch(/^\d{6}$/);
    await noScript.getByRole("main").getByLabel(say("fr", "codeLabel")).fill(code);
    await noScript.getByRole("button", { name: say("fr", "codeSubmit") }).click();
    await expect(noScript).toHaveURL(/\/fr\/account$/);
    await expectSignedIn(noScript, "fr");
    await context.close();

    // The same code a second time, from /fr/account/code opened by itself (axe needs scripts: a browser with them).
    await page.goto("/fr/account/code");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(say("fr", "codePageTitle"));
    await expectAccessible();
    await page.getByRole("main").getByLabel(say("fr", "emailLabel")).fill(email);
    await page.getByRole("main").getByLabel(say("fr", "codeLabel")).fill(code);
    await page.getByRole("button", { name: say("fr", "codeSubmit") }).click();
    await expect(page.getByRole("main").getByRole("alert")).toHaveText(say("fr", "codeOver"));
    await expectAccessible();
    await expectSignedOut(page, "fr");
  });

  test("five wrong codes void the sign-in, in English", async ({ page, request, expectAccessible }) => {
    const email = await customerWithOrder(request);
    await askForSignIn(page, "en", email);
    const code = codeOf(await mailTo(email, "account-sign-in"));
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    for (let attempt = 1; attempt <= 4; attempt++) {
      await page.getByRole("main").getByLabel(say("en", "codeLabel")).fill(wrong);
      await page.getByRole("button", { name: say("en", "codeSubmit") }).click();
      await expect(page.getByText(say("en", "codeWrong", { count: 5 - attempt }))).toBeVisible();
      if (attempt === 1) await expectAccessible();
    }
    await page.getByRole("main").getByLabel(say("en", "codeLabel")).fill(wrong);
    await page.getByRole("button", { name: say("en", "codeSubmit") }).click();
    await expect(page.getByRole("main").getByRole("alert")).toHaveText(say("en", "codeVoid"));
    await expect(page.getByRole("button", { name: say("en", "newMail") })).toBeVisible();
    await expectAccessible();
    // The right code, now: the sign-in stays void.
    await page.goto("/account/code");
    await page.getByRole("main").getByLabel(say("en", "emailLabel")).fill(email);
    await page.getByRole("main").getByLabel(say("en", "codeLabel")).fill(code);
    await page.getByRole("button", { name: say("en", "codeSubmit") }).click();
    await expect(page.getByRole("main").getByRole("alert")).toHaveText(say("en", "codeVoid"));
    await expectSignedOut(page, "en");
  });

  test("an address that never ordered is answered like a customer's, word for word, and gets no mail", async ({
    page,
    request,
    expectAccessible,
  }) => {
    const known = await customerWithOrder(request);
    const unknown = `never.${Date.now()}@example.com`;
    // As a browser without JavaScript posts it: the whole page as the server renders it, nonces aside.
    const answerTo = async (email: string) => {
      const answer = await request.post("/account", { form: { intent: "sign-in", email }, headers: { Origin: e2eServers.main.url } });
      const main = /<main[\s\S]*<\/main>/.exec(await answer.text())?.[0] ?? "";
      return { status: answer.status(), cacheControl: answer.headers()["cache-control"], main: main.replaceAll(email, "ADDRESS") };
    };
    const knownAnswer = await answerTo(known);
    expect(knownAnswer.main).toContain(say("en", "mailedHeading"));
    expect(await answerTo(unknown)).toEqual(knownAnswer);
    await askForSignIn(page, "en", unknown);
    await expectAccessible();
    // The customer's mails go; the stranger's two sign-ins were recorded like them, and mailed nothing.
    await mailTo(known, "account-sign-in");
    await expect.poll(() => queryRows("SELECT id FROM customer_sign_ins WHERE email = ?", [unknown]).length).toBe(2);
    // Each sign-in's mail is decided by a job: once the stranger's are done, whatever they were to send is sent.
    const signInJobsLeft = () =>
      queryRows<{ id: number }>(
        `SELECT jobs.id FROM jobs JOIN customer_sign_ins ON jobs.payload = '{"signInId":' || customer_sign_ins.id || '}'
         WHERE jobs.kind = 'account-sign-in-mail' AND jobs.done_at IS NULL AND jobs.failed_at IS NULL
         AND customer_sign_ins.email = ?`,
        [unknown],
      ).length;
    await expect.poll(signInJobsLeft).toBe(0);
    expect(queryRows("SELECT id FROM mails WHERE to_address = ?", [unknown])).toEqual([]);
    expect(mails().filter((mail) => mail.source.includes(unknown))).toEqual([]);

    // A mistyped address loses nothing: it is shown back with what is wrong.
    await page.goto("/account");
    await page.getByRole("main").getByLabel(say("en", "emailLabel")).fill("not-an-address");
    await page.getByRole("button", { name: say("en", "submit") }).click();
    await expect(page.getByText(say("en", "errors.email"))).toBeVisible();
    await expect(page.getByRole("main").getByLabel(say("en", "emailLabel"))).toHaveValue("not-an-address");
    await expectAccessible();
  });

  test("sign out ends this session, sign out everywhere ends them all, in Spanish", async ({ browser, expectAccessible }) => {
    // Three sign-ins through the mail, one for each device: about 35 s with one core kept busy.
    test.setTimeout(90_000);
    const email = `ines.${Date.now()}@example.com`;
    const browsers = await Promise.all([1, 2, 3].map(() => browser.newContext({ baseURL: e2eServers.main.url })));
    for (const context of browsers) await signInCustomer(context, email);
    const [phone, tv, laptop] = await Promise.all(browsers.map((context) => context.newPage()));
    if (!phone || !tv || !laptop) throw new Error("three pages");

    await expectSignedIn(phone, "es");
    await expectAccessible(phone);
    await phone.getByRole("button", { name: say("es", "signOutButton"), exact: true }).click();
    await expect(phone.getByRole("main").getByRole("status")).toHaveText(say("es", "signedOut"));
    await expectAccessible(phone);
    await expectSignedOut(phone, "es");
    await expectSignedIn(tv, "es");

    await expectSignedIn(laptop, "es");
    await laptop.getByRole("button", { name: say("es", "signOutEverywhereButton") }).click();
    await expect(laptop.getByRole("main").getByRole("status")).toHaveText(say("es", "signedOutEverywhere"));
    await expectSignedOut(laptop, "es");
    await expectSignedOut(tv, "es");
    await tv.goto("/es/account/sign-out");
    await expect(tv.getByRole("main").getByRole("status")).toHaveText(say("es", "notSignedIn"));
    await expectAccessible(tv);
    for (const context of browsers) await context.close();
  });

  test("a session older than 10 minutes types a fresh mailed code before a reveal, in French", async ({
    page,
    context,
    expectAccessible,
  }) => {
    const email = `remi.${Date.now()}@example.com`;
    const token = await signInCustomer(context, email, { verifiedAgoMs: 11 * 60_000 });
    const verifiedAt = () => queryRows<{ verified_at: string }>("SELECT verified_at FROM customer_sessions WHERE email = ?", [email])[0];
    const before = verifiedAt()?.verified_at ?? "";
    expect(token).not.toBe("");

    await page.goto(`/fr/account/verify?next=${encodeURIComponent("/fr/account")}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(say("fr", "verifyTitle"));
    await expectAccessible();
    await page.getByRole("button", { name: say("fr", "verifySend") }).click();
    await expect(
      page
        .getByRole("main")
        .getByRole("status")
        .filter({ hasText: say("fr", "verifySent", { email }) }),
    ).toBeVisible();
    await expectAccessible();
    const code = codeOf(await mailTo(email, "account-step-up"));
    await page
      .getByRole("main")
      .getByLabel(say("fr", "codeLabel"))
      .fill(String((Number(code) + 1) % 1_000_000).padStart(6, "0"));
    await page.getByRole("button", { name: say("fr", "verifySubmit") }).click();
    await expect(page.getByText(say("fr", "codeWrong", { count: 4 }))).toBeVisible();
    await page.getByRole("main").getByLabel(say("fr", "codeLabel")).fill(code);
    await page.getByRole("button", { name: say("fr", "verifySubmit") }).click();
    await expect(page).toHaveURL(/\/fr\/account$/);
    expect(Date.parse(verifiedAt()?.verified_at ?? "")).toBeGreaterThan(Date.parse(before));

    // Fresh now: the step goes straight on; and `next` is only ever a page of the account.
    await page.goto("/fr/account/verify?next=/fr/account/sign-out");
    await expect(page).toHaveURL(/\/fr\/account\/sign-out$/);
    await page.goto(`/fr/account/verify?next=${encodeURIComponent("//elsewhere.example/account")}`);
    await expect(page).toHaveURL(/\/fr\/account$/);
  });

  test("past the client address's hourly limit, the page says to wait (429), in Spanish", async ({ browser, expectAccessible }) => {
    // The `limited` server allows 2 sign-in requests an hour per client address.
    const context = await browser.newContext({ baseURL: e2eServers.limited.url });
    const page = await context.newPage();
    for (let request = 0; request < 2; request++) await askForSignIn(page, "es", `limite.${request}.${Date.now()}@example.com`);
    await openHydrated(page, "/es/account");
    const third = `limite.3.${Date.now()}@example.com`;
    await page.getByRole("main").getByLabel(say("es", "emailLabel")).fill(third);
    await page.getByRole("button", { name: say("es", "submit") }).click();
    await expect(page.getByRole("main").getByRole("alert")).toHaveText(say("es", "rateLimited"));
    await expect(page.getByRole("main").getByLabel(say("es", "emailLabel"))).toHaveValue(third);
    await expectAccessible(page);
    await context.close();
  });

  test("without a session, the step-up page sends to the sign-in; every public page's footer links to the account", async ({ page }) => {
    await page.goto("/account/verify?next=/account");
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole("main").getByLabel(say("en", "emailLabel"))).toBeVisible();
    // The footer of every public page links to the account, in the page's language.
    await page.goto("/es/about");
    await expect(page.getByRole("contentinfo").getByRole("link", { name: messages.es.footer.yourAccount })).toHaveAttribute(
      "href",
      "/es/account",
    );
  });
});
