import { type Customer, customer, field, fillCheckout, payButton } from "../support/checkout.ts";
import { expect, test } from "../support/fixtures.ts";
import { languages, localized, site, t } from "../support/site.ts";
import { everythingKept, openHydrated, queryRows } from "../support/store.ts";

// Invalid forms, declined payments and rate limits answer 4xx on purpose; the browser logs each one.
test.beforeEach(({ consoleErrors }) => consoleErrors.allow(/status of 4\d\d/));

test.describe("checkout", () => {
  test("an approved payment: processing, then success with the order reference", async ({ page, expectAccessible }) => {
    await openHydrated(page, "/checkout?plan=premium&viewers=2");
    await expect(page.getByLabel(t("en", "checkout.changePlan"))).toHaveValue("premium");
    const platinum = site.plans.find((plan) => plan.key === "premium")!;
    await expect(page.locator("[data-total]")).toHaveText(`€${platinum.viewerPrices[2] / 100}`);
    await expect(page.getByRole("heading", { name: t("en", "checkout.testModeTitle") })).toBeVisible();
    await expectAccessible();

    const details = customer();
    await fillCheckout(page, "en", details);
    await expect(page.getByText(t("en", "checkout.cardBrand", { brand: "Visa" }))).toBeVisible();
    await payButton(page, "en").click();
    await expect(page.getByRole("status").filter({ hasText: t("en", "checkout.processing") })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("en", "checkout.success"));
    const reference = await page.locator("[data-order-reference]").getAttribute("data-order-reference");
    expect(reference).toMatch(/^[A-Z]+-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    await expectAccessible();

    const [order] = queryRows<Record<string, unknown>>("SELECT * FROM orders WHERE reference = ?", [reference!]);
    expect(order).toMatchObject({
      status: "paid",
      plan_key: "premium",
      viewers: 2,
      amount_cents: platinum.viewerPrices[2],
      currency: "EUR",
      language: "en",
      card_brand: "visa",
      card_last4: "4242",
      email: details.email,
    });
  });

  test("a declined payment keeps the form, clears the CVV and says why, in Spanish", async ({ page }) => {
    await openHydrated(page, "/es/checkout");
    await fillCheckout(page, "es", customer({ cardNumber: "4000 0000 0000 0002" }));
    await payButton(page, "es").click();
    const alert = page.getByRole("alert");
    await expect(alert).toContainText(t("es", "checkout.failure"));
    await expect(alert).toContainText(t("es", "checkout.declined.declined"));
    await expect(field(page, "es", "firstName")).toHaveValue("Ana");
    await expect(field(page, "es", "cardNumber")).toHaveValue("4000 0000 0000 0002");
    await expect(field(page, "es", "cvv")).toHaveValue("");

    // A new attempt with another card is a new order, approved.
    await field(page, "es", "cardNumber").fill("4242 4242 4242 4242");
    await field(page, "es", "cvv").fill("321");
    await payButton(page, "es").click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("es", "checkout.success"));
  });

  test("names each field's problem, tied to the field, in every language", async ({ page, expectAccessible }) => {
    test.slow();
    for (const language of languages) {
      await openHydrated(page, localized(language, "/checkout"));
      await payButton(page, language).click();
      for (const name of [
        "firstName",
        "lastName",
        "email",
        "phone",
        "cardNumber",
        "expiryDate",
        "cvv",
        "country",
        "city",
        "address",
      ] as const) {
        const input = field(page, language, name);
        await expect(input).toHaveAttribute("aria-invalid", "true");
        await expect(input).toHaveAccessibleDescription(new RegExp(t(language, "checkout.errors.required").replace(/[.?]/g, "\\$&")));
      }
      await expect(page.getByRole("alert")).toContainText(t(language, "checkout.errorSummary"));
      await expectAccessible();
    }

    await openHydrated(page, "/checkout");
    await fillCheckout(
      page,
      "en",
      customer({ email: "ana@", phone: "123", cardNumber: "4242 4242 4242 4241", expiryDate: "01/20", cvv: "12", postalCode: "ABC" }),
    );
    await payButton(page, "en").click();
    const expected = {
      email: "email",
      phone: "phone",
      cardNumber: "cardNumber",
      expiryDate: "expiryPast",
      cvv: "cvv",
      postalCode: "postalCode",
    } as const;
    for (const [name, error] of Object.entries(expected)) {
      await expect(field(page, "en", name as keyof Customer)).toHaveAccessibleDescription(
        new RegExp(t("en", `checkout.errors.${error}`).replace(/[.?()]/g, "\\$&")),
      );
    }
    // Leaving a corrected field clears its error.
    await field(page, "en", "email").fill("ana@example.com");
    await field(page, "en", "email").blur();
    await expect(field(page, "en", "email")).toHaveAttribute("aria-invalid", "false");
  });

  test("its rules (zod, phone numbers) are downloaded only when the visitor starts on the form", async ({ page }) => {
    const rulesScripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script" && /\/assets\/(schema|zod)-/.test(request.url())) rulesScripts.push(request.url());
    });
    await openHydrated(page, "/checkout");
    await page.waitForLoadState("networkidle");
    expect(rulesScripts).toEqual([]);
    // The first focus on the form asks for them; a field left empty is then checked as before.
    const asked = page.waitForRequest((request) => /\/assets\/zod-/.test(request.url()));
    await field(page, "en", "firstName").focus();
    await asked;
    await field(page, "en", "firstName").blur();
    await expect(field(page, "en", "firstName")).toHaveAttribute("aria-invalid", "true");
  });

  test("its country list is in the page, not in its data; a client navigation asks for it", async ({ page, request }) => {
    // Once in the HTML, as options: not again in the data React Router writes into the page.
    const html = await (await request.get("/fr/checkout", { headers: { accept: "text/html" } })).text();
    expect(html.match(/Allemagne/g)).toHaveLength(1);
    expect(html).toContain('<option value="DE">Allemagne</option>');
    const listed = html.match(/<option value="[A-Z]{2}"/g)?.length ?? 0;
    expect(listed).toBeGreaterThan(240);

    await openHydrated(page, "/fr");
    const plans = page.locator("#plans");
    await plans.scrollIntoViewIfNeeded();
    await expect(plans).toHaveAttribute("data-loaded", "true");
    const listAsked = page.waitForResponse((response) => response.url().endsWith("/countries/fr.json"));
    await plans.locator('[data-plan="advanced"]').getByRole("link").click();
    await expect(page).toHaveURL(localized("fr", "/checkout?plan=advanced&viewers=1"));
    expect((await listAsked).status()).toBe(200);
    const country = field(page, "fr", "country");
    // The same countries as the server's page, after the empty choice.
    await expect(country.locator("option")).toHaveCount(listed + 1);
    await country.selectOption("BE");
    await expect(country.locator("option:checked")).toHaveText("Belgique");
  });

  test("its country list is still there after a client navigation when the list cannot be fetched", async ({ page, consoleErrors }) => {
    consoleErrors.allow(/countries\/es\.json/);
    await page.route("**/countries/*.json", (route) => route.abort());
    await openHydrated(page, "/es");
    const plans = page.locator("#plans");
    await plans.scrollIntoViewIfNeeded();
    await expect(plans).toHaveAttribute("data-loaded", "true");
    await plans.locator('[data-plan="premium"]').getByRole("link").click();
    await expect(page).toHaveURL(localized("es", "/checkout?plan=premium&viewers=1"));
    // The browser's own names, rather than a list the visitor cannot choose from.
    const country = field(page, "es", "country");
    await expect.poll(() => country.locator("option").count()).toBeGreaterThan(200);
    await country.selectOption("MX");
    await expect(country).toHaveValue("MX");
  });

  test("works without JavaScript, through the server", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/fr/checkout?plan=vip");
    await payButton(page, "fr").click();
    await expect(page.getByText(t("fr", "checkout.errors.required")).first()).toBeVisible();
    await fillCheckout(page, "fr", customer({ country: "FR", phone: "06 12 34 56 78", postalCode: "75011" }));
    await payButton(page, "fr").click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("fr", "checkout.success"));
    await context.close();
  });

  test("a double submit or a replay of the same checkout makes one order", async ({ page, request }) => {
    await openHydrated(page, "/checkout");
    const details = customer();
    await fillCheckout(page, "en", details);
    await payButton(page, "en").dblclick();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("en", "checkout.success"));
    expect(queryRows("SELECT id FROM orders WHERE email = ?", [details.email])).toHaveLength(1);

    const replay = customer();
    const form = { ...replay, plan: "advanced", viewers: "1", idempotencyKey: "e2e-replay-0f8fad5b-d9cb-469f" };
    const answers = await Promise.all([1, 2, 3].map(() => request.post("/checkout", { form })));
    const references = await Promise.all(answers.map(async (answer) => /data-order-reference="([^"]+)"/.exec(await answer.text())?.[1]));
    expect(new Set(references).size).toBe(1);
    expect(references[0]).toBeTruthy();
    expect(queryRows("SELECT id FROM orders WHERE email = ?", [replay.email])).toHaveLength(1);
  });

  test("never keeps, logs or mails a full card number or a CVV", async ({ page }) => {
    // Two checkouts paid in the browser, then everything the servers kept read whole: about 17 s when busy.
    test.slow();
    await openHydrated(page, "/checkout");
    await fillCheckout(page, "en", customer({ cardNumber: "3782 822463 10005", cvv: "8317" }));
    await payButton(page, "en").click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("en", "checkout.success"));
    await openHydrated(page, "/checkout");
    await fillCheckout(page, "en", customer({ cardNumber: "4000 0000 0000 0002", cvv: "914" }));
    await payButton(page, "en").click();
    await expect(page.getByRole("alert")).toContainText(t("en", "checkout.failure"));

    await expect.poll(() => everythingKept().includes("order-confirmation")).toBe(true);
    // The log is full of request ids (UUIDs), times and durations, where a 4-digit CVV can appear by chance:
    // those are taken out, and each secret must stand as a token of its own to count.
    const kept = everythingKept()
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, "<uuid>")
      .replace(/\d{4}-\d{2}-\d{2}T[\d:.-]+Z/g, "<time>")
      .replace(/"durationMs":[\d.]+/g, '"durationMs":0');
    const contains = (secret: string) => new RegExp(`(?<![0-9A-Za-z])${secret}(?![0-9A-Za-z])`).test(kept);
    for (const secret of [
      "378282246310005",
      "3782 822463 10005",
      "8317",
      "4000000000000002",
      "4000 0000 0000 0002",
      "9146",
      "4242424242424242",
    ]) {
      expect(contains(secret), `"${secret}" was found in the database, the mails or the log`).toBe(false);
    }
    expect(queryRows("SELECT card_brand, card_last4 FROM orders WHERE card_last4 = '0005'")).toContainEqual({
      card_brand: "amex",
      card_last4: "0005",
    });
  });
});
