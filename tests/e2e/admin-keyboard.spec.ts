import login from "../../content/locales/admin/en/login.json" with { type: "json" };
import orders from "../../content/locales/admin/en/orders.json" with { type: "json" };
import { customer, payByPost } from "../support/checkout.ts";
import { accessDetails, accessFields, fill, newOperator } from "../support/console.ts";
import { expect, test } from "../support/fixtures.ts";
import { tabTo, typeInto } from "../support/keyboard.ts";
import { openHydrated, queryRows } from "../support/store.ts";

/**
 * The console is complete by keyboard: the operator's day with Tab, Shift+Tab, Enter, Space and typing only,
 * never a click, and the focus always visible on what is about to be used.
 */
test("by keyboard alone: sign in, find an order by e-mail, deliver its access, refund it, and read both on its timeline", async ({
  page,
  request,
}) => {
  test.slow();
  const operator = newOperator();
  const email = `keyboard.${Date.now()}@example.com`;
  const reference = await payByPost(request, customer({ email }));
  expect(reference).toMatch(/-/);

  // Signing in.
  await openHydrated(page, "/admin/orders");
  await expect(page).toHaveURL(/\/admin\/login/);
  await typeInto(page, page.getByLabel(login.email, { exact: true }), operator.email);
  await typeInto(page, page.getByLabel(login.password, { exact: true }), operator.password);
  await tabTo(page, page.getByRole("button", { name: login.submit }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/orders$/);

  // Finding the order by the customer's e-mail, and opening it.
  await typeInto(page, page.getByLabel(orders.list.search, { exact: true }), email);
  await tabTo(page, page.getByRole("button", { name: orders.list.apply }));
  await page.keyboard.press("Space");
  await expect(page.getByRole("table")).toContainText(email);
  await tabTo(page, page.getByRole("link", { name: reference }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(fill(orders.detail.heading, { reference }));

  // Delivering access: every field typed into, the form sent with Enter.
  for (const [field, value] of accessFields(page, accessDetails("keyboard"))) await typeInto(page, field, value);
  await typeInto(page, page.getByLabel(orders.deliver.note, { exact: true }), "Welcome aboard");
  await tabTo(page, page.getByRole("button", { name: orders.deliver.submit }));
  await page.keyboard.press("Enter");
  const delivered = page.getByRole("status").filter({ hasText: fill(orders.deliver.done, { email }) });
  await expect(delivered).toBeVisible();
  // The answer takes the focus, so the operator hears it and goes on from there.
  await expect(delivered).toBeFocused();

  // Refunding: a reason chosen with the arrow keys, the review, then its confirmation.
  const reason = page.getByLabel(orders.refund.reason, { exact: true });
  await tabTo(page, reason);
  for (let presses = 0; presses < 6 && (await reason.inputValue()) !== "requestedByCustomer"; presses++) {
    await page.keyboard.press("ArrowDown");
  }
  await expect(reason).toHaveValue("requestedByCustomer");
  await tabTo(page, page.getByRole("button", { name: orders.refund.review }));
  await page.keyboard.press("Enter");
  const confirmation = page.getByRole("heading", { name: /^Refund .+\?$/ });
  await expect(confirmation).toBeFocused();
  // Both ways out of the confirmation are reachable: on to "Don't refund", then back to the refund itself.
  await tabTo(page, page.getByRole("link", { name: orders.refund.cancel }));
  await tabTo(page, page.getByRole("button", { name: /^Yes, refund/ }), "Shift+Tab");
  await page.keyboard.press("Space");
  const refunded = page.getByRole("status").filter({ hasText: /^Refunded/ });
  await expect(refunded).toBeVisible();
  await expect(refunded).toBeFocused();

  // Both on the timeline, by this operator, and in the database.
  const timeline = page.getByRole("list").filter({ hasText: orders.timeline.events.created });
  await expect(timeline).toContainText(orders.timeline.events.delivered);
  await expect(timeline).toContainText(orders.timeline.events.refunded.split(" {{")[0]!);
  await expect(timeline).toContainText(operator.email);
  expect(queryRows("SELECT status FROM orders WHERE reference = ?", [reference])).toEqual([{ status: "refunded" }]);
});
