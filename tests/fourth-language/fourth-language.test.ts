/**
 * "Adding a language" (docs/architecture.md), done on a copy of the project with a fixture language: the content files
 * copied from English with a marker on every text, the language named in every locale file, its entry added
 * to common/languages.ts, and nothing else. The copy is built and served as production serves it, and every
 * public page, every console screen and every mail must then come out in the new language.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCopy, type CopyServer, copyProject, removeCopy, serveCopy } from "../../scripts/support/project-copy.ts";
import { addLanguage } from "./add-language.ts";
import { fourthLanguage as de } from "./fixture.ts";
import { mailSamples } from "./mail-samples.ts";
import { expectInLanguage, post, signedInOperator, visit } from "./visits.ts";

let root = "";
let server: CopyServer | undefined;

beforeAll(async () => {
  root = copyProject();
  addLanguage(root, de);
  buildCopy(root);
  server = await serveCopy(root);
}, 180_000);

afterAll(async () => {
  await server?.stop();
  if (root) removeCopy(root);
});

const site = () => server as CopyServer;
const copyModule = <T>(path: string): Promise<T> => import(/* @vite-ignore */ join(root, path));
/** Every route of the copy's table, children flattened. */
const routesOf = (entries: RouteConfigEntry[]): RouteConfigEntry[] =>
  entries.flatMap((entry) => [entry, ...routesOf(entry.children ?? [])]);
function query(sql: string): Record<string, string>[] {
  const db = new DatabaseSync(join(root, "data/site.db"));
  try {
    return db.prepare(sql).all() as Record<string, string>[];
  } finally {
    db.close();
  }
}

describe("a fourth language added from a fixture", () => {
  it("serves every public page of the route table in it", async () => {
    const routes = routesOf((await copyModule<{ default: RouteConfigEntry[] }>("app/routes.ts")).default);
    // Layouts (the account's) have no path of their own: their pages are in the list.
    const pages = routes.filter((route) => route.id?.endsWith(`.${de.code}`) && route.path !== undefined);
    expect(pages.length).toBeGreaterThan(10);
    const slugs = readdirSync(join(root, "content/blog"));
    for (const route of pages) {
      for (const path of route.path?.includes(":slug") ? slugs.map((slug) => route.path?.replace(":slug", slug)) : [route.path]) {
        const response = await visit(site(), path ?? "");
        expect(new URL(response.url).pathname, path).toMatch(new RegExp(`^/${de.code}(/|$)`));
        expect(response.status, path).toBeLessThan(500);
        expectInLanguage(await response.text(), de.code, de.marker, path ?? "");
      }
    }
    const missing = await visit(site(), `/${de.code}/no-such-page`);
    expect(missing.status).toBe(404);
    expectInLanguage(await missing.text(), de.code, de.marker, "the not-found page");
  });

  it("takes an order through the test gateway's authentication step and back, in it", async () => {
    const fields = {
      idempotencyKey: crypto.randomUUID(),
      plan: "advanced",
      viewers: "2",
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.com",
      phone: "+49 151 23456789",
      cardNumber: "4000 0027 6000 3184",
      expiryDate: `12/${String((new Date().getFullYear() + 2) % 100).padStart(2, "0")}`,
      cvv: "123",
      country: "DE",
      city: "Berlin",
      postalCode: "10115",
      address: "Invalidenstraße 5",
    };
    const placed = await post(site(), `/${de.code}/checkout`, fields);
    const authenticate = placed.headers.get("location") ?? "";
    expect(authenticate).toMatch(new RegExp(`^/${de.code}/checkout/authenticate\\?payment=`));
    expectInLanguage(await (await visit(site(), authenticate)).text(), de.code, de.marker, "the authentication step");
    const answered = await post(site(), authenticate, { answer: "approve" });
    const back = await visit(site(), answered.headers.get("location") ?? "");
    expect(back.status).toBe(200);
    expectInLanguage(await back.text(), de.code, de.marker, "the return page");
  });

  it("shows every console screen in it", async () => {
    const contact = { name: "Zoe", email: "zoe@example.com", subject: "Plans", message: "Can I change my plan later on?" };
    expect((await post(site(), `/${de.code}/contact`, contact)).status).toBe(200);
    const session = await signedInOperator(site(), root);
    const cookies = `${session}; admin_language=${de.code}`;
    const [order] = query("select reference from orders");
    const [message] = query("select id from contact_messages");
    const [invoice] = query("select number from invoices");
    // A free trial waiting for its line, for the console's page of one trial (no page makes one without a mailed code).
    const day = "2026-01-01T00:00:00.000Z";
    query(`insert into trials (reference, email, name, country, language, status, wrong_codes, code_expires_at, hours, viewers,
      confirmed_at, created_at, updated_at) values ('TR-DE00-0001', 'zoe@example.com', 'Zoe', 'DE', '${de.code}', 'confirmed', 0,
      '${day}', 24, 1, '${day}', '${day}', '${day}')`);
    const routes = routesOf((await copyModule<{ default: RouteConfigEntry[] }>("app/routes.ts")).default);
    // Signing out is an action, and the CSV exports, the month's ZIP and a document's PDF are files, not screens.
    const screens = routes.filter((route) => route.path?.startsWith("admin") && !/logout|\.csv$|\.zip$|\/pdf$/.test(route.path));
    const filled = (path: string) =>
      path
        .replace("trials/:reference", "trials/TR-DE00-0001")
        .replace(":reference", order?.reference ?? "")
        .replace(":id", String(message?.id))
        .replace(":number", String(invoice?.number))
        .replace("*", "no-such-screen");
    for (const route of screens) {
      const path = `/${filled(route.path ?? "")}`;
      const response = await visit(site(), path, cookies);
      expect(response.status, path).toBe(path.endsWith("no-such-screen") ? 404 : 200);
      expectInLanguage(await response.text(), de.code, de.marker, path);
    }
    expectInLanguage(await (await visit(site(), "/admin/login", `admin_language=${de.code}`)).text(), de.code, de.marker, "sign-in");
  });

  it("writes every mail template in it", async () => {
    const folder = join(root, "server/mail");
    const rendered: string[] = [];
    for (const file of readdirSync(folder).filter((name) => name.endsWith(".ts"))) {
      for (const [name, render] of Object.entries(await copyModule<Record<string, unknown>>(`server/mail/${file}`))) {
        if (!name.startsWith("render") || typeof render !== "function") continue;
        expect(mailSamples, `a sample input for ${name} in mail-samples.ts`).toHaveProperty(name);
        const mail = render(...(mailSamples[name] ?? []), de.code) as { subject?: string; text: string; html: string };
        if (mail.subject !== undefined) expect(mail.subject, name).toContain(de.marker);
        expect(mail.text, name).toContain(de.marker);
        expect(mail.html, name).toContain(de.marker);
        if (mail.subject !== undefined) expect(mail.html, name).toContain(`<html lang="${de.code}"`);
        rendered.push(name);
      }
    }
    expect(rendered.sort()).toEqual(Object.keys(mailSamples).sort());
    const [confirmation] = query("select subject, body_html from mails where to_address = 'ada@example.com'");
    expect(confirmation?.subject, "the order's confirmation, as a queued mail").toContain(de.marker);
    expect(confirmation?.body_html?.includes(`<html lang="${de.code}"`), "the order's confirmation, as a queued mail").toBe(true);
  });

  it("is offered where its countries are, flagged, in the sitemap and the language redirect", async () => {
    const { languageForCountry } = await copyModule<typeof import("../../app/i18n/country-language.ts")>("app/i18n/country-language.ts");
    expect(languageForCountry(de.country)).toBe(de.code);
    const home = await (await visit(site(), `/${de.code}`)).text();
    expect(home.includes(`fill="${de.flagColour}"`), "the flag in the picker").toBe(true);
    expect(new RegExp(`hreflang="${de.code}"`, "i").test(home), "the hreflang alternate").toBe(true);
    expect((await (await visit(site(), "/sitemap.xml")).text()).includes(`/${de.code}/about`), "the sitemap").toBe(true);
    const chosen = await fetch(new URL("/about", site().url), {
      redirect: "manual",
      headers: { accept: "text/html", cookie: `user-language-preference=${de.code}` },
    });
    expect(chosen.headers.get("location")).toBe(`/${de.code}/about`);
    const chunks = readdirSync(join(root, "build/client/assets")).filter((file) => file.startsWith(`${de.code}-`));
    const messages = chunks.map((file) => readFileSync(join(root, "build/client/assets", file), "utf8")).join();
    expect(messages.includes(de.marker), "the browser's chunk of its messages").toBe(true);
  });
});
