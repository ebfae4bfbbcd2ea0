/**
 * End-to-end support for the account's dashboard: its texts as the app words them, and a customer with a
 * delivered order and its access, made through the checkout and the database.
 */
import type { APIRequestContext, Browser } from "@playwright/test";
import en from "../../content/locales/account/en/dashboard.json" with { type: "json" };
import es from "../../content/locales/account/es/dashboard.json" with { type: "json" };
import fr from "../../content/locales/account/fr/dashboard.json" with { type: "json" };
import { parseEncryptionKey, seal } from "../../server/admin/secret-box.ts";
import { runSql } from "./console.ts";
import { e2eServers } from "./servers.ts";
import { type Language, localized } from "./site.ts";
import { queryRows } from "./store.ts";

/** The dashboard's texts, looked up and filled like the app does (plurals by count, `{{placeholders}}`). */
const texts = { en, es, fr } as const;
export function d(language: Language, key: string, values: Record<string, string | number> = {}): string {
  const node = (path: string) =>
    path.split(".").reduce<unknown>((at, part) => (at as Record<string, unknown> | undefined)?.[part], texts[language]);
  const plural = typeof values.count === "number" ? node(`${key}_${new Intl.PluralRules(language).select(values.count)}`) : undefined;
  const text = (plural ?? node(key)) as string;
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => String(values[name] ?? whole));
}

/**
 * A control's accessible name: its visible label, then what it acts on for those who hear it
 * (`LabelInContext`): `named("en", "subscriptions.renew", { reference })` reads `subscriptions.renewContext` too.
 */
export function named(language: Language, key: string, values: Record<string, string | number> = {}): string {
  return `${d(language, key)} ${d(language, `${key}Context`, values)}`;
}

const key = parseEncryptionKey(e2eServers.main.env.ACCESS_ENCRYPTION_KEY);
const day = 24 * 3600_000;
const details = (username: string) => ({
  username,
  password: `pw-${username}-secret`,
  serverUrl: "https://tv.example.net:8080",
  playlistUrl: `https://tv.example.net/get.php?username=${username}`,
});

/**
 * A customer with a delivered order and its access, ending in `days` days: the order placed through the
 * checkout (so it is paid by card, with its timeline), then delivered in the database with its access row.
 */
export async function customerWithAccess(request: APIRequestContext, email: string, days: number, language: Language = "en") {
  const form = {
    plan: "premium",
    viewers: "2",
    idempotencyKey: `dash-${Date.now()}-${Math.random().toString(36).slice(2)}`,
    firstName: "Claire",
    lastName: "Dubois",
    email,
    phone: "06 12 34 56 78",
    cardNumber: "4242 4242 4242 4242",
    expiryDate: "12/30",
    cvv: "123",
    country: "FR",
    city: "Lyon",
    postalCode: "69001",
    address: "1 rue de la République",
  };
  await request.post(localized(language, "/checkout"), { form, headers: { Origin: e2eServers.main.url } });
  const [order] = queryRows<{ id: number; reference: string }>(
    "SELECT id, reference FROM orders WHERE email = ? AND access_id IS NULL ORDER BY id DESC",
    [email],
  );
  if (!order) throw new Error("The checkout placed no order");
  const now = new Date();
  const start = new Date(now.getTime() - 20 * day).toISOString();
  const end = new Date(now.getTime() + days * day).toISOString();
  const username = order.reference.toLowerCase();
  runSql(
    `INSERT INTO accesses (reference, email, plan_key, viewers, status, details, starts_at, ends_at, revoked_at, revoke_reason, created_at, updated_at)
     VALUES (?, ?, 'premium', 2, 'active', ?, ?, ?, NULL, NULL, ?, ?)`,
    [order.reference, email, seal(key, JSON.stringify(details(username))), start, end, start, start],
  );
  const [access] = queryRows<{ id: number }>("SELECT id FROM accesses WHERE reference = ?", [order.reference]);
  runSql("UPDATE orders SET status = 'fulfilled', access_id = ?, access_starts_at = ?, access_ends_at = ? WHERE id = ?", [
    access?.id ?? 0,
    start,
    end,
    order.id,
  ]);
  runSql(
    "INSERT INTO order_events (order_id, type, actor, details, created_at, updated_at) VALUES (?, 'delivered', 'ops@shop.example', ?, ?, ?)",
    [order.id, JSON.stringify({ note: "internal note for the team" }), start, start],
  );
  return { ...order, username };
}

export const newEmail = (name: string) => `${name}.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.com`;

export async function withoutJavaScript(browser: Browser) {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: e2eServers.main.url });
  return { context, page: await context.newPage() };
}
