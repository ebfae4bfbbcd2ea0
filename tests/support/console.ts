/**
 * The operator's side for the end-to-end tests: operators made with the real CLI, signing in through the
 * sign-in page, and direct writes to a server's database where a test must set up what no page can (a session
 * gone idle for half an hour).
 */
import { execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import type { Locator, Page } from "@playwright/test";
import type { AdminMessages } from "../../app/admin/text.ts";
import en from "../../content/locales/admin/en/login.json" with { type: "json" };
import orders from "../../content/locales/admin/en/orders.json" with { type: "json" };
import { parseEncryptionKey, seal } from "../../server/admin/secret-box.ts";
import { newTotpSecret } from "../../server/admin/totp.ts";
import { e2eServers } from "./servers.ts";
import type { Language } from "./site.ts";

type Server = (typeof e2eServers)[keyof typeof e2eServers];

/** `npm run operator -- add EMAIL` against a test server's database, the password on standard input. */
export function addOperator(email: string, password: string, server: Server = e2eServers.main): void {
  execFileSync(process.execPath, ["scripts/operator.ts", "add", email], {
    input: `${password}\n`,
    env: { ...process.env, SQLITE_FILE: server.databaseFile, DATABASE_URL: "" },
    stdio: ["pipe", "pipe", "pipe"],
  });
}

let operators = 0;
/** A fresh operator for one test, so tests never share sessions or sign-in counts. */
export function newOperator(server: Server = e2eServers.main): { email: string; password: string } {
  const operator = {
    email: `operator.${Date.now()}.${++operators}.${randomBytes(3).toString("hex")}@shop.example`,
    password: `a long passphrase ${randomBytes(4).toString("hex")}`,
  };
  addOperator(operator.email, operator.password, server);
  return operator;
}

/** Signs in through the sign-in page, as an operator does. */
export async function signIn(page: Page, operator: { email: string; password: string }, path = "/admin/orders"): Promise<void> {
  await page.goto(path);
  await page.getByLabel(en.email, { exact: true }).fill(operator.email);
  await page.getByLabel(en.password, { exact: true }).fill(operator.password);
  await page.getByRole("button", { name: en.submit }).click();
}

/** The console's texts in a language, by area, as its pages word them (content/locales/admin/<language>/). */
export function consoleText(language: Language): AdminMessages {
  const areas = ["common", "login", "account", "orders", "customers", "inbox", "subscribers", "audit", "books"];
  const read = (area: string) => JSON.parse(readFileSync(`content/locales/admin/${language}/${area}.json`, "utf8")) as unknown;
  return Object.fromEntries(areas.map((area) => [area, read(area)])) as AdminMessages;
}

/** A console text with its `{{placeholders}}` filled in. */
export const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? "");

/** Access details an operator types in for a customer, the username unique to this test. */
export const accessDetails = (username: string) => ({
  username: `${username}${Date.now()}`,
  password: "Tr0ub4dor-e2e",
  serverUrl: "https://tv.example.com",
  playlistUrl: "https://tv.example.com/get.m3u",
});

/** The order page's delivery fields, labelled in the console's language (English unless given), each with what goes in it. */
export const accessFields = (
  page: Page,
  details: ReturnType<typeof accessDetails>,
  labels: Record<keyof typeof details, string> = orders.deliver.fields,
): [Locator, string][] =>
  Object.entries(details).map(([field, value]) => [page.getByLabel(labels[field as keyof typeof details], { exact: true }), value]);

export function runSql(sql: string, parameters: (string | number | null)[] = [], server: Server = e2eServers.main): void {
  const db = new DatabaseSync(server.databaseFile);
  try {
    db.exec("PRAGMA busy_timeout = 5000");
    // As the server's connections do (server/db/sqlite-dialect.ts): a write here that defragments a page
    // must not leave copies of other rows in its free space, or an erasure could not remove them.
    db.exec("PRAGMA secure_delete = ON");
    db.prepare(sql).run(...parameters);
  } finally {
    db.close();
  }
}

/**
 * A session of `email` opened straight in the database, its token for the cookie: live, or gone idle
 * `idleForMs` ago (31 minutes: one the server must refuse). For tests about a page, not about signing in.
 */
export function sessionToken(
  email: string,
  { idleForMs = 0, server = e2eServers.main }: { idleForMs?: number; server?: Server } = {},
): string {
  const token = randomBytes(32).toString("base64url");
  const hash = createHash("sha256").update(token).digest("hex");
  const lastSeen = new Date(Date.now() - idleForMs).toISOString();
  const later = new Date(Date.now() + 6 * 3600_000).toISOString();
  runSql(
    `INSERT INTO operator_sessions (operator_id, token_hash, verified_at, address, last_seen_at, expires_at, ended_at, created_at, updated_at)
     SELECT id, ?, ?, '127.0.0.1', ?, ?, NULL, ?, ? FROM operators WHERE email = ?`,
    [hash, lastSeen, lastSeen, later, lastSeen, lastSeen, email],
    server,
  );
  return token;
}

/** A session of `email` that went idle 31 minutes ago: its token, for a cookie the server must refuse. */
export const idleSessionToken = (email: string, server: Server = e2eServers.main) =>
  sessionToken(email, { idleForMs: 31 * 60_000, server });

/**
 * A new operator, signed in on `page` without the sign-in page, the console in `language` as if chosen on the
 * account page (its cookie): for the tests of one console page.
 */
export async function signedInOperator(page: Page, language: Language, server: Server = e2eServers.main): Promise<{ email: string }> {
  // Written straight to the database: no password is ever typed, so none is hashed.
  const operator = { email: `operator.${Date.now()}.${++operators}.${randomBytes(3).toString("hex")}@shop.example` };
  const now = new Date().toISOString();
  runSql(
    "INSERT INTO operators (email, password_hash, created_at, updated_at) VALUES (?, 'none', ?, ?)",
    [operator.email, now, now],
    server,
  );
  const url = `${server.url}/admin`;
  await page.context().addCookies([
    { name: "admin_session", value: sessionToken(operator.email, { server }), url },
    { name: "admin_language", value: language, url },
  ]);
  return operator;
}

/** Two-step sign-in turned on for `email` straight in the database, with a secret this test knows. */
export function enableSecondFactor(email: string, server: Server = e2eServers.main): string {
  const secret = newTotpSecret();
  const sealed = seal(parseEncryptionKey(server.env.ACCESS_ENCRYPTION_KEY), secret);
  const now = new Date().toISOString();
  runSql("UPDATE operators SET totp_secret = ?, totp_enabled_at = ? WHERE email = ?", [sealed, now, email], server);
  return secret;
}
