/**
 * The hostile-request phase's attacks on the console and on the redirects, each a security review's finding
 * that must stay fixed: a page to return to after signing in that leads to another site, cookies that are not
 * valid percent-encoding on every route, and a burst of wrong passwords sent at once to win the race against
 * the sign-in limit.
 */
import { randomUUID } from "node:crypto";
import { createOperator } from "../../server/admin/operators.ts";
import { hashPassword } from "../../server/admin/passwords.ts";
import type { Database } from "./database.ts";
import { type Answer, inParallel, postForm, send, target } from "./http.ts";
import { countByStatus, type Report } from "./report.ts";
import type { SiteServer } from "./server-process.ts";

/** Pages to return to that lead elsewhere: dot segments, their encodings, control characters, other hosts. */
export const hostileReturnPaths = [
  "//evil.example",
  "///evil.example/admin",
  "/\\evil.example",
  "/admin/../evil",
  "/admin/%2e%2e/checkout",
  "/admin/%2E%2E%2f%2e%2e/blog",
  "/admin/..%2f..%2fevil",
  "/\t/evil.example",
  "/admin/\t/evil.example",
  "/admin\r\nSet-Cookie: planted=1",
  "/admin\n/evil.example",
  "/admin\u0000",
  "https://evil.example/admin",
  "javascript:alert(1)//admin",
  "/admin@evil.example",
  "/administrator",
  "/admin/login?next=//evil.example",
] as const;

/** Cookie values no decoder accepts, under every name the site reads. */
const brokenCookies = ["%E0%A4%A", "%", "%ff", "%zz", "%C0%80", '"%', "\u00ff"];
const cookieNames = ["admin_session", "admin_language", "user-language-preference"];

/** Every route of the site (app/routes.ts), in every language where it has one. */
function everyRoute(): string[] {
  const pages = ["", "/blog", "/blog/not-an-article", "/checkout", "/checkout/return?session_id=x", "/checkout/authenticate?payment=x"];
  pages.push("/about", "/contact", "/terms", "/privacy", "/newsletter", "/newsletter/confirm?token=x", "/newsletter/unsubscribe?token=x");
  pages.push("/reminders/unsubscribe?token=x");
  const localized = ["", "/es", "/fr"].flatMap((prefix) => pages.map((page) => `${prefix}${page}` || "/"));
  const files = ["/sitemap.xml", "/robots.txt", "/manifest.webmanifest", "/webhooks/stripe", "/no-such-page", "/en/blog"];
  const console = ["/admin", "/admin/login", "/admin/logout", "/admin/orders", "/admin/orders/NS-0000-0000", "/admin/messages"];
  console.push("/admin/messages/1", "/admin/subscribers", "/admin/subscribers.csv", "/admin/customers", "/admin/audit", "/admin/account");
  console.push("/admin/no-such-page", "/admin/orders.data");
  return [...localized, ...files, ...console];
}

/** A redirect's target stays on this site, in the console: one leading slash, no control character. */
const staysInConsole = (location: string | undefined) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  location !== undefined && /^\/admin(\/|\?|$)/.test(location) && !/[\u0000-\u001f\\]/.test(location);

export async function runConsoleAttacks(server: SiteServer, db: Database, report: Report): Promise<void> {
  const client = target(server.port, 8, 30_000);
  const origin = { Origin: `http://127.0.0.1:${server.port}` };
  const password = `reliability ${randomUUID()}`;
  const hash = await hashPassword(password);
  const operator = await createOperator(db, `redirects-${randomUUID().slice(0, 8)}@shop.example`, hash);
  const signIn = (email: string, secret: string, next = "/admin/orders") =>
    postForm(client, "/admin/login", { email, password: secret, next }, origin);
  const answered = (promise: Promise<Answer>) => promise.catch((error: Error): Answer => ({ status: 0, headers: {}, body: error.message }));

  // Open redirects: after a password, and on the sign-in page of a signed-in operator, every hostile `next`
  // lands in the console; `/en//host` without its `/en` stays on this site.
  // One after the other: attempts in flight count against the limit, as a burst's do.
  const afterPassword: Answer[] = [];
  for (const next of hostileReturnPaths.slice(0, 6)) afterPassword.push(await answered(signIn(operator.email, password, next)));
  const cookie = String(afterPassword[0]?.headers["set-cookie"]?.[0] ?? "").split(";")[0] ?? "";
  const signedIn = await Promise.all(
    hostileReturnPaths.map((next) =>
      answered(send(client, { method: "GET", path: `/admin/login?next=${encodeURIComponent(next)}`, headers: { Cookie: cookie } })),
    ),
  );
  const enPrefix = await Promise.all(
    ["/en//evil.example", "/en///evil.example/x", "/en/%2f%2fevil.example", "/en/\\evil.example"].map((path) =>
      answered(send(client, { method: "GET", path: encodeURI(path).replace(/%25/g, "%"), headers: { Accept: "text/html" } })),
    ),
  );
  const redirects = [...afterPassword, ...signedIn];
  report.check(
    "every hostile page to return to after signing in lands in the console (no other site, no 5xx)",
    redirects.every((answer) => answer.status >= 300 && answer.status < 400 && staysInConsole(answer.headers.location)),
    JSON.stringify(redirects.map((answer) => `${answer.status} ${answer.headers.location}`)),
  );
  report.check(
    "/en//host redirects to a path of this site, never to //host",
    enPrefix.every((answer) => answer.status < 500 && !/^[/\\]{2}/.test(answer.headers.location ?? "")),
    JSON.stringify(enPrefix.map((answer) => `${answer.status} ${answer.headers.location ?? ""}`)),
  );

  // Malformed cookies on every route, signed in or not: never a 5xx.
  const views = everyRoute().flatMap((path) =>
    brokenCookies.map((value, n) => ({ path, cookie: `${cookieNames[n % cookieNames.length]}=${value}; ${n % 2 ? cookie : ""}` })),
  );
  const statuses: (number | string)[] = [];
  await inParallel(views, 8, async ({ path, cookie: header }) => {
    const answer = await answered(send(client, { method: "GET", path, headers: { Accept: "text/html", Cookie: header } }));
    statuses.push(answer.status);
  });
  const failed = statuses.filter((status) => typeof status !== "number" || status === 0 || status >= 500);
  report.check(
    `cookies that are not valid percent-encoding, on every route (${views.length} requests), never fail (no 5xx)`,
    failed.length === 0,
    JSON.stringify(countByStatus(statuses)),
  );

  await wrongPasswordBurst(db, report, { hash, password, signIn, answered });
  client.agent.destroy();
}

/** Eleven wrong passwords at once, then the right one: at most the limit is checked, and it waits. */
async function wrongPasswordBurst(
  db: Database,
  report: Report,
  tools: {
    hash: string;
    password: string;
    signIn: (email: string, secret: string) => Promise<Answer>;
    answered: (promise: Promise<Answer>) => Promise<Answer>;
  },
): Promise<void> {
  const { email } = await createOperator(db, `burst-${randomUUID().slice(0, 8)}@shop.example`, tools.hash);
  const burst = await Promise.all(Array.from({ length: 11 }, (_, i) => tools.answered(tools.signIn(email, `wrong guess ${i}`))));
  const right = await tools.answered(tools.signIn(email, tools.password));
  const checked = await db
    .selectFrom("audit_log")
    .select("id")
    .where("operator_email", "=", email)
    .where("action", "=", "sign-in-failed")
    .execute();
  report.check(
    "of 11 wrong passwords sent at once, at most 5 are checked (the others are refused before, or told to try again)",
    // 503: a database saturated by the phases before answers "try again in a minute", checking nothing.
    checked.length <= 5 && burst.every((answer) => [401, 429, 503].includes(answer.status)),
    `${checked.length} checked; answers ${JSON.stringify(countByStatus(burst.map((answer) => answer.status)))}`,
  );
  report.check(
    "the right password after the burst does not sign in until the pause ends",
    right.status === 429 && right.headers["set-cookie"] === undefined,
    `${right.status}, ${right.headers["set-cookie"] ? "a session cookie was set" : "no cookie"}`,
  );
}
