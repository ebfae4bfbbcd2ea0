import { defaultLanguage, isLanguage, type Language } from "../../common/languages";
import { serverConfig } from "../../server/config.ts";
import { readCookie } from "../../server/cookies.ts";

/** The console's language: the operator's choice (a cookie on /admin), else their browser's, else the default language. */
export const adminLanguageCookie = "admin_language";

/** A console cookie of the request (see server/cookies.ts: one that cannot be decoded counts as absent). */
export function consoleCookie(request: Request, name: string): string | undefined {
  return readCookie(request.headers.get("cookie"), name);
}

export function adminLanguage(request: Request): Language {
  const chosen = consoleCookie(request, adminLanguageCookie);
  if (isLanguage(chosen)) return chosen;
  for (const tag of (request.headers.get("accept-language") ?? "").split(",")) {
    const primary = tag.trim().slice(0, 2).toLowerCase();
    if (isLanguage(primary)) return primary;
  }
  return defaultLanguage;
}

/** Whether the visitor reached this server over https (directly, or as the load balancer says when trusted). */
export function isSecure(request: Request): boolean {
  const forwarded = serverConfig().TRUST_PROXY && request.headers.get("x-forwarded-proto") === "https";
  return new URL(request.url).protocol === "https:" || forwarded;
}

/** A console cookie: only for /admin, never readable by scripts, never sent from another site. */
export function adminCookie(request: Request, name: string, value: string, maxAgeSeconds: number): string {
  const secure = isSecure(request) ? "; Secure" : "";
  return `${name}=${encodeURIComponent(value)}; Path=/admin; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${secure}`;
}
