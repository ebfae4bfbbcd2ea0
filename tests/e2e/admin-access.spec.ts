import { readdirSync, readFileSync } from "node:fs";
import type { APIRequestContext } from "@playwright/test";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes.ts";
import { customer, payByPost } from "../support/checkout.ts";
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
let invoiceNumber = "";

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: origin });
  const gateKeeper = { firstName: "Gate", lastName: "Keeper", email: marker, city: "Madrid", postalCode: "28001", address: "Gran Vía 1" };
  reference = await payByPost(request, customer(gateKeeper));
  await request.post("/contact", {
    form: { name: "Gate Keeper", email: marker, subject: "A question", message: "Is the gate locked for everyone?" },
    headers: { Origin: origin },
  });
  messageId = queryRows<{ id: number }>("SELECT id FROM contact_messages WHERE email = ?", [marker])[0]?.id ?? 0;
  invoiceNumber =
    queryRows<{ number: string }>("SELECT invoices.number FROM invoices JOIN orders ON orders.id = invoices.order_id WHERE reference = ?", [
      reference,
    ])[0]?.number ?? "";
  await request.dispose();
  expect(reference).toMatch(/-/);
  expect(messageId).toBeGreaterThan(0);
  expect(invoiceNumber).toMatch(/^\d{4}-\d{6}$/);
});

const pages = () => [
  "/admin",
  "/admin/home",
  "/admin/orders",
  `/admin/orders?status=paid&q=${encodeURIComponent(marker)}`,
  `/admin/orders/${reference}`,
  "/admin/messages",
  `/admin/messages/${messageId}`,
  "/admin/subscribers",
  "/admin/subscribers.csv",
  "/admin/invoices",
  `/admin/invoices?month=${new Date().toISOString().slice(0, 7)}`,
  `/admin/invoices/${invoiceNumber}`,
  `/admin/invoices/${invoiceNumber}/pdf`,
  `/admin/invoices.zip?month=${new Date().toISOString().slice(0, 7)}`,
  `/admin/orders.csv?from=${new Date().toISOString().slice(0, 10)}&to=${new Date().toISOString().slice(0, 10)}`,
  "/admin/customers",
  "/admin/customers?state=all",
  "/admin/customers?state=renews",
  "/admin/trials",
  "/admin/trials/TR-0000-0000",
  "/admin/audit",
  "/admin/account",
  "/admin/logout",
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
  [
    `/admin/orders/${reference}`,
    { intent: "extend", username: "gate", password: "secret-2", serverUrl: "https://tv.example", playlistUrl: "https://tv.example/p.m3u" },
  ],
  [`/admin/orders/${reference}`, { intent: "resend" }],
  [`/admin/orders/${reference}`, { intent: "stop-renewal", subscriptionId: "1" }],
  [
    "/admin/trials/TR-0000-0000",
    { intent: "deliver", username: "gate", password: "secret-3", serverUrl: "https://tv.example", playlistUrl: "https://tv.example/p.m3u" },
  ],
  [`/admin/orders/${reference}`, { intent: "refund-confirm", reason: "duplicate" }],
  [`/admin/orders/${reference}`, { intent: "refund", reason: "duplicate", refundedCents: "0" }],
  [`/admin/messages/${messageId}`, { intent: "handle" }],
  [`/admin/messages/${messageId}`, { intent: "reopen" }],
  ["/admin/account", { intent: "language", language: "es" }],
  ["/admin/account", { intent: "start-2fa" }],
  ["/admin/account", { intent: "confirm-2fa", code: "123456" }],
  ["/admin/account", { intent: "disable-2fa", code: "123456" }],
  ["/admin/logout", {}],
  ["/admin/logout", { scope: "everywhere" }],
  // Signing in is an action too: a wrong password, a code with no session owing one, starting over.
  ["/admin/login", { intent: "password", email: "nobody@shop.example", password: "not a password at all", next: "/admin/orders" }],
  ["/admin/login", { intent: "code", code: "123456", next: "/admin/orders" }],
  ["/admin/login", { intent: "start-over", next: "/admin/orders" }],
];

/** Each action as a form posts it without JavaScript, and as the console's script does (to the page's `.data`). */
const posts = () => actions().flatMap(([path, form]) => [[path, form] as const, [`${path}.data`, form] as const]);

/** Every path of the console in app/routes.ts, and every `intent` a form of the console posts. */
function consolePaths(entries: RouteConfigEntry[]): string[] {
  return entries.flatMap((entry) => [
    ...(entry.path?.startsWith("admin") ? [`/${entry.path}`] : []),
    ...consolePaths(entry.children ?? []),
  ]);
}
function formIntents(): string[] {
  const files = ["app/admin", "app/routes/admin"].flatMap((folder) =>
    readdirSync(folder, { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".tsx") && !file.includes(".test."))
      .map((file) => readFileSync(`${folder}/${file}`, "utf8")),
  );
  // The element holding `name="intent"`, then its value: a string, or an expression choosing between strings.
  const elements = files.flatMap((source) =>
    [...source.matchAll(/name="intent"/g)].map(({ index }) => source.slice(source.lastIndexOf("<", index), source.indexOf("</", index))),
  );
  return elements.flatMap((element) =>
    [.../value=(?:"[^"]*"|\{[^}]*\})/.exec(element)![0].matchAll(/"([^"]+)"/g)].map((match) => match[1]!),
  );
}

test("the lists above name every console route and every action its forms post", () => {
  const visited = [...pages(), ...actions().map(([path]) => path)].map((path) => new URL(path, origin).pathname);
  for (const path of consolePaths(routes)) {
    const pattern = new RegExp(`^${path.replaceAll(".", "\\.").replace(/:\w+/g, "[^/]+").replace("*", ".+")}$`);
    expect(
      visited.some((candidate) => pattern.test(candidate)),
      path,
    ).toBe(true);
  }
  const posted = new Set(actions().map(([, form]) => form.intent));
  const intents = formIntents();
  expect(intents).toEqual(expect.arrayContaining(["deliver", "handle", "reopen", "code", "disable-2fa"]));
  for (const intent of intents) expect(posted.has(intent), intent).toBe(true);
  expect(
    actions()
      .filter(([path]) => path === "/admin/logout")
      .map(([, form]) => form.scope),
  ).toEqual([undefined, "everywhere"]);
});

/** Nothing of the seeded order or message may appear in an answer given to someone not signed in. */
async function expectNothingGiven(answer: Awaited<ReturnType<APIRequestContext["get"]>>, label: string) {
  expect(answer.status(), label).toBeLessThan(500);
  const body = await answer.text();
  // The reference may come back in the sign-in page's `next` when the address itself named it.
  const secrets = [marker, "Gate Keeper", "Gran Vía", ...(label.includes(reference) ? [] : [reference])];
  for (const secret of secrets) expect(body.includes(secret), `${label} gave away ${secret}`).toBe(false);
  if (!label.includes(".data")) {
    // 429: signing in paused after repeated failures (the failed sign-ins here add up over repeated runs).
    expect([302, 303, 401, 403, 429], label).toContain(answer.status());
    // `/admin` itself only leads to `/admin/home`, which has the gate (app/routes/admin/index.tsx).
    if (answer.status() < 400) expect(answer.headers().location ?? "", label).toMatch(/^\/admin\/(login|home$)/);
  }
}

function orderUnchanged() {
  expect(queryRows("SELECT status, refunded_cents, access_id FROM orders WHERE reference = ?", [reference])).toEqual([
    { status: "paid", refunded_cents: 0, access_id: null },
  ]);
  expect(queryRows("SELECT handled_at FROM contact_messages WHERE id = ?", [messageId])).toEqual([{ handled_at: null }]);
}

/** The operator whose cookie was sent has no second factor started, confirmed or turned off behind its back. */
function operatorUnchanged(email: string) {
  const operator = queryRows("SELECT totp_secret, totp_enabled_at FROM operators WHERE email = ?", [email]);
  expect(operator).toEqual([{ totp_secret: null, totp_enabled_at: null }]);
}

for (const [way, operator] of [
  ["with no session", () => undefined],
  ["with a session idle for 31 minutes", () => newOperator().email],
] as const) {
  test(`${way}, every console page answers the sign-in page and every action changes nothing`, async ({ playwright }) => {
    const email = operator();
    const token = email && idleSessionToken(email);
    // From an address of its own (the server trusts X-Forwarded-For): the failed sign-ins here count against it alone.
    const headers = { Origin: origin, "X-Forwarded-For": "198.51.100.7", ...(token ? { Cookie: `admin_session=${token}` } : {}) };
    const request = await playwright.request.newContext({ baseURL: origin, extraHTTPHeaders: headers, maxRedirects: 0 });
    for (const path of pages()) await expectNothingGiven(await request.get(path, { maxRedirects: 0 }), `GET ${path}`);
    const json = await request.get("/admin/orders", { headers: { Accept: "application/json" } });
    expect(json.status()).toBe(401);
    expect(await json.json()).toEqual({ error: "unauthorized" });
    for (const [path, form] of posts()) {
      await expectNothingGiven(await request.post(path, { form, maxRedirects: 0 }), `POST ${path} ${JSON.stringify(form)}`);
    }
    orderUnchanged();
    if (email) operatorUnchanged(email);
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
  for (const [path, form] of posts()) {
    const answer = await request.post(path, { form });
    expect(answer.status(), `POST ${path}`).toBe(403);
  }
  orderUnchanged();
  operatorUnchanged(operator.email);
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
