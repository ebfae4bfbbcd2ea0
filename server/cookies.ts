/**
 * The one cookie reader of the site. A Cookie header is whatever the browser was given, by this site or by a
 * script or a parent domain that set one of the same name: a value that is not valid percent-encoding is
 * ignored (as if absent), never an error, so a planted cookie cannot turn every page into a 500.
 */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const separator = part.indexOf("=");
    if (separator === -1 || part.slice(0, separator).trim() !== name) continue;
    const raw = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(raw.startsWith('"') && raw.endsWith('"') && raw.length >= 2 ? raw.slice(1, -1) : raw);
    } catch {
      // Not valid percent-encoding: a later cookie of the same name (another path or domain) may still be.
    }
  }
  return undefined;
}
