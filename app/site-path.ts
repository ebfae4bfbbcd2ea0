const base = "https://this-site.invalid";

/**
 * Whether a configured address is a path of this site (`/api/country`) rather than a URL of another origin.
 * A browser resolves such a path against the page's own origin; `//host/…` and `/\host/…`, which it would
 * resolve to another host, are not paths of this site.
 */
export function isSitePath(value: string): boolean {
  return value.startsWith("/") && URL.canParse(value, base) && new URL(value, base).origin === base;
}

/**
 * A page to send the visitor back to, taken from a parameter they could have been given by anyone (`next`
 * after signing in): the path as a browser would resolve it, or `fallback` unless it is a path of this site
 * under `area` (`/admin` and what is below it). Refused before resolving: control characters (a browser
 * drops a tab or a newline, so `/<TAB>/host` becomes `//host`, another site; a CR or LF would break the
 * Location header), backslashes (read as slashes) and a second slash at the start (another host). After
 * resolving, `..` and its percent-encoded forms can no longer climb out of `area`.
 */
export function safeReturnPath(value: string | null | undefined, area: string, fallback: string): string {
  if (!value?.startsWith("/") || value.startsWith("//")) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  if (/[\u0000-\u001f\u007f\\]/.test(value) || !URL.canParse(value, base)) return fallback;
  const url = new URL(value, base);
  const inArea = url.pathname === area || url.pathname.startsWith(`${area}/`);
  return url.origin === base && inArea ? `${url.pathname}${url.search}` : fallback;
}

/**
 * A path whose leading slashes are collapsed to one, for a redirect built from the request's own path
 * (`/en//host` without its `/en` is `//host`, which a browser reads as another site).
 */
export function singleLeadingSlash(path: string): string {
  return `/${path.replace(/^[/\\]+/, "")}`;
}
