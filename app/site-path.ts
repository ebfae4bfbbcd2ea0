/**
 * Whether a configured address is a path of this site (`/api/country`) rather than a URL of another origin.
 * A browser resolves such a path against the page's own origin; `//host/…` and `/\host/…`, which it would
 * resolve to another host, are not paths of this site.
 */
export function isSitePath(value: string): boolean {
  const base = "https://this-site.invalid";
  return value.startsWith("/") && URL.canParse(value, base) && new URL(value, base).origin === base;
}
