import type { APIRequestContext } from "@playwright/test";
import { idleSessionToken, newOperator, signIn } from "../support/console.ts";
import { expect, test } from "../support/fixtures.ts";
import { e2eServers } from "../support/servers.ts";
import { queryRows } from "../support/store.ts";

/**
 * The console's gate, from outside: every console address and every console action, with no session, with
 * a session gone idle, and as a forged post from another site. None of them may answer data, change
 * anything, or fail with a 500.
 */
const origin = e2eServers.main.url;
const marker = `gate.${Date.now()}@example.com`;
let reference = "";
let messageId = 0;

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: origin });
  const checkout = {
    plan: "vip",
    viewers: "1",
    idempotencyKey: `gate-${Date.now()}-0f8fad5b-d9cb`,
    firstName: "Gate",
    lastName: "Keeper",
    email: marker,
    phone: "+34 612 345 678",
    cardNumber: "4242 4242 4242 4242",
    expiryDate: "12/30",
    cvv: "123",
    country: "ES",
    city: "Madrid",
    postalCode: "28001",
    address: "Gran Vía 1",
  };
  const page = await (await request.post("/checkout", { form: checkout, headers: { Origin: origin } })).text();
  reference = /data-order-reference="([^"]+)"/.exec(page)?.[1] ?? "";
  await request.post("/contact", {
    form: { name: "Gate Keeper", email: marker, subject: "A question", message: "Is the gate locked for everyone?" },
    headers: { Origin: origin },
  });
  messageId = queryRows<{ id: number }>("SELECT id FROM contact_messages WHERE email = ?", [marker])[0]?.id ?? 0;
  await request.dispose();
  expect(reference).toMatch(/-/);
  expect(messageId).toBeGreaterThan(0);
});

const pages = () => [
  "/admin",
  "/admin/orders",
  `/admin/orders?status=paid&q=${encodeURIComponent(marker)}`,
  `/admin/orders/${reference}`,
  "/admin/messages",
  `/admin/messages/${messageId}`,
  "/admin/subscribers",
  "/admin/subscribers.csv",
  "/admin/audit",
  "/admin/account",
  "/admin/no-such-page",
  "/admin/orders.data",
  `/admin/orders/${reference}.data`,
];

const actions = (): [string, Record<string, string>][] => [
  [`/admin/orders/${reference}`, { intent: "settle" }],
  [
    `/admin/orders/${reference}`,
    { intent: "deliver", username: "gate", password: "secret-1", serverUrl: "https://tv.example", playlistUrl: "https://tv.example/p.m3u" },
  ],
  [`/admin/orders/${reference}`, { intent: "resend" }],
  [`/admin/orders/${reference}`, { intent: "refund-confirm", reason: "duplicate" }],
  [`/admin/orders/${reference}`, { intent: "refund", reason: "duplicate", refundedCents: "0" }],
  [`/admin/messages/${messageId}`, { intent: "handle" }],
  ["/admin/account", { intent: "language", language: "es" }],
  ["/admin/account", { intent: "start-2fa" }],
  ["/admin/logout", { scope: "everywhere" }],
];

/** Nothing of the seeded order or message may appear in an answer given to someone not signed in. */
async function expectNothingGiven(answer: Awaited<ReturnType<APIRequestContext["get"]>>, label: string) {
  expect(answer.status(), label).toBeLessThan(500);
  const body = await answer.text();
  // The reference may come back in the sign-in page's `next` when the address itself named it.
  const secrets = [marker, "Gate Keeper", "Gran Vía", ...(label.includes(reference) ? [] : [reference])];
  for (const secret of secrets) expect(body.includes(secret), `${label} gave away ${secret}`).toBe(false);
  if (!label.includes(".data")) {
    expect([302, 303, 401, 403], label).toContain(answer.status());
    if (answer.status() !== 401 && answer.status() !== 403) expect(answer.headers().location ?? "", label).toMatch(/^\/admin\/login/);
  }
}

function orderUnchanged() {
  expect(queryRows("SELECT status, refunded_cents, access_details FROM orders WHERE reference = ?", [reference])).toEqual([
    { status: "paid", refunded_cents: 0, access_details: null },
  ]);
  expect(queryRows("SELECT handled_at FROM contact_messages WHERE id = ?", [messageId])).toEqual([{ handled_at: null }]);
}

for (const [way, cookie] of [
  ["with no session", () => undefined],
  ["with a session idle for 31 minutes", () => idleSessionToken(newOperator().email)],
] as const) {
  test(`${way}, every console page answers the sign-in page and every action changes nothing`, async ({ playwright }) => {
    const token = cookie();
    const headers = { Origin: origin, ...(token ? { Cookie: `admin_session=${token}` } : {}) };
    const request = await playwright.request.newContext({ baseURL: origin, extraHTTPHeaders: headers, maxRedirects: 0 });
    for (const path of pages()) await expectNothingGiven(await request.get(path, { maxRedirects: 0 }), `GET ${path}`);
    const json = await request.get("/admin/orders", { headers: { Accept: "application/json" } });
    expect(json.status()).toBe(401);
    expect(await json.json()).toEqual({ error: "unauthorized" });
    for (const [path, form] of actions()) {
      await expectNothingGiven(await request.post(path, { form, maxRedirects: 0 }), `POST ${path} ${JSON.stringify(form)}`);
    }
    orderUnchanged();
    await request.dispose();
  });
}

test("a forged post from another site is refused, even with a live session, and changes nothing", async ({ page, playwright }) => {
  const operator = newOperator();
  await signIn(page, operator);
  await expect(page).toHaveURL(/\/admin\/orders/);
  const token = (await page.context().cookies()).find((cookie) => cookie.name === "admin_session")?.value;
  expect(token).toBeTruthy();
  const forged = { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site", Cookie: `admin_session=${token}` };
  const request = await playwright.request.newContext({ baseURL: origin, extraHTTPHeaders: forged, maxRedirects: 0 });
  for (const [path, form] of actions()) {
    const answer = await request.post(path, { form });
    expect(answer.status(), `POST ${path}`).toBe(403);
  }
  orderUnchanged();
  await request.dispose();
  // The session survived the forged sign-out.
  await page.goto("/admin/orders");
  await expect(page).toHaveURL(/\/admin\/orders/);
});

test("the console is kept out of caches and search engines", async ({ page, request }) => {
  const operator = newOperator();
  await signIn(page, operator);
  await expect(page).toHaveURL(/\/admin\/orders$/);
  const answer = await page.request.get("/admin/orders");
  expect(answer.headers()["cache-control"]).toBe("no-store");
  expect(answer.headers()["x-robots-tag"]).toBe("noindex, nofollow");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
  const cookie = (await page.context().cookies()).find((candidate) => candidate.name === "admin_session");
  expect(cookie).toMatchObject({ path: "/admin", httpOnly: true, sameSite: "Strict" });
  expect((await request.get("/admin/login")).headers()["cache-control"]).toBe("no-store");
  expect(await (await request.get("/robots.txt")).text()).toMatch(/^Disallow: \/admin$/m);
  expect(await (await request.get("/sitemap.xml")).text()).not.toContain("/admin");
});
