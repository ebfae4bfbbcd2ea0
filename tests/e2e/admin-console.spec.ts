import audit from "../../content/locales/admin/en/audit.json" with { type: "json" };
import inbox from "../../content/locales/admin/en/inbox.json" with { type: "json" };
import orders from "../../content/locales/admin/en/orders.json" with { type: "json" };
import subscribers from "../../content/locales/admin/en/subscribers.json" with { type: "json" };
import mailEs from "../../content/mail/es.json" with { type: "json" };
import { parseCsv } from "../../server/admin/csv.ts";
import { customer, fillCheckout, payButton } from "../support/checkout.ts";
import { accessDetails, accessFields, fill, newOperator, runSql, signIn } from "../support/console.ts";
import { expect, test } from "../support/fixtures.ts";
import { site, t } from "../support/site.ts";
import { mails, openHydrated, queryRows } from "../support/store.ts";

test("the operator's day: a visitor pays, the operator finds the order, delivers access, refunds it, and the timeline tells it all", async ({
  page,
  browser,
  expectAccessible,
}) => {
  test.slow();
  const operator = newOperator();

  // A visitor pays, in Spanish.
  const visitor = await browser.newPage();
  const email = `cliente.${Date.now()}@example.com`;
  await openHydrated(visitor, "/es/checkout?plan=premium&viewers=2");
  await fillCheckout(visitor, "es", customer({ email }));
  await payButton(visitor, "es").click();
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(t("es", "checkout.success"));
  const reference = (await visitor.locator("[data-order-reference]").getAttribute("data-order-reference"))!;
  await visitor.close();

  // The operator finds it by e-mail.
  await signIn(page, operator);
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expectAccessible();
  await page.getByLabel(orders.list.search, { exact: true }).fill(email);
  await page.getByRole("button", { name: orders.list.apply }).click();
  await expect(page.getByRole("table")).toContainText(email);
  await page.getByRole("link", { name: reference }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(fill(orders.detail.heading, { reference }));
  await expectAccessible();

  // Delivers access: the customer's mail, in Spanish, carries the details.
  const details = accessDetails("cliente");
  for (const [field, value] of accessFields(page, details)) await field.fill(value);
  await page.getByRole("button", { name: orders.deliver.submit }).click();
  await expect(page.getByRole("status").filter({ hasText: fill(orders.deliver.done, { email }) })).toBeVisible();
  await expectAccessible();
  const [delivered] = queryRows<{ status: string; details: string }>(
    "SELECT orders.status, accesses.details FROM orders JOIN accesses ON accesses.id = orders.access_id WHERE orders.reference = ?",
    [reference],
  );
  expect(delivered?.status).toBe("fulfilled");
  expect(delivered?.details).toMatch(/^v1\./);
  expect(delivered?.details).not.toContain(details.password);
  await expect
    .poll(() => mails().find((mail) => mail.file.includes("order-access") && mail.source.includes(email))?.source ?? "")
    .toContain(details.password);
  const accessMail = mails().find((mail) => mail.file.includes("order-access") && mail.source.includes(email))!.source;
  // The mail helper reads quoted-printable bytes one by one: read them again as UTF-8 for the accents.
  const accessText = Buffer.from(accessMail, "latin1").toString("utf8");
  expect(accessText).toContain(`<title>${fill(mailEs.accessMail.subject, { brand: site.brand.name, reference })}</title>`);
  expect(accessText).toContain(mailEs.accessMail.heading);

  // Refunds it, after a confirmation step.
  await page.getByLabel(orders.refund.reason, { exact: true }).selectOption({ label: orders.refund.reasons.requestedByCustomer });
  await page.getByRole("button", { name: orders.refund.review }).click();
  await page.getByRole("button", { name: /^Yes, refund/ }).click();
  await expect(page.getByRole("status").filter({ hasText: /^Refunded/ })).toBeVisible();
  const [refunded] = queryRows<{ status: string; refunded_cents: number; amount_cents: number }>(
    "SELECT status, refunded_cents, amount_cents FROM orders WHERE reference = ?",
    [reference],
  );
  expect(refunded).toMatchObject({ status: "refunded", refunded_cents: refunded!.amount_cents });
  await expect.poll(() => mails().some((mail) => mail.file.includes("order-refund") && mail.source.includes(email))).toBe(true);

  // The timeline tells every step. A fresh visit, not a reload: a refund posted before the page hydrated would be posted again.
  await page.goto(`/admin/orders/${reference}`);
  const timeline = page.getByRole("list").filter({ hasText: orders.timeline.events.created });
  for (const step of [
    orders.timeline.events.created,
    orders.timeline.events.paid,
    orders.timeline.events.delivered,
    orders.timeline.events.refunded.split(" {{")[0]!,
    fill(orders.timeline.mails.queued, { mail: orders.timeline.mailKinds.orderConfirmation, to: email }),
    fill(orders.timeline.mails.queued, { mail: orders.timeline.mailKinds.orderAccess, to: email }),
    fill(orders.timeline.mails.queued, { mail: orders.timeline.mailKinds.orderRefund, to: email }),
  ]) {
    await expect(timeline, step).toContainText(step);
  }
  await expect(timeline).toContainText(operator.email);
  await expectAccessible();

  // And the audit log has the operator's actions.
  const actions = queryRows<{ action: string }>("SELECT action FROM audit_log WHERE operator_email = ? ORDER BY id", [operator.email]).map(
    (row) => row.action,
  );
  expect(actions).toEqual(expect.arrayContaining(["sign-in", "deliver", "refund"]));
});

test("the inbox, the subscribers with their CSV export, and the audit log", async ({ page, request, expectAccessible }) => {
  // Eight pages, each checked by axe, and a download: 26-28 of 30 s on a busy two-core machine.
  test.slow();
  const operator = newOperator();
  const stamp = Date.now();
  await request.post("/contact", {
    form: {
      name: "Zoë Garçon",
      email: `zoe.${stamp}@example.com`,
      subject: `Mi MAG ${stamp}`,
      message: "¿Qué dirección de portal pongo en mi MAG?",
    },
  });
  await request.post("/newsletter", { form: { email: `fan.${stamp}@example.com` } });
  // An address a spreadsheet would read as a formula, as a newsletter sign-up from an older form could hold.
  const formula = `=HYPERLINK("http://evil.example")${stamp}@example.com`;
  const at = new Date().toISOString();
  runSql(
    "INSERT INTO newsletter_subscribers (email, language, confirmation_token, confirmed_at, unsubscribed_at, created_at, updated_at) VALUES (?, 'fr', ?, ?, NULL, ?, ?)",
    [formula, `tok-${stamp}`, at, at, at],
  );

  await signIn(page, operator, "/admin/messages");
  await expect(page).toHaveURL(/\/admin\/messages$/);
  await expectAccessible();
  await page.getByRole("link", { name: `Mi MAG ${stamp}` }).click();
  await expect(page.getByText("¿Qué dirección de portal pongo en mi MAG?")).toBeVisible();
  await expect(page.getByRole("link", { name: inbox.reply })).toHaveAttribute(
    "href",
    new RegExp(`^mailto:zoe\\.${stamp}@example\\.com\\?subject=Re`),
  );
  await page.getByRole("button", { name: inbox.markHandled }).click();
  await expect(page.getByRole("status").filter({ hasText: inbox.outcomes.handled })).toBeVisible();
  await expectAccessible();

  await page.goto("/admin/subscribers");
  await expectAccessible();
  const download = await page.request.get("/admin/subscribers.csv?state=all");
  expect(download.headers()["content-type"]).toMatch(/^text\/csv; charset=utf-8/);
  const rows = parseCsv(await download.text());
  expect(rows[0]).toEqual(["email", "language", "state", "signed_up", "confirmed", "unsubscribed"]);
  expect(rows.map((row) => row[0])).toEqual(expect.arrayContaining([`fan.${stamp}@example.com`, `'${formula}`]));
  expect(rows.find((row) => row[0] === `fan.${stamp}@example.com`)?.[2]).toBe("awaiting");
  expect(await page.getByRole("link", { name: subscribers.export }).getAttribute("href")).toContain("/admin/subscribers.csv");

  await page.goto("/admin/audit");
  await expect(page.getByRole("table", { name: audit.caption })).toContainText(operator.email);
  await expectAccessible();
  const logged = queryRows<{ action: string }>("SELECT action FROM audit_log WHERE operator_email = ?", [operator.email]).map(
    (row) => row.action,
  );
  expect(logged).toEqual(expect.arrayContaining(["sign-in", "message-handled", "export"]));
});
