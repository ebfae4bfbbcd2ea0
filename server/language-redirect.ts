import { defaultLanguage, isLanguage, languageFromPath, localizePath, preferenceKey } from "../common/languages.ts";
import { readCookie } from "./cookies.ts";

/**
 * Where an unprefixed page request should go for a visitor who chose Spanish or French in the picker
 * (the cookie the picker sets), so they never see a flash of English. Null when the page is right as it is.
 * Prefixed URLs are explicit choices and are never redirected.
 */
export function preferredLanguageLocation(request: Request): string | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  if (!(request.headers.get("accept") ?? "").includes("text/html")) return null;
  const url = new URL(request.url);
  // Pages have no file extension; /sitemap.xml, /robots.txt and the like are the same in every language.
  if (/\.[a-z0-9]+$/i.test(url.pathname)) return null;
  if (languageFromPath(url.pathname) !== defaultLanguage) return null;
  const chosen = readCookie(request.headers.get("cookie"), preferenceKey);
  if (!isLanguage(chosen) || chosen === defaultLanguage) return null;
  return localizePath(url.pathname, chosen) + url.search;
}
