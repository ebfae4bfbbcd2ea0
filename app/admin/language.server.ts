import { serverConfig } from "../../server/config.ts";
import { isLanguage, type Language } from "../i18n/languages";

/** The console's language: the operator's choice (a cookie on /admin), else their browser's, else English. */
export const adminLanguageCookie = "admin_language";

export function readCookie(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return decodeURIComponent(value.join("="));
  }
  return undefined;
}

export function adminLanguage(request: Request): Language {
  const chosen = readCookie(request, adminLanguageCookie);
  if (isLanguage(chosen)) return chosen;
  for (const tag of (request.headers.get("accept-language") ?? "").split(",")) {
    const primary = tag.trim().slice(0, 2).toLowerCase();
    if (isLanguage(primary)) return primary;
  }
  return "en";
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
