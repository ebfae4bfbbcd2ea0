import { createContext, type MiddlewareFunction, redirect } from "react-router";
import { type ActiveSession, readSession, SESSION_MAX_MS } from "../../server/admin/sessions.ts";
import { serverConfig } from "../../server/config.ts";
import { servicesOf } from "../services.server";
import { safeReturnPath } from "../site-path";
import { adminCookie, consoleCookie } from "./language.server";

export const sessionCookie = "admin_session";

/** The signed-in operator and their session, for every console loader and action. */
export const operatorContext = createContext<ActiveSession>();

/** A script or monitor asking for JSON gets a 401 in JSON; a browser is sent to the sign-in page. */
function wantsJson(request: Request): boolean {
  const accept = request.headers.get("accept") ?? "";
  return accept.includes("application/json") && !accept.includes("text/html");
}

const consoleHome = "/admin/orders";

/**
 * The path to come back to after signing in: only a console page once resolved (never another site), and
 * never the sign-in or sign-out page itself.
 */
export function safeNext(value: string | null | undefined): string {
  const path = safeReturnPath(value, "/admin", consoleHome);
  return /^\/admin\/log(in|out)(\?|$)/.test(path) ? consoleHome : path;
}

/**
 * To the sign-in page, coming back here afterwards. A cookie whose session is over is removed (and the page
 * says the session ended); a session still owing its second factor is kept, so the page asks for the code.
 */
function toSignIn(request: Request, cookie: "none" | "ended" | "awaiting-code"): Response {
  if (wantsJson(request)) return Response.json({ error: "unauthorized" }, { status: 401, headers: { "Cache-Control": "no-store" } });
  const url = new URL(request.url);
  const next = url.pathname.replace(/\.data$/, "") + url.search;
  const query = new URLSearchParams({ next: safeNext(next), ...(cookie === "ended" && { reason: "expired" }) });
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  if (cookie === "ended") headers["Set-Cookie"] = clearedSession(request);
  return redirect(`/admin/login?${query}`, { headers });
}

export const clearedSession = (request: Request) => adminCookie(request, sessionCookie, "", 0);
export const sessionCookieFor = (request: Request, token: string) => adminCookie(request, sessionCookie, token, SESSION_MAX_MS / 1000);

/**
 * The console's gate, run before any console loader or action (React Router middleware on the console's
 * layout): without a live, verified session nothing else runs, and the answer is the sign-in page (or a 401
 * to a JSON client). With OPERATOR_REQUIRE_2FA, an operator without a second factor may open only the
 * account page, to set one up. Every answer is kept out of caches and search engines.
 */
export const requireOperator: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const token = consoleCookie(request, sessionCookie);
  let active: ActiveSession | undefined;
  try {
    const { db } = await servicesOf(context);
    active = await readSession(db, token);
  } catch {
    throw new Response("The console's database is not reachable. Try again in a moment.", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "Retry-After": "30" },
    });
  }
  // Returned, not thrown: a thrown response would be rendered as an error page, and the JSON client wants JSON.
  if (!active) return toSignIn(request, token ? "ended" : "none");
  if (!active.session.verified_at) return toSignIn(request, "awaiting-code");
  const path = new URL(request.url).pathname.replace(/\.data$/, "");
  if (serverConfig().OPERATOR_REQUIRE_2FA && !active.operator.totp_enabled_at && path !== "/admin/account") {
    throw redirect("/admin/account", { headers: { "Cache-Control": "no-store" } });
  }
  context.set(operatorContext, active);
  const response = await next();
  response.headers.set("Cache-Control", "no-store");
  response.headers.set("X-Robots-Tag", "noindex, nofollow");
  return response;
};
