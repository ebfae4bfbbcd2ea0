/**
 * Renewing the same line: the reminder's Renew link opens the checkout as a renewal of the access; paid 7
 * days before the end it moves the end by exactly the plan's months from the old end, paid after the end it
 * runs from now; the provisioning system gets `access.extended` for the same access id, signed; a refund
 * revokes the access, and a revoked access can no longer be renewed. English, Spanish and French; axe on every
 * page visited.
 */
import type { Page } from "@playwright/test";
import { addCalendarMonths } from "../../common/access-period.ts";
import orders from "../../content/locales/admin/en/orders.json" with { type: "json" };
import { accessRow, type DeliveredAccess, deliveredAccess, renewalOf, renewLink } from "../support/access-e2e.ts";
import { customer, field, payButton } from "../support/checkout.ts";
import { accessDetails, accessFields, fill, signedInOperator } from "../support/console.ts";
import { startTestReceiver } from "../support/fake-provisioning.ts";
import { expect, test } from "../support/fixtures.ts";
import { e2eProvisioning, e2eServers } from "../support/servers.ts";
import { type Language, t } from "../support/site.ts";
import { openHydrated } from "../support/store.ts";

const premiumMonths = 6;

/** Opens the Renew link, checks it is a renewal with the details filled in, and pays with the test card. */
async function renewThroughLink(page: Page, link: string, language: Language, email: string, expectAccessible: () => Promise<void>) {
  await openHydrated(page, link);
  await expect(page.getByRole("status").filter({ hasText: t(language, "checkout.renewWelcome") })).toBeVisible();
  await expect(field(page, language, "email")).toHaveValue(email);
  await expectAccessible();
  await field(page, language, "cardNumber").fill("4242 4242 4242 4242");
  await field(page, language, "expiryDate").fill("12/30");
  await field(page, language, "cvv").fill("123");
  await payButton(page, language).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t(language, "checkout.success"));
  await expectAccessible();
}

test.describe("renewing the same line", () => {
  // Each test pays twice through the checkout (the order, then its renewal by the Renew link) and audits the
  // renewal's pages: about 20 s alone on a 2-core machine, up to 30 s with one of two cores kept busy.
  test.describe.configure({ timeout: 90_000 });
  test("7 days before the end, through the reminder's Renew link: the end moves by exactly the plan's months", async ({
    page,
    request,
    expectAccessible,
  }) => {
    const details = customer({ email: `early.${Date.now()}@example.com` });
    const access = await deliveredAccess(request, details, 7);
    await renewThroughLink(page, renewLink(access, "en"), "en", details.email, expectAccessible);

    const newEnd = addCalendarMonths(new Date(access.endsAt), premiumMonths).toISOString();
    expect(accessRow(access)).toMatchObject({ status: "active", ends_at: newEnd });
    expect(renewalOf(access)).toMatchObject({
      status: "paid",
      access_id: access.accessId,
      access_starts_at: access.endsAt,
      access_ends_at: newEnd,
    });
  });

  test("after the end, in Spanish: the access runs again from now", async ({ page, request, expectAccessible }) => {
    const details = customer({ email: `late.${Date.now()}@example.com` });
    const access = await deliveredAccess(request, details, -3);
    const before = Date.now();
    await renewThroughLink(page, renewLink(access, "es"), "es", details.email, expectAccessible);
    const after = Date.now();

    const row = accessRow(access);
    expect(row?.status).toBe("active");
    const end = Date.parse(row?.ends_at ?? "");
    expect(end).toBeGreaterThanOrEqual(addCalendarMonths(new Date(before), premiumMonths).getTime());
    expect(end).toBeLessThanOrEqual(addCalendarMonths(new Date(after), premiumMonths).getTime());
  });

  test("with a provisioning system, in French: it gets access.extended for the same access id, signed", async ({
    page,
    request,
    expectAccessible,
  }) => {
    const server = e2eServers.limited;
    const receiver = await startTestReceiver(e2eProvisioning.secret, undefined, e2eProvisioning.port);
    try {
      receiver.answer({ status: 202 });
      const details = customer({ email: `ligne.${Date.now()}@example.com` });
      const access = await deliveredAccess(request, details, 10, { server });
      await renewThroughLink(page, renewLink(access, "fr", server), "fr", details.email, expectAccessible);

      const extended = () =>
        receiver.received
          .map((received) => ({ received, event: JSON.parse(received.body) as { type: string; access?: { id: string; endsAt: string } } }))
          .filter(({ event }) => event.type === "access.extended" && event.access?.id === access.reference);
      await expect.poll(() => extended().length, { timeout: 15_000 }).toBe(1);
      const [{ received, event }] = extended() as [ReturnType<typeof extended>[number]];
      expect(received.verified).toBe(true);
      expect(event.access?.endsAt).toBe(addCalendarMonths(new Date(access.endsAt), premiumMonths).toISOString());
      // The same line, extended: the renewal is done, nothing to deliver.
      await expect.poll(() => renewalOf(access, server)?.status, { timeout: 15_000 }).toBe("fulfilled");
    } finally {
      await receiver.stop();
    }
  });

  test("without a provisioning system, the operator extends the renewal with the current details already filled in", async ({
    page,
    request,
    expectAccessible,
  }) => {
    const details = customer({ email: `by-hand.${Date.now()}@example.com` });
    const line = accessDetails("by_hand");
    const access = await deliveredAccess(request, details, 5, { details: line });
    await renewThroughLink(page, renewLink(access, "en"), "en", details.email, expectAccessible);
    const renewal = renewalOf(access);

    // Signed in straight in the database: signing in is admin-sign-in.spec.ts's, and costs a command-line
    // run and a password hash.
    await signedInOperator(page, "en");
    await page.goto(`/admin/orders/${renewal?.reference}`);
    await expect(page.getByRole("heading", { name: orders.extend.heading })).toBeVisible();
    for (const [input, value] of accessFields(page, line)) await expect(input).toHaveValue(value);
    await expectAccessible();
    await page.getByRole("button", { name: orders.extend.submit }).click();
    await expect(page.getByRole("status").filter({ hasText: orders.extend.done.split(" {{")[0]! })).toBeVisible();
    expect(renewalOf(access)?.status).toBe("fulfilled");
    await expectAccessible();
  });

  test("a refund revokes the access: the operator is told to disable the line, and it can no longer be renewed", async ({
    page,
    request,
    expectAccessible,
  }) => {
    const details = customer({ email: `refund.${Date.now()}@example.com` });
    const access: DeliveredAccess = await deliveredAccess(request, details, 20);
    await signedInOperator(page, "en");
    await page.goto(`/admin/orders/${access.reference}`);
    await page.getByLabel(orders.refund.reason, { exact: true }).selectOption({ label: orders.refund.reasons.requestedByCustomer });
    await page.getByRole("button", { name: orders.refund.review }).click();
    await page.getByRole("button", { name: /^Yes, refund/ }).click();
    await expect(page.getByRole("status").filter({ hasText: /^Refunded/ })).toBeVisible();
    expect(accessRow(access)).toMatchObject({ status: "revoked", revoke_reason: "refund" });
    // A fresh visit, not a reload: a refund posted before the page hydrated would be posted again.
    await page.goto(`/admin/orders/${access.reference}`);
    const disable = fill(orders.line.disableLine, { access: access.reference, reason: orders.line.reasons.refund });
    await expect(page.getByText(disable)).toBeVisible();
    await expectAccessible();

    await openHydrated(page, renewLink(access, "en"));
    await expect(page.getByText(t("en", "checkout.renewRevoked"))).toBeVisible();
    await expect(page.locator('input[name="renew"]')).toHaveCount(0);
    await expectAccessible();
  });
});
