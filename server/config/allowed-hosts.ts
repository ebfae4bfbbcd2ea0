/**
 * Host names as ALLOWED_HOSTS lists them and as a Host header sends them, put in one form to compare: lower
 * case (host names are case-insensitive), without the trailing dot of a fully qualified name, `name:port`
 * when a port is given. Read by the configuration (server/config/server-variables.ts) and by the host check
 * of every request (server/request-gate.ts).
 */

/** A DNS name or an IPv4 address, or a bracketed IPv6 address, then a port or not. */
const hostEntry = /^(\[[0-9a-f:.]+\]|[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)*\.?)(:(\d{1,5}))?$/i;

/** `Shop.Example.com.:0443` → `shop.example.com:443`; a port that is not a number is kept as sent. */
export function normalHost(value: string): string {
  const host = value.trim().toLowerCase();
  // The colons of a bracketed IPv6 address are not a port's.
  const colon = host.lastIndexOf(":");
  const hasPort = colon > host.lastIndexOf("]");
  let name = hasPort ? host.slice(0, colon) : host;
  if (name.endsWith(".")) name = name.slice(0, -1);
  if (!hasPort) return name;
  const port = host.slice(colon + 1);
  return `${name}:${/^\d+$/.test(port) ? Number(port) : port}`;
}

/** The entries of ALLOWED_HOSTS in their normal form, each once; null when an entry is not a host name. */
export function readAllowedHosts(value: string): string[] | null {
  const entries = value
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  return entries.length > 0 && entries.every(isHostEntry) ? [...new Set(entries.map(normalHost))] : null;
}

function isHostEntry(entry: string): boolean {
  const match = hostEntry.exec(entry);
  const port = match?.[6];
  return match !== null && (port === undefined || (Number(port) >= 1 && Number(port) <= 65535));
}

/**
 * Whether a Host header names one of `allowed` (entries in their normal form): a name listed without a port
 * on any port (the port a visitor sees depends on the proxies in between), one listed with a port on that
 * port only. No Host header names none.
 */
export function hostMatcher(allowed: readonly string[]): (host: string | undefined) => boolean {
  const names = new Set(allowed);
  return (host) => {
    if (host === undefined) return false;
    // What browsers send, a listed name as it is, needs no parsing.
    if (names.has(host)) return true;
    const normal = normalHost(host);
    if (names.has(normal)) return true;
    const colon = normal.lastIndexOf(":");
    return colon > normal.lastIndexOf("]") && names.has(normal.slice(0, colon));
  };
}
