/**
 * Visiting the copy's server as a browser without JavaScript would: form posts from its own origin, cookies
 * carried by hand, and the checks that a page is in the fourth language.
 */
import { execFileSync } from "node:child_process";
import { expect } from "vitest";
import type { CopyServer } from "../../scripts/support/project-copy.ts";

/** A GET, following redirects, with the cookies given. */
export async function visit(server: CopyServer, path: string, cookies = ""): Promise<Response> {
  return fetch(new URL(path, server.url), { headers: { cookie: cookies, accept: "text/html" } });
}

/** A form post as the page's own form sends it; the redirect it answers is not followed. */
export async function post(server: CopyServer, path: string, fields: Record<string, string>, cookies = ""): Promise<Response> {
  return fetch(new URL(path, server.url), {
    method: "POST",
    redirect: "manual",
    headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded", cookie: cookies, accept: "text/html" },
    body: new URLSearchParams(fields).toString(),
  });
}

/** The page is in the language: its `lang`, and the marker in its title and in the words of its main content. */
export function expectInLanguage(html: string, code: string, marker: string, what: string): void {
  expect(html.match(/<html[^>]*>/)?.[0], what).toContain(`lang="${code}"`);
  expect(html.match(/<title>([^<]*)<\/title>/)?.[1], `${what}: title`).toContain(marker);
  const main = html.match(/<main[^>]*>([\s\S]*)<\/main>/)?.[1]?.replace(/<[^>]+>/g, " ") ?? "";
  expect(main.includes(marker), `${what}: main content`).toBe(true);
}

/** An operator made with the real command line, signed in through the sign-in page: the session cookie. */
export async function signedInOperator(server: CopyServer, root: string): Promise<string> {
  const email = "operator@shop.example";
  const password = "a long passphrase for the copy";
  execFileSync(process.execPath, ["scripts/operator.ts", "add", email], { cwd: root, env: server.env, input: `${password}\n` });
  const response = await post(server, "/admin/login", { email, password, next: "/admin" });
  const session = response.headers.getSetCookie().find((cookie) => !cookie.includes("Max-Age=0"));
  if (!session) throw new Error(`Signing in answered ${response.status} without a session`);
  return session.split(";")[0] ?? "";
}
