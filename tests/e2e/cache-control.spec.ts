import { type APIRequestContext, expect, test } from "@playwright/test";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes.ts";
import {
  consoleRecords,
  invalidContactMessage,
  newsletterConfirmation,
  newsletterSignUp,
  newsletterUnsubscribe,
  paidOrderReturn,
  pendingAuthentication,
  remindersUnsubscribe,
  resumedCheckout,
  type Sample,
  signInToConsole,
} from "../support/personal-data.ts";
import { e2eServers } from "../support/servers.ts";
import { type Language, languages, localized } from "../support/site.ts";
import { queryRows } from "../support/store.ts";

/**
 * Who may keep each answer, for every route of app/routes.ts, asked with GET, HEAD, a same-site POST, a
 * cross-site POST (refused before the app) and, for a page, the data request of a client-side navigation.
 * Pages that show a visitor's own details are asked with real records, so they answer with those details.
 * Only HTTP: Playwright's own test, without the browser the site's fixtures open for every test.
 */
const sharedForAMinute = "public, max-age=60";
const sharedForAnHour = "public, max-age=3600";
const personal = "private, no-store";
const neverStored = "no-store";
/** Said by the server when the app says nothing: a method a page does not take (405), a 404. */
const askEachTime = "no-cache";

interface Expectation {
  /** GET and HEAD, and the page's data request. */
  get: string;
  post: string;
  sample?: (request: APIRequestContext, language: Language) => Sample | Promise<Sample>;
  /** A file or an endpoint, not a page: it has no data request. */
  resource?: true;
}

const at = (path: string) => () => ({ path });
/** A console page asked by a signed-in operator; a page of one order or message, of a record made first. */
const consolePage = (path: string | ((records: Awaited<ReturnType<typeof consoleRecords>>) => Sample)): Expectation => ({
  get: neverStored,
  post: neverStored,
  sample: async (request) => {
    const sample = typeof path === "string" ? { path } : path(await consoleRecords(request));
    await signInToConsole(request);
    return sample;
  },
});

/** The number of an order's invoice, for the console's page of it. */
const invoiceOf = (reference: string) =>
  queryRows<{ number: string }>("SELECT invoices.number FROM invoices JOIN orders ON orders.id = invoices.order_id WHERE reference = ?", [
    reference,
  ])[0]?.number ?? "none";

/** Pages, by their path in English; each exists in every language. */
const pages: Record<string, Expectation> = {
  "/": { get: sharedForAMinute, post: askEachTime },
  "/blog": { get: sharedForAMinute, post: askEachTime },
  "/blog/:slug": { get: sharedForAMinute, post: askEachTime, sample: at("/blog/smart-tv-setup-guide") },
  "/checkout": { get: personal, post: personal, sample: resumedCheckout },
  "/checkout/return": { get: personal, post: askEachTime, sample: paidOrderReturn },
  "/checkout/authenticate": { get: personal, post: personal, sample: pendingAuthentication },
  "/about": { get: sharedForAMinute, post: askEachTime },
  "/contact": { get: sharedForAMinute, post: personal, sample: invalidContactMessage },
  "/terms": { get: sharedForAMinute, post: askEachTime },
  "/privacy": { get: sharedForAMinute, post: askEachTime },
  "/newsletter": { get: sharedForAMinute, post: personal, sample: newsletterSignUp },
  "/newsletter/confirm": { get: personal, post: personal, sample: newsletterConfirmation },
  "/newsletter/unsubscribe": { get: personal, post: personal, sample: newsletterUnsubscribe },
  "/reminders/unsubscribe": { get: personal, post: personal, sample: remindersUnsubscribe },
  // The free trial: the form is the same for everyone; its answers name the visitor (asked here with a country
  // missing, so no trial is made). The confirmation page names no one and takes no post.
  "/trial": {
    get: sharedForAMinute,
    post: personal,
    sample: () => ({ path: "/trial", form: { intent: "request", name: "Jo", email: someone(), country: "" }, postShows: "@" }),
  },
  "/trial/confirmed": { get: sharedForAMinute, post: askEachTime },
  // The account: every page depends on who is signed in, or acts on a mailed link or code. Asked here
  // without a session: the sign-in request and the code form answer with the address typed.
  "/account": {
    get: personal,
    post: personal,
    sample: () => ({ path: "/account", form: { intent: "sign-in", email: someone() }, postShows: "@" }),
  },
  "/account/code": {
    get: personal,
    post: personal,
    sample: () => ({ path: "/account/code", form: { email: someone(), code: "000000" }, postShows: "@" }),
  },
  "/account/link": { get: personal, post: personal, sample: at("/account/link?token=not-a-token") },
  "/account/verify": { get: personal, post: personal, sample: at("/account/verify?next=/account") },
  "/account/sign-out": { get: personal, post: personal, sample: () => ({ path: "/account/sign-out", form: { intent: "sign-out" } }) },
  // Signed out, it sends the visitor to sign in; signed in, it shows (and reveals) access details: never kept.
  "/account/access/:reference": { get: personal, post: personal, sample: at("/account/access/NS-0000-0000") },
  // Signed out, it sends the visitor to sign in; signed in, it names the customer and their address: never
  // kept. It takes no post (answered like any page without an action).
  "/account/invoices/:number": { get: personal, post: askEachTime, sample: at("/account/invoices/2026-000001") },
  // The same for a credit note, and for both as PDF files (asked without a session: the sign-in's redirect).
  "/account/invoices/:number/pdf": { get: personal, post: askEachTime, resource: true, sample: at("/account/invoices/2026-000001/pdf") },
  "/account/credit-notes/:number": { get: personal, post: askEachTime, sample: at("/account/credit-notes/CN-2026-000001") },
  "/account/credit-notes/:number/pdf": {
    get: personal,
    post: askEachTime,
    resource: true,
    sample: at("/account/credit-notes/CN-2026-000001/pdf"),
  },
  // Asked without a session: the sign-in's redirect, which no cache may keep either.
  "/account/data": { get: personal, post: askEachTime, resource: true },
  "/account/delete": { get: personal, post: personal },
  // Automatic renewal: asked without a session, the sign-in's redirect; signed in, the customer's own renewal.
  "/account/stop-renewing/:id": { get: personal, post: personal, sample: at("/account/stop-renewing/1") },
  "/account/card/:id": { get: personal, post: personal, sample: at("/account/card/1") },
};

/** An address of its own for each account sample. */
const someone = () => `account.${Math.random().toString(36).slice(2, 10)}@example.com`;

const wrongPassword = { email: "jo@shop.example", password: "not the password" };

/** Everything else, by its path in app/routes.ts. */
const others: Record<string, Expectation> = {
  "sitemap.xml": { get: sharedForAnHour, post: askEachTime, resource: true },
  // A small site's only chunk: the whole sitemap.
  "sitemap/:file": { get: sharedForAnHour, post: askEachTime, resource: true, sample: at("/sitemap/1.xml") },
  "robots.txt": { get: sharedForAnHour, post: askEachTime, resource: true },
  // Drawn on its first request, then kept (decision 0030): as the build's files are.
  "images/social/:language/blog/:file": {
    get: "public, max-age=3600, stale-while-revalidate=86400",
    post: askEachTime,
    resource: true,
    sample: at("/images/social/en/blog/smart-tv-setup-guide.jpg"),
  },
  "manifest.webmanifest": { get: sharedForAnHour, post: askEachTime, resource: true },
  // The country list a client navigation to the checkout or the trial asks for: the same for everyone.
  "countries/:file": { get: "public, max-age=86400", post: askEachTime, resource: true, sample: at("/countries/fr.json") },
  // This server takes payments on the test gateway, which has no webhook: every processor's path answers,
  // and keeps, nothing.
  "webhooks/:processor": { get: neverStored, post: neverStored, resource: true, sample: at("/webhooks/stripe") },
  "admin/login": { get: neverStored, post: neverStored, sample: () => ({ path: "/admin/login", form: wrongPassword }) },
  "admin/logout": { ...consolePage("/admin/logout"), resource: true },
  admin: consolePage("/admin"),
  "admin/home": consolePage("/admin/home"),
  "admin/orders": consolePage("/admin/orders"),
  "admin/orders/:reference": consolePage(({ reference, email }) => ({ path: `/admin/orders/${reference}`, shows: email })),
  "admin/messages": consolePage("/admin/messages"),
  "admin/messages/:id": consolePage(({ messageId, email }) => ({ path: `/admin/messages/${messageId}`, shows: email })),
  "admin/subscribers": consolePage("/admin/subscribers"),
  "admin/subscribers.csv": { ...consolePage("/admin/subscribers.csv"), resource: true },
  "admin/invoices": consolePage("/admin/invoices"),
  "admin/invoices/:number": consolePage(({ reference }) => ({ path: `/admin/invoices/${invoiceOf(reference)}`, shows: reference })),
  "admin/invoices/:number/pdf": {
    ...consolePage(({ reference }) => ({ path: `/admin/invoices/${invoiceOf(reference)}/pdf` })),
    resource: true,
  },
  "admin/invoices.zip": { ...consolePage("/admin/invoices.zip?month=2026-01"), resource: true },
  "admin/orders.csv": { ...consolePage("/admin/orders.csv?from=2026-01-01&to=2026-01-31"), resource: true },
  "admin/customers": consolePage("/admin/customers"),
  "admin/trials": consolePage("/admin/trials"),
  // No trial of that reference: the console's not-found, kept by no one either.
  "admin/trials/:reference": consolePage("/admin/trials/TR-0000-0000"),
  "admin/audit": consolePage("/admin/audit"),
  "admin/account": consolePage("/admin/account"),
  "admin/*": consolePage("/admin/no-such-page"),
  "*": { get: askEachTime, post: askEachTime, sample: at("/no-such-page") },
};

/** Every route to ask, by its path as app/routes.ts writes it, with the language its address is in. */
const table = [
  ...languages.flatMap((language) =>
    Object.entries(pages).map(([path, expectation]) => ({ route: localized(language, path), path, language, ...expectation })),
  ),
  ...Object.entries(others).map(([route, expectation]) => ({ route, path: `/${route}`, language: "en" as const, ...expectation })),
];

function routePaths(entries: RouteConfigEntry[]): string[] {
  return entries.flatMap((entry) => [...(entry.path === undefined ? [] : [entry.path]), ...routePaths(entry.children ?? [])]);
}

// The failed sign-in above counts against an address: this file's own, so no other test's sign-ins are paused.
test.use({ extraHTTPHeaders: { "X-Forwarded-For": "203.0.113.40" } });

test("the table has an expectation for every route of app/routes.ts, and for no other", () => {
  expect(table.map((row) => row.route).sort()).toEqual(routePaths(routes).sort());
});

/** The address a client-side navigation fetches a page's data from. */
function dataAddress(address: string): string {
  const url = new URL(address, "http://localhost");
  return `${url.pathname === "/" ? "/_" : url.pathname}.data${url.search}`;
}

test.describe("Cache-Control of every route", () => {
  for (const row of table) {
    test(`${row.route}: GET, HEAD, POST, a cross-site POST${row.resource ? "" : " and its data"}`, async ({ request }) => {
      const sample = (await row.sample?.(request, row.language)) ?? { path: row.path };
      const address = localized(row.language, sample.path);
      const asked = { maxRedirects: 0, headers: { accept: "text/html" } };
      const post = (origin: string) =>
        request.post(address, { ...asked, form: sample.form ?? { field: "value" }, headers: { ...asked.headers, Origin: origin } });

      const get = await request.get(address, asked);
      if (sample.shows) expect(await get.text(), `GET ${address} in its personal state`).toContain(sample.shows);
      const answers = { GET: get, HEAD: await request.head(address, asked) } as Record<string, typeof get>;
      if (!row.resource) answers.data = await request.get(dataAddress(address), { maxRedirects: 0 });
      answers["cross-site POST"] = await post("https://elsewhere.example");
      answers.POST = await post(e2eServers.main.url);
      if (sample.postShows) expect(await answers.POST.text(), `POST ${address} in its personal state`).toContain(sample.postShows);

      const seen = Object.entries(answers).map(([asking, answer]) => `${asking}: ${answer.headers()["cache-control"]}`);
      const expected = Object.keys(answers).map((asking) => {
        if (asking === "cross-site POST") return `${asking}: no-store`;
        return `${asking}: ${asking === "POST" ? row.post : row.get}`;
      });
      expect(seen, `${address} (statuses ${Object.values(answers).map((answer) => answer.status())})`).toEqual(expected);
    });
  }
});
