import { signInCustomer } from "../support/account.ts";
import { customerWithAccess, d, named, newEmail, withoutJavaScript } from "../support/account-dashboard.ts";
import { codeOf, mailTo, say } from "../support/account-sign-in.ts";
import { consoleText, runSql, signedInOperator } from "../support/console.ts";
import { expect, test } from "../support/fixtures.ts";
import { e2eServers } from "../support/servers.ts";
import { t } from "../support/site.ts";
import { openHydrated, queryRows } from "../support/store.ts";

test.describe("the signed-in customer's account", () => {
  // The visitor's address as the server's trusted proxy reports it: the console's timeline names it.
  test.use({ extraHTTPHeaders: { "X-Forwarded-For": "203.0.113.77" } });
  // Each test places its orders through the checkout first, and one visits the console too: on a busy
  // machine that is most of the default 30 s.
  test.describe.configure({ timeout: 60_000 });

  test("shows the subscription, the orders with their history and the preferences, in English", async ({
    page,
    context,
    request,
    expectAccessible,
  }) => {
    const email = newEmail("claire");
    const order = await customerWithAccess(request, email, 5);
    const ended = await customerWithAccess(request, email, -3);
    runSql("UPDATE accesses SET status = 'expired' WHERE reference = ?", [ended.reference]);
    const refunded = await customerWithAccess(request, email, 40);
    runSql("UPDATE accesses SET status = 'revoked', revoked_at = ?, revoke_reason = 'refund' WHERE reference = ?", [
      new Date().toISOString(),
      refunded.reference,
    ]);
    await signInCustomer(context, email);
    await openHydrated(page, "/account");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(d("en", "title"));
    await expect(page.getByText(d("en", "signedInAs", { email }))).toBeVisible();

    const subscriptions = page.getByRole("region", { name: d("en", "subscriptions.heading") });
    await expect(
      subscriptions.getByRole("heading", { name: d("en", "subscriptions.planLine", { plan: "Platinum", count: 2 }) }),
    ).toHaveCount(3);
    await expect(subscriptions.getByText(d("en", "subscriptions.state.ending", { count: 5 }))).toBeVisible();
    await expect(subscriptions.getByText(/UTC/)).toHaveCount(3);
    const renew = subscriptions.getByRole("link", {
      name: named("en", "subscriptions.renew", { plan: "Platinum", reference: order.reference }),
    });
    await expect(renew).toHaveAttribute("href", /^\/checkout\?renew=[\w-]+\.[\w-]+$/);
    // The guides once, under the running access only.
    await expect(subscriptions.getByRole("link", { name: /Fire TV Stick/ })).toHaveAttribute("href", "/blog/fire-tv-stick-setup-guide");
    await expect(subscriptions.getByText(d("en", "subscriptions.state.expired"), { exact: true })).toBeVisible();
    await expect(subscriptions.getByText(d("en", "subscriptions.expiredHint"))).toBeVisible();
    await expect(
      subscriptions.getByRole("link", { name: named("en", "subscriptions.renew", { plan: "Platinum", reference: ended.reference }) }),
    ).toBeVisible();
    await expect(subscriptions.getByText(d("en", "subscriptions.state.revoked"), { exact: true })).toBeVisible();
    await expect(
      subscriptions.getByRole("link", { name: named("en", "subscriptions.renew", { plan: "Platinum", reference: refunded.reference }) }),
    ).toHaveCount(0);
    await expect(
      subscriptions.getByRole("link", { name: named("en", "subscriptions.details", { reference: refunded.reference }) }),
    ).toHaveCount(0);

    const orders = page
      .getByRole("region", { name: d("en", "orders.heading") })
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: d("en", "orders.reference", { reference: order.reference }) }) });
    await expect(orders.getByText(d("en", "orders.card", { brand: "Visa", last4: "4242" }))).toBeVisible();
    await expect(orders.getByText(d("en", "orders.statuses.fulfilled"), { exact: true })).toBeVisible();
    await expect(orders.getByText(d("en", "orders.events.paid"), { exact: true })).toBeVisible();
    await expect(orders.getByText(d("en", "orders.events.delivered"), { exact: true })).toBeVisible();
    await expect(page.locator("body")).not.toContainText("internal note for the team");
    await expect(page.locator("body")).not.toContainText("ops@shop.example");
    await expectAccessible();

    // The renewal link opens the checkout marked as a renewal.
    await renew.click();
    await expect(page).toHaveURL(/\/checkout\?renew=/);
    await expect(page.getByRole("status").filter({ hasText: t("en", "checkout.renewWelcome") })).toBeVisible();
  });

  test("saves the preferences with JavaScript, in French, and keeps everything else", async ({
    page,
    context,
    request,
    expectAccessible,
  }) => {
    const email = newEmail("lea");
    await customerWithAccess(request, email, 20, "fr");
    await signInCustomer(context, email);
    await openHydrated(page, "/fr/account");
    const preferences = page.getByRole("region", { name: d("fr", "preferences.heading") });
    await preferences
      .getByRole("group", { name: d("fr", "preferences.reminders") })
      .getByText(d("fr", "preferences.off"))
      .click();
    await preferences
      .getByRole("group", { name: d("fr", "preferences.newsletter") })
      .getByText(d("fr", "preferences.on"))
      .click();
    await preferences.getByText("Español", { exact: true }).click();
    await preferences.getByRole("button", { name: d("fr", "preferences.save") }).click();
    await expect(page.getByRole("status").filter({ hasText: d("fr", "preferences.saved") })).toBeVisible();
    await expect(page.getByText(d("fr", "subscriptions.remindersOff"))).toBeVisible();
    await expectAccessible();
    expect(queryRows("SELECT email FROM reminder_opt_outs WHERE email = ?", [email])).toHaveLength(1);
    expect(queryRows("SELECT mail_language FROM customer_preferences WHERE email = ?", [email])).toEqual([{ mail_language: "es" }]);
    const [subscriber] = queryRows<{ confirmed_at: string | null }>("SELECT confirmed_at FROM newsletter_subscribers WHERE email = ?", [
      email,
    ]);
    expect(subscriber?.confirmed_at).toBeTruthy();
  });

  test("reveals the access details to a fresh session and notes it on the timeline, in Spanish", async ({
    page,
    context,
    request,
    expectAccessible,
  }) => {
    const email = newEmail("luis");
    const order = await customerWithAccess(request, email, 20, "es");
    await signInCustomer(context, email);
    await openHydrated(page, "/es/account");
    await page.getByRole("link", { name: named("es", "subscriptions.details", { reference: order.reference }) }).click();
    await expect(page).toHaveURL(`/es/account/access/${order.reference}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(d("es", "access.title", { reference: order.reference }));
    await expect(page.getByText(`pw-${order.username}-secret`)).toHaveCount(0);
    await expectAccessible();

    await page.getByRole("button", { name: d("es", "access.reveal") }).click();
    await expect(page.getByText(`pw-${order.username}-secret`)).toBeVisible();
    await expect(page.getByText(d("es", "access.fields.playlistUrl"))).toBeVisible();
    await expectAccessible();
    const lines = queryRows<{ actor: string; details: string }>(
      "SELECT actor, details FROM order_events WHERE order_id = ? AND type = 'access-revealed'",
      [order.id],
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]?.actor).toBe("customer");
    expect(lines[0]?.details).not.toContain("secret");

    await page.getByRole("button", { name: d("es", "access.resend") }).click();
    await expect(page.getByRole("status").filter({ hasText: d("es", "access.sent", { email }) })).toBeVisible();
    await page.getByRole("button", { name: d("es", "access.resend") }).click();
    await expect(page.getByRole("alert").filter({ hasText: d("es", "access.tooSoon") })).toBeVisible();
    await expectAccessible();
    expect(queryRows("SELECT id FROM mails WHERE order_id = ? AND kind = 'order-access'", [order.id])).toHaveLength(1);

    // The operator reads who revealed, from where, on the order's timeline.
    await signedInOperator(page, "es");
    await page.goto(`/admin/orders/${order.reference}`);
    await expect(page.getByText(consoleText("es").orders.timeline.events.accessRevealed)).toBeVisible();
    await expect(page.getByText(/203\.0\.113\.77/)).toBeVisible();
  });

  test("asks an old session for a fresh code before revealing, and answers another's access as unknown, in French", async ({
    page,
    context,
    request,
    expectAccessible,
    consoleErrors,
  }) => {
    consoleErrors.allow(/status of 404/);
    const email = newEmail("marc");
    const order = await customerWithAccess(request, email, 20, "fr");
    const stranger = await customerWithAccess(request, newEmail("zoe"), 20, "fr");
    await signInCustomer(context, email, { verifiedAgoMs: 11 * 60_000 });
    const accessPage = `/fr/account/access/${order.reference}`;
    await openHydrated(page, accessPage);
    await page.getByRole("button", { name: d("fr", "access.reveal") }).click();
    await expect(page).toHaveURL(`/fr/account/verify?next=${encodeURIComponent(accessPage)}`);
    expect(queryRows("SELECT id FROM order_events WHERE order_id = ? AND type = 'access-revealed'", [order.id])).toEqual([]);
    await expect(page.getByText(`pw-${order.username}-secret`)).toHaveCount(0);

    // The fresh code comes by mail; typed, it brings the customer back to the access, which now opens.
    await page.getByRole("button", { name: say("fr", "verifySend") }).click();
    const code = codeOf(await mailTo(email, "account-step-up"));
    await page.getByRole("main").getByLabel(say("fr", "codeLabel")).fill(code);
    await page.getByRole("button", { name: say("fr", "verifySubmit") }).click();
    await expect(page).toHaveURL(accessPage);
    await page.getByRole("button", { name: d("fr", "access.reveal") }).click();
    await expect(page.getByText(`pw-${order.username}-secret`)).toBeVisible();
    await expectAccessible();
    expect(queryRows("SELECT id FROM order_events WHERE order_id = ? AND type = 'access-revealed'", [order.id])).toHaveLength(1);

    for (const reference of [stranger.reference, "NS-ZZZZ-ZZZZ"]) {
      const answer = await page.goto(`/fr/account/access/${reference}`);
      expect(answer?.status()).toBe(404);
      await expect(page.getByRole("alert")).toHaveText(d("fr", "access.notFound"));
    }
    await expectAccessible();
  });

  test("works without JavaScript: preferences, reveal, and the sign-out forms", async ({ browser, request }) => {
    const email = newEmail("sam");
    const order = await customerWithAccess(request, email, 20);
    const { context, page } = await withoutJavaScript(browser);
    await signInCustomer(context, email);
    await page.goto("/account");
    const preferences = page.getByRole("region", { name: d("en", "preferences.heading") });
    await preferences
      .getByRole("group", { name: d("en", "preferences.newsletter") })
      .getByText(d("en", "preferences.on"))
      .click();
    await preferences.getByRole("button", { name: d("en", "preferences.save") }).click();
    await expect(page.getByText(d("en", "preferences.saved"))).toBeVisible();
    await expect(
      preferences.getByRole("group", { name: d("en", "preferences.newsletter") }).getByLabel(d("en", "preferences.on")),
    ).toBeChecked();

    // A value the form does not offer: a clear answer, and nothing changed.
    const forged = await context.request.post("/account", {
      form: { intent: "preferences", reminders: "maybe", newsletter: "off", mailLanguage: "en" },
      headers: { Origin: e2eServers.main.url },
    });
    expect(forged.status()).toBe(400);
    expect(await forged.text()).toContain(d("en", "preferences.invalid"));
    expect(queryRows("SELECT email FROM newsletter_subscribers WHERE email = ? AND unsubscribed_at IS NULL", [email])).toHaveLength(1);

    for (const intent of ["sign-out", "sign-out-everywhere"]) {
      const form = page.locator(`form:has(input[name=intent][value=${intent}])`);
      await expect(form).toHaveAttribute("action", "/account/sign-out");
      await expect(form).toHaveAttribute("method", "post");
    }
    await expect(page.getByRole("link", { name: d("en", "session.download") })).toHaveAttribute("href", "/account/data");
    await expect(page.getByRole("link", { name: d("en", "session.delete") })).toHaveAttribute("href", "/account/delete");

    await page.goto(`/account/access/${order.reference}`);
    const [revealed] = await Promise.all([
      page.waitForResponse((response) => response.request().method() === "POST"),
      page.getByRole("button", { name: d("en", "access.reveal") }).click(),
    ]);
    await expect(page.getByText(`pw-${order.username}-secret`)).toBeVisible();
    // The page with the details may be kept by no cache, not even the browser's (Back, a shared computer).
    expect(revealed.headers()["cache-control"]).toBe("private, no-store");
    await context.close();
  });

  test("says so when the address has no subscription and no order yet, in Spanish", async ({ page, context, expectAccessible }) => {
    await signInCustomer(context, newEmail("nadie"));
    await openHydrated(page, "/es/account");
    await expect(page.getByText(d("es", "subscriptions.none"))).toBeVisible();
    await expect(page.getByText(d("es", "orders.none"))).toBeVisible();
    await expectAccessible();
  });
});
