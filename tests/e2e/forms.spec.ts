import { expect, test } from "../support/fixtures.ts";
import { e2eServers } from "../support/servers.ts";
import { languages, localized, t } from "../support/site.ts";
import { mails, openHydrated, queryRows } from "../support/store.ts";

// Invalid forms, declined payments and rate limits answer 4xx on purpose; the browser logs each one.
test.beforeEach(({ consoleErrors }) => consoleErrors.allow(/status of 4\d\d/));

const unique = (name: string) => `${name}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

test.describe("the contact form", () => {
  // Two axe audits of the form, a message stored and its mail awaited in the outbox: up to 18 s with one of two cores
  // kept busy.
  test.describe.configure({ timeout: 60_000 });
  for (const language of languages) {
    test(`stores and mails a message, and names each problem, in ${language}`, async ({ page, expectAccessible }) => {
      await openHydrated(page, localized(language, "/contact"));
      await expectAccessible();
      const main = page.getByRole("main");
      await main.getByRole("button", { name: t(language, "contact.send") }).click();
      for (const name of ["name", "email", "subject", "message"] as const) {
        await expect(main.getByLabel(t(language, `contact.fields.${name}`), { exact: true })).toHaveAttribute("aria-invalid", "true");
      }
      await expectAccessible();

      const email = unique("visitor");
      await main.getByLabel(t(language, "contact.fields.name"), { exact: true }).fill("Claire Dubois");
      await main.getByLabel(t(language, "contact.fields.email"), { exact: true }).fill(email);
      await main.getByLabel(t(language, "contact.fields.subject"), { exact: true }).fill("MAG box portal");
      await main
        .getByLabel(t(language, "contact.fields.message"), { exact: true })
        .fill("Which portal address should I enter on my MAG box?");
      await main.getByRole("button", { name: t(language, "contact.send") }).click();
      await expect(page.getByRole("heading", { name: t(language, "contact.sent") })).toBeVisible();

      expect(queryRows("SELECT name, subject, language FROM contact_messages WHERE email = ?", [email])).toEqual([
        { name: "Claire Dubois", subject: "MAG box portal", language },
      ]);
      await expect.poll(() => mails().some((mail) => mail.file.includes("contact-notification") && mail.source.includes(email))).toBe(true);
    });
  }

  test("keeps robots' messages out through the hidden field", async ({ request }) => {
    const email = unique("robot");
    const answer = await request.post("/contact", {
      form: { name: "Bot", email, subject: "Buy", message: "Cheap watches for everyone", website: "http://spam.example" },
    });
    expect(answer.status()).toBe(200);
    expect(queryRows("SELECT id FROM contact_messages WHERE email = ?", [email])).toEqual([]);
  });
});

test.describe("the newsletter", () => {
  test("signs up from the footer, answers a known address as any other, confirms and unsubscribes by link", async ({ page }) => {
    // Two sign-ups, and two mails awaited in the outbox and their links followed: up to 19 s with one of two cores busy.
    test.slow();
    const email = unique("fan");
    await openHydrated(page, "/es/about");
    const footer = page.getByRole("contentinfo");
    await footer.getByLabel(t("es", "footer.newsletter.label")).fill(email);
    await footer.getByRole("button", { name: t("es", "footer.newsletter.submit") }).click();
    await expect(footer.getByRole("status")).toHaveText(t("es", "newsletter.checkInboxText", { email }));
    await expect(page).toHaveURL(/\/es\/about$/);

    // The page never tells who is subscribed: the second sign-up is answered as the first.
    await footer.getByRole("button", { name: t("es", "footer.newsletter.submit") }).click();
    await expect(footer.getByRole("status")).toHaveText(t("es", "newsletter.checkInboxText", { email }));
    expect(queryRows("SELECT email, language, confirmed_at FROM newsletter_subscribers WHERE email = ?", [email])).toEqual([
      { email, language: "es", confirmed_at: null },
    ]);

    let confirmation: string | undefined;
    await expect
      .poll(() => {
        confirmation = mails().find((mail) => mail.file.includes("newsletter-confirmation") && mail.source.includes(email))?.source;
        return Boolean(confirmation);
      })
      .toBe(true);
    const confirmUrl = /https?:\/\/[^\s"<>]+\/newsletter\/confirm\?token=[\w-]+/.exec(confirmation!)?.[0];
    const unsubscribeUrl = /https?:\/\/[^\s"<>]+\/newsletter\/unsubscribe\?token=[\w-]+/.exec(confirmation!)?.[0];
    expect(confirmUrl && unsubscribeUrl).toBeTruthy();

    await openHydrated(page, new URL(confirmUrl!).pathname + new URL(confirmUrl!).search);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("es", "newsletter.confirmed"));
    expect(
      queryRows<{ confirmed_at: string | null }>("SELECT confirmed_at FROM newsletter_subscribers WHERE email = ?", [email])[0]
        ?.confirmed_at,
    ).toBeTruthy();

    // The confirm link takes no post (with the same token it used to unsubscribe).
    const posted = await page.request.post(confirmUrl!.replace(/^https?:\/\/[^/]+/, ""), { form: {} });
    expect(posted.status()).toBe(405);
    expect(
      queryRows<{ unsubscribed_at: string | null }>("SELECT unsubscribed_at FROM newsletter_subscribers WHERE email = ?", [email])[0]
        ?.unsubscribed_at,
    ).toBeNull();

    // Signed up again once confirmed: the same answer, and the mail tells the owner that nothing changed.
    await openHydrated(page, "/es/about");
    await footer.getByLabel(t("es", "footer.newsletter.label")).fill(email);
    await footer.getByRole("button", { name: t("es", "footer.newsletter.submit") }).click();
    await expect(footer.getByRole("status")).toHaveText(t("es", "newsletter.checkInboxText", { email }));
    await expect
      .poll(() => mails().some((mail) => mail.file.includes("newsletter-already-subscribed") && mail.source.includes(email)))
      .toBe(true);

    await openHydrated(page, new URL(unsubscribeUrl!).pathname + new URL(unsubscribeUrl!).search);
    await page.getByRole("button", { name: t("es", "newsletter.unsubscribeButton") }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("es", "newsletter.unsubscribed"));
    expect(
      queryRows<{ unsubscribed_at: string | null }>("SELECT unsubscribed_at FROM newsletter_subscribers WHERE email = ?", [email])[0]
        ?.unsubscribed_at,
    ).toBeTruthy();
  });

  test("works without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const email = unique("nojs");
    await page.goto("/fr");
    await page.getByRole("contentinfo").getByLabel(t("fr", "footer.newsletter.label")).fill(email);
    await page
      .getByRole("contentinfo")
      .getByRole("button", { name: t("fr", "footer.newsletter.submit") })
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("fr", "newsletter.checkInbox"));
    await context.close();
  });

  test("an unknown link says it is not valid", async ({ page }) => {
    await openHydrated(page, "/newsletter/confirm?token=not-a-token");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("en", "newsletter.unknownToken"));
  });
});

test.describe("rate limits", () => {
  test("the contact form says so clearly when an address sends too much", async ({ page }) => {
    // Three hydrated loads of the contact page, each with a message sent: up to 18 s with one of two cores busy.
    test.slow();
    const limited = e2eServers.limited.url;
    const send = async () => {
      await openHydrated(page, `${limited}/contact`);
      const main = page.getByRole("main");
      await main.getByLabel(t("en", "contact.fields.name"), { exact: true }).fill("Sam");
      await main.getByLabel(t("en", "contact.fields.email"), { exact: true }).fill(unique("sam"));
      await main.getByLabel(t("en", "contact.fields.subject"), { exact: true }).fill("Hello");
      await main.getByLabel(t("en", "contact.fields.message"), { exact: true }).fill("Just checking the rate limit works.");
      await main.getByRole("button", { name: t("en", "contact.send") }).click();
    };
    for (let attempt = 0; attempt < 2; attempt++) {
      await send();
      await expect(page.getByRole("heading", { name: t("en", "contact.sent") })).toBeVisible();
    }
    const limitedAnswer = page.waitForResponse((response) => response.request().method() === "POST");
    await send();
    expect((await limitedAnswer).status()).toBe(429);
    await expect(page.getByRole("alert")).toHaveText(t("en", "contact.rateLimited"));
  });
});
