/**
 * Who is signed in to the account, from the session cookie. The cookie is `HttpOnly`, `SameSite=Lax`,
 * `Secure` over https, and scoped to the account's pages: one per language's account path (`/account`,
 * `/es/account`, …), all with the same token, so the public pages (cached, shared) never receive it and a
 * customer who changes language stays signed in.
 */
import { languages, localizePath } from "../../common/languages";
import { readCookie } from "../../server/cookies.ts";
import { CUSTOMER_SESSION_LONG_MS, readCustomerSession } from "../../server/db/customer-sessions.ts";
import type { Database } from "../../server/db/database.ts";
import type { CustomerSession } from "../../server/db/schema.ts";
import { isSecure } from "../admin/language.server";

export const ACCOUNT_COOKIE = "account_session";

/** The account's root in each language: the paths its cookies are scoped to. */
export const accountPaths = languages.map((language) => localizePath("/account", language));

/**
 * The paths the cookie is set on: each account root, and its data address. A client-side navigation to
 * `/account` fetches `/account.data`, which a cookie on `/account` does not reach (a cookie's path matches
 * only itself and what is below it after a `/`), so without the second path a signed-in customer following
 * a link to their account would be shown the sign-in form.
 */
export const accountCookiePaths = accountPaths.flatMap((path) => [path, `${path}.data`]);

function accountCookies(request: Request, value: string, maxAgeSeconds: number): string[] {
  const secure = isSecure(request) ? "; Secure" : "";
  return accountCookiePaths.map(
    (path) => `${ACCOUNT_COOKIE}=${encodeURIComponent(value)}; Path=${path}; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure}`,
  );
}

/**
 * The cookies of a new session. They live as long as the longest session could; the database decides when
 * this one ends (12 hours or 30 days), so a cookie outliving its session opens nothing.
 */
export const sessionCookies = (request: Request, token: string) => accountCookies(request, token, CUSTOMER_SESSION_LONG_MS / 1000);

/** The cookies that remove the session from this browser (sign-out, or a session found over). */
export const clearedSessionCookies = (request: Request) => accountCookies(request, "", 0);

/** Headers carrying several Set-Cookie lines, with whatever else the answer needs. */
export function withCookies(cookies: string[], headers: Record<string, string> = {}): Headers {
  const result = new Headers(headers);
  for (const cookie of cookies) result.append("Set-Cookie", cookie);
  return result;
}

/** The signed-in customer's live session, or undefined (no cookie, or a session that ended or expired). */
export async function currentSession(db: Database, request: Request, now: Date = new Date()): Promise<CustomerSession | undefined> {
  return readCustomerSession(db, readCookie(request.headers.get("cookie"), ACCOUNT_COOKIE), now);
}
