/**
 * The account's pages as the HTML checker sees them (tests/e2e/html-validity.spec.ts): signed out, in each
 * state of the sign-in forms a visitor without JavaScript can reach, and signed in, for a customer with a
 * delivered access and its invoice. A session is opened straight in the database (tests/support/account.ts).
 */
import { randomBytes } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { ACCOUNT_COOKIE } from "../../app/account/session.server.ts";
import { hashCustomerToken } from "../../server/db/customer-sessions.ts";
import { customerWithAccess, newEmail } from "./account-dashboard.ts";
import { runSql } from "./console.ts";
import { e2eServers } from "./servers.ts";
import { type Language, localized } from "./site.ts";
import { queryRows } from "./store.ts";

export interface AccountPage {
  label: string;
  status: number;
  html: string;
  type: string;
}

function openSession(email: string): string {
  const token = randomBytes(32).toString("base64url");
  const now = new Date();
  runSql(
    `INSERT INTO customer_sessions (email, token_hash, verified_at, expires_at, ended_at, address, created_at, updated_at)
     VALUES (?, ?, ?, ?, NULL, '198.51.100.7', ?, ?)`,
    [
      email,
      hashCustomerToken(token),
      now.toISOString(),
      new Date(now.getTime() + 3600_000).toISOString(),
      now.toISOString(),
      now.toISOString(),
    ],
  );
  return token;
}

/** The order's access renewing automatically on the test gateway, as a checkout with the box ticked leaves it: its id. */
export function renewingSubscription(orderId: number, email: string): number {
  const now = new Date();
  const [access] = queryRows<{ id: number; ends_at: string }>(
    "SELECT id, ends_at FROM accesses WHERE reference = (SELECT reference FROM orders WHERE id = ?)",
    [orderId],
  );
  runSql(
    `INSERT INTO subscriptions (order_id, access_id, email, plan_key, viewers, amount_cents, currency, processor, processor_subscription_id,
       processor_customer_id, payment_method, card_brand, card_last4, status, next_charge_at, failed_attempts, next_retry_at, pay_url,
       ended_at, end_reason, created_at, updated_at)
     VALUES (?, ?, ?, 'premium', 2, 4300, 'EUR', 'test', NULL, NULL, 'tcard_html', 'visa', '4242', 'active', ?, 0, NULL, NULL, NULL, NULL, ?, ?)`,
    [orderId, access?.id ?? null, email, access?.ends_at ?? now.toISOString(), now.toISOString(), now.toISOString()],
  );
  const [subscription] = queryRows<{ id: number }>("SELECT id FROM subscriptions WHERE order_id = ?", [orderId]);
  if (!subscription) throw new Error("The subscription was not stored");
  return subscription.id;
}

export async function accountPages(request: APIRequestContext, language: Language): Promise<AccountPage[]> {
  const email = newEmail("html-validity");
  const order = await customerWithAccess(request, email, 10, language);
  const [invoice] = queryRows<{ number: string }>("SELECT number FROM invoices WHERE order_id = ?", [order.id]);
  const cookie = `${ACCOUNT_COOKIE}=${openSession(email)}`;
  const headers = { accept: "text/html", origin: e2eServers.main.url };
  const at = (path: string) => localized(language, path);
  const pages: AccountPage[] = [];
  const keep = async (label: string, response: Awaited<ReturnType<APIRequestContext["get"]>>) =>
    pages.push({ label, status: response.status(), type: response.headers()["content-type"] ?? "", html: await response.text() });

  await keep(`GET ${at("/account")} (signed out)`, await request.get(at("/account"), { headers }));
  const signIn = (form: Record<string, string>) => request.post(at("/account"), { form, headers, maxRedirects: 0 });
  await keep(`POST ${at("/account")} (an address that is not one)`, await signIn({ intent: "sign-in", email: "not-an-address" }));
  await keep(`POST ${at("/account")} (mail on its way)`, await signIn({ intent: "sign-in", email: newEmail("stranger") }));
  const signedIn = (path: string) => request.get(at(path), { headers: { ...headers, cookie } });
  await keep(`GET ${at("/account")} (signed in)`, await signedIn("/account"));
  if (!pages.at(-1)?.html.includes(order.reference)) throw new Error("The session opened in the database did not sign in");
  if (!invoice) throw new Error(`The order ${order.reference} has no invoice`);
  await keep(`GET ${at(`/account/access/${order.reference}`)}`, await signedIn(`/account/access/${order.reference}`));
  await keep(`GET ${at(`/account/invoices/${invoice.number}`)}`, await signedIn(`/account/invoices/${invoice.number}`));
  await keep(`GET ${at("/account/sign-out")}`, await signedIn("/account/sign-out"));
  await keep(`GET ${at("/account/delete")}`, await signedIn("/account/delete"));
  // Automatic renewal: the dashboard's block, the confirmation of "Stop renewing", the test gateway's card page.
  const subscription = renewingSubscription(order.id, email);
  await keep(`GET ${at("/account")} (renews automatically)`, await signedIn("/account"));
  await keep(`GET ${at(`/account/stop-renewing/${subscription}`)}`, await signedIn(`/account/stop-renewing/${subscription}`));
  await keep(`GET ${at(`/account/card/${subscription}`)}`, await signedIn(`/account/card/${subscription}`));
  return pages;
}
