/**
 * Valid HTML: the W3C HTML checker (the Nu Html Checker of the `vnu-jar` package) finds no error in any page.
 *
 * The server's HTML of every page in every language is fetched (as a visitor and, for the landing page, as a
 * crawler that gets every section at once), with the forms in each state a visitor without JavaScript can
 * reach: invalid data with its errors shown, a declined payment, success; and the customer's account, signed
 * out and signed in (tests/support/account-pages.ts). Two pages are also taken after
 * hydration, with what only the browser renders (the landing sections revealed by scrolling, the checkout's
 * own field checks). Every document is written to a folder and checked by one run of the
 * checker, so Java starts once. Warnings do not fail the test; their count is printed.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { APIRequestContext } from "@playwright/test";
import { accountPages } from "../support/account-pages.ts";
import { articlesIn } from "../support/articles.ts";
import { expect, test, visitorUserAgent } from "../support/fixtures.ts";
import { revealLazySections } from "../support/pages.ts";
import { googlebotUserAgent, type Language, languages, localized, site, t } from "../support/site.ts";
import { openHydrated, queryRows } from "../support/store.ts";

const vnuJar = fileURLToPath(new URL("build/dist/vnu.jar", import.meta.resolve("vnu-jar")));
const java = process.env.JAVA_HOME ? join(process.env.JAVA_HOME, "bin", "java") : "java";

/** One document to check: where it came from, and the HTML. */
interface Checked {
  label: string;
  html: string;
}

interface VnuMessage {
  type: "error" | "info" | "non-document-error";
  subType?: string;
  url?: string;
  message: string;
  extract?: string;
  lastLine?: number;
  firstColumn?: number;
  lastColumn?: number;
}

/**
 * One short run: the client compiler alone starts checking sooner (a third of the CPU time of the default),
 * and needs the larger stack the checker asks for (it overflows the default one on its HTML schema).
 */
const javaOptions = ["-Xss8m", "-XX:TieredStopAtLevel=1"];

/** React writes void elements as `<meta />`; the checker notes each one (an info, not a warning). */
const ignoredInfo = ".*Trailing slash on void elements.*";

/** Fails at once, with what to do, when there is no Java to run the checker with. */
function requireJava(): void {
  const probe = spawnSync(java, ["-version"], { encoding: "utf8" });
  const code = (probe.error as NodeJS.ErrnoException | undefined)?.code;
  if (probe.error || probe.status !== 0) {
    throw new Error(
      `The W3C HTML checker (${vnuJar}) needs Java 11 or newer, and "${java}" could not be run` +
        `${code ? ` (${code})` : ""}: install it (apt-get install default-jre-headless, as .ci/run does) or set JAVA_HOME.`,
    );
  }
}

const unique = (name: string) => `${name}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

/** Valid checkout details; the card number picks the test gateway's outcome. */
const order = (cardNumber: string) => ({
  plan: "advanced",
  viewers: "2",
  idempotencyKey: `html-validity-${Math.random().toString(36).slice(2)}-${Date.now().toString(36)}`,
  firstName: "Ana",
  lastName: "García",
  email: unique("ana"),
  phone: "+34 612 345 678",
  cardNumber,
  expiryDate: "12/40",
  cvv: "123",
  country: "ES",
  city: "Valencia",
  postalCode: "46001",
  address: "Calle Mayor 1",
});

type Fetch = { label: string; run: () => Promise<{ status: number; type: string; html: string }>; status: number };

/** Every server-rendered page of one language, in every state its forms can show without JavaScript. */
function pagesOf(request: APIRequestContext, language: Language): Fetch[] {
  const at = (path: string) => localized(language, path);
  const answer = async (response: Awaited<ReturnType<APIRequestContext["get"]>>) => ({
    status: response.status(),
    type: response.headers()["content-type"] ?? "",
    html: await response.text(),
  });
  const get = (path: string, status = 200, userAgent = visitorUserAgent): Fetch => ({
    label: `GET ${at(path)}${userAgent === googlebotUserAgent ? " (as Googlebot)" : ""}`,
    status,
    run: async () => answer(await request.get(at(path), { headers: { accept: "text/html", "user-agent": userAgent } })),
  });
  const post = (path: string, form: Record<string, string>, status: number, what: string): Fetch => ({
    label: `POST ${at(path)} (${what})`,
    status,
    run: async () => answer(await request.post(at(path), { form, headers: { accept: "text/html", "user-agent": visitorUserAgent } })),
  });

  const otherPlan = site.plans.find((plan) => plan.key !== site.defaultPlan && Object.keys(plan.viewerPrices).includes("3"));
  return [
    get("/"),
    get("/", 200, googlebotUserAgent),
    get("/blog"),
    get("/blog?page=2"),
    get(`/blog?search=${encodeURIComponent("kodi")}`),
    get(`/blog?search=${encodeURIComponent("zzqx nothing matches")}`),
    get("/blog?category=devices"),
    get("/blog?category=vpn&search=privacy"),
    ...articlesIn(language).map((article) => get(`/blog/${article.slug}`)),
    get("/checkout"),
    get(`/checkout?plan=${otherPlan?.key ?? "vip"}&viewers=3`),
    get("/about"),
    get("/terms"),
    get("/privacy"),
    get("/contact"),
    get("/newsletter"),
    get("/newsletter/confirm"),
    get("/newsletter/unsubscribe?token=no-such-token"),
    get("/no-such-page", 404),
    get("/blog/no-such-article", 404),
    post("/checkout", { plan: "advanced", viewers: "1", idempotencyKey: `html-validity-empty-${Date.now()}` }, 400, "empty, errors shown"),
    post(
      "/checkout",
      { ...order("1234 5678"), email: "not-an-address", expiryDate: "13/99", postalCode: "?", cvv: "1" },
      400,
      "invalid, errors shown with the values kept",
    ),
    post("/checkout", order("4000 0000 0000 0002"), 402, "declined card"),
    post("/checkout", order("4242 4242 4242 4242"), 200, "paid"),
    post("/checkout", order("4000 0027 6000 3184"), 200, "the bank asks to confirm: its step"),
    get("/checkout/return?session_id=no-such-session", 404),
    post("/contact", {}, 400, "empty, errors shown"),
    post(
      "/contact",
      { name: "Ana", email: "not-an-address", subject: "", message: "short" },
      400,
      "invalid, errors shown with the values kept",
    ),
    post(
      "/contact",
      { name: "Ana", email: unique("contact"), subject: "MAG box", message: "Which portal address do I enter?" },
      200,
      "sent",
    ),
    post("/newsletter", { email: "not-an-address" }, 400, "invalid address"),
    get("/trial"),
    get("/trial/confirmed"),
    post("/trial", { intent: "request" }, 400, "empty, errors shown"),
    post("/trial", { intent: "request", name: "Ana", email: unique("trial"), country: "ES" }, 200, "the code step"),
    post("/trial", { intent: "confirm", name: "Ana", email: unique("trial"), country: "ES", code: "12" }, 400, "a code too short"),
  ];
}

/** The newsletter's sign-up, confirmation and unsubscription pages, which follow one another. */
async function newsletterPages(request: APIRequestContext, language: Language): Promise<Checked[]> {
  const email = unique("fan");
  const pages: Checked[] = [];
  const keep = async (label: string, response: Awaited<ReturnType<APIRequestContext["get"]>>) => {
    expect(response.status(), label).toBe(200);
    pages.push({ label, html: await response.text() });
  };
  const at = (path: string) => localized(language, path);
  await keep(`POST ${at("/newsletter")} (signed up)`, await request.post(at("/newsletter"), { form: { email } }));
  await keep(`POST ${at("/newsletter")} (already on the list)`, await request.post(at("/newsletter"), { form: { email } }));
  const [row] = queryRows<{ confirmation_token: string }>("SELECT confirmation_token FROM newsletter_subscribers WHERE email = ?", [email]);
  expect(row?.confirmation_token, `the confirmation token of ${email}`).toBeTruthy();
  const token = `?token=${encodeURIComponent(row!.confirmation_token)}`;
  await keep(`GET ${at("/newsletter/confirm")} (confirmed)`, await request.get(at(`/newsletter/confirm${token}`)));
  await keep(`GET ${at("/newsletter/unsubscribe")} (asks to confirm)`, await request.get(at(`/newsletter/unsubscribe${token}`)));
  await keep(`POST ${at("/newsletter/unsubscribe")} (unsubscribed)`, await request.post(at(`/newsletter/unsubscribe${token}`)));
  return pages;
}

/** Runs `tasks` at most `limit` at a time, keeping their order. */
async function inBatches<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await tasks[index]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

test("the W3C HTML checker finds no error in any page, in any language or form state", async ({ request, page }) => {
  // About 15 s on an idle machine; one busy with other work (other test runs) may need several times that.
  test.setTimeout(300_000);
  requireJava();

  // The server's HTML.
  const fetches = languages.flatMap((language) => pagesOf(request, language));
  const fetched = await inBatches(
    fetches.map((item) => async () => ({ item, ...(await item.run()) })),
    6,
  );
  const wrongAnswers = fetched
    .filter(({ item, status, type }) => status !== item.status || !type.startsWith("text/html"))
    .map(({ item, status, type }) => `${item.label}: ${status} ${type}, expected ${item.status} text/html`);
  expect(wrongAnswers, "pages that did not answer as expected").toEqual([]);
  const documents: Checked[] = fetched.map(({ item, html }) => ({ label: item.label, html }));
  for (const language of languages) documents.push(...(await newsletterPages(request, language)));
  const account = (await Promise.all(languages.map((language) => accountPages(request, language)))).flat();
  const accountAnswers = account.map(({ label, status, type }) => `${label}: ${status} ${type.split(";")[0]}`);
  expect(accountAnswers, "the account's pages").toEqual(
    account.map(({ label }) => `${label}: ${label.includes("not one") ? 400 : 200} text/html`),
  );
  documents.push(...account);

  // What only the browser renders: the lazy landing sections as a visitor scrolls, the checkout's own checks.
  await openHydrated(page, "/");
  await revealLazySections(page);
  documents.push({ label: "/ after hydration, every section shown", html: await page.content() });
  await openHydrated(page, "/es/checkout");
  await page.getByRole("button", { name: new RegExp(t("es", "checkout.pay", { amount: "" }).trim()) }).click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  documents.push({ label: "/es/checkout after hydration, the browser's field errors shown", html: await page.content() });

  // One temporary folder, one run of the checker; the folder is kept when the checker finds an error.
  // A canary with a known error (an image without alt) proves the checker read the files and reports what it finds.
  const canary = { label: "canary", html: '<!doctype html><html lang="en"><title>canary</title><img src="a.png"></html>' };
  const folder = mkdtempSync(join(tmpdir(), "html-validity-"));
  const labels = new Map<string, string>();
  const files = [canary, ...documents].map(({ label, html }, index) => {
    const slug = label
      .replace(/[^\w]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 80);
    const file = join(folder, `${String(index).padStart(3, "0")}-${slug}.html`);
    writeFileSync(file, html);
    labels.set(file, label);
    return file;
  });

  const started = Date.now();
  const run = spawnSync(java, [...javaOptions, "-jar", vnuJar, "--format", "json", "--stdout", "--filterpattern", ignoredInfo, ...files], {
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  if (run.error) throw new Error(`The HTML checker could not run: ${run.error.message}`);
  let messages: VnuMessage[];
  try {
    messages = (JSON.parse(run.stdout) as { messages: VnuMessage[] }).messages;
  } catch {
    throw new Error(`The HTML checker gave no report (exit ${run.status}):\n${run.stdout}\n${run.stderr}`);
  }

  const labelOf = (url = "") => labels.get(url.startsWith("file:") ? fileURLToPath(url) : url) ?? url;
  const canaryErrors = messages.filter((message) => message.type === "error" && labelOf(message.url) === canary.label);
  expect(canaryErrors.length, "errors the checker found in a document made invalid on purpose").toBeGreaterThan(0);
  const errors = messages.filter((message) => message.type !== "info" && labelOf(message.url) !== canary.label);
  const warnings = messages.filter((message) => message.subType === "warning" && labelOf(message.url) !== canary.label);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`HTML checker: ${documents.length} documents in ${seconds} s, ${errors.length} errors, ${warnings.length} warnings`);
  const warningCounts = new Map<string, number>();
  for (const { message } of warnings) warningCounts.set(message, (warningCounts.get(message) ?? 0) + 1);
  for (const [message, count] of warningCounts) console.log(`  ${count} × warning: ${message}`);

  const report = errors.map(
    (error) =>
      `${labelOf(error.url)} line ${error.lastLine ?? "?"}, column ${error.firstColumn ?? error.lastColumn ?? "?"}: ${error.message}` +
      (error.extract ? `\n    ${error.extract.replace(/\s+/g, " ").trim()}` : ""),
  );
  expect(report, `errors of the W3C HTML checker (the documents are in ${folder})`).toEqual([]);
  expect(run.stderr.trim(), "what the checker wrote besides its report").toBe("");
  rmSync(folder, { recursive: true, force: true });
});
