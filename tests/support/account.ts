/**
 * A signed-in customer for end-to-end tests about the account's pages (not about signing in, which
 * tests/e2e/account-sign-in.spec.ts goes through by mail): a session opened straight in the server's
 * database, and its cookies in the browser, as the server would set them.
 */
import { randomBytes } from "node:crypto";
import type { BrowserContext } from "@playwright/test";
import { ACCOUNT_COOKIE, accountCookiePaths } from "../../app/account/session.server.ts";
import { hashCustomerToken } from "../../server/db/customer-sessions.ts";
import { runSql } from "./console.ts";
import { e2eServers } from "./servers.ts";

type Server = (typeof e2eServers)[keyof typeof e2eServers];

/**
 * Opens a session for `email` that proved its mailbox `verifiedAgoMs` ago (0: just signed in; over 10
 * minutes: a session that must ask a fresh code before revealing access details). Returns its token.
 */
export async function signInCustomer(
  context: BrowserContext,
  email: string,
  { verifiedAgoMs = 0, server = e2eServers.main }: { verifiedAgoMs?: number; server?: Server } = {},
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const now = Date.now();
  const verifiedAt = new Date(now - verifiedAgoMs).toISOString();
  runSql(
    `INSERT INTO customer_sessions (email, token_hash, verified_at, expires_at, ended_at, address, created_at, updated_at)
     VALUES (?, ?, ?, ?, NULL, '198.51.100.7', ?, ?)`,
    [email.trim().toLowerCase(), hashCustomerToken(token), verifiedAt, new Date(now + 12 * 3600_000).toISOString(), verifiedAt, verifiedAt],
    server,
  );
  const { hostname } = new URL(server.url);
  await context.addCookies(
    accountCookiePaths.map((path) => ({
      name: ACCOUNT_COOKIE,
      value: token,
      domain: hostname,
      path,
      httpOnly: true,
      sameSite: "Lax" as const,
    })),
  );
  return token;
}
