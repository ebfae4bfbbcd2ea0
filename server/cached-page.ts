import { createHash } from "node:crypto";
import { STATUS_CODES } from "node:http";
import { compress, type Encoding } from "./compression.ts";

/**
 * A rendered page as the page cache keeps it: everything a later answer needs is worked out once, when the
 * page is stored, so that serving it is a lookup and one write (server/page-cache.ts): the policy with
 * script hashes, the three bodies (identity, brotli, gzip), and for each of them the full header block of a
 * 200 and of a 304, with its own ETag and Content-Length.
 *
 * A stored page cannot carry a fresh nonce, so its Content-Security-Policy allows its inline scripts by
 * their SHA-256 hashes instead (docs/decisions/0002-page-cache.md): the hash pins the exact script, which is
 * what the nonce was for.
 */

export type BodyEncoding = Encoding | "identity";

/** One answer, ready to send. */
export interface Variant {
  status: number;
  /** Lower-case names, for the fetch-style handler and the tests. */
  headers: Record<string, string>;
  /**
   * The same headers as `[name, value, …]` for `response.writeHead`, ending with an X-Request-Id slot that
   * the server fills in just before each write (writeHead copies it at once, so the array can be shared).
   */
  raw: string[];
  /**
   * The same as the start of an HTTP/1.1 answer, for the fast lane (fast-lane.ts): the status line and the
   * headers as node:http writes them, up to the value of X-Request-Id.
   */
  head: string;
  body: Buffer | null;
  /** The ETag a client sends back in If-None-Match to get the 304. */
  etag: string;
}

export interface CachedPage {
  status: number;
  /** The stored headers, without Content-Length, Content-Encoding and ETag (they differ per variant). */
  headers: Record<string, string>;
  bodies: Record<BodyEncoding, Buffer>;
  etag: string;
  expires: number;
  variants: Record<BodyEncoding, { ok: Variant; notModified: Variant }>;
}

/** Executable inline scripts: no `src`, and not a data block such as JSON-LD. */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes = ""]) => !/\bsrc=/i.test(attributes) && !/type="application\/(ld\+)?json"/i.test(attributes))
    .map(([, , content = ""]) => content)
    .filter((content) => content.length > 0);
}

/** The policy with the nonce replaced by the hashes of the page's inline scripts. */
export function policyWithScriptHashes(policy: string, html: string): string {
  const hashes = [...new Set(inlineScripts(html).map((script) => `'sha256-${createHash("sha256").update(script).digest("base64")}'`))];
  return policy.replace(/'nonce-[^']*'/, hashes.join(" ") || "'none'");
}

export const requestIdHeader = "X-Request-Id";

function variant(status: number, headers: Record<string, string>, body: Buffer | null, etag: string): Variant {
  const raw = Object.entries(headers).flat();
  raw.push(requestIdHeader, "");
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  const head = `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join("")}${requestIdHeader}: `;
  return { status, headers, raw, head, body, etag };
}

/** What to store for a rendered page (security headers already applied), to be served until `expires`. */
export async function buildCachedPage(response: Response, expires: number): Promise<CachedPage> {
  const html = await response.text();
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  for (const name of ["content-length", "content-encoding", "etag", "x-request-id"]) delete headers[name];
  const policy = headers["content-security-policy"];
  if (policy) headers["content-security-policy"] = policyWithScriptHashes(policy, html);
  headers.vary = [...new Set([...(headers.vary ?? "").split(",").map((v) => v.trim()), "Accept-Encoding"].filter(Boolean))].join(", ");
  const identity = Buffer.from(html);
  const bodies: Record<BodyEncoding, Buffer> = { identity, br: await compress(identity, "br"), gzip: await compress(identity, "gzip") };
  const pageTag = createHash("sha256").update(identity).digest("base64url").slice(0, 27);
  return pageWithBodies(response.status, headers, bodies, pageTag, expires);
}

/**
 * What the first round trip of a new connection carries: TCP's initial window, 10 segments of 1460 bytes
 * (RFC 6928), as Lighthouse's network simulation counts it too. A page whose whole answer fits is complete a
 * round trip sooner: the Spanish and French landing pages, 13.3 and 13.6 KB with brotli's fast setting and
 * 1.2 KB of headers, were 150 ms (the simulated round trip) behind their twins' LCP, and level with them at
 * brotli's best (12.1 and 12.5 KB).
 */
export const FIRST_ROUND_TRIP_BYTES = 10 * 1460;

/** Room for what is added as the answer is sent: the request's id, node:http's Date and connection headers. */
const sendTimeHeaderBytes = 160;

/** Whether the page's brotli answer misses the first round trip: then its smallest compression is worth making. */
export function missesFirstRoundTrip(page: CachedPage): boolean {
  const { ok } = page.variants.br;
  return ok.head.length + sendTimeHeaderBytes + (ok.body?.byteLength ?? 0) > FIRST_ROUND_TRIP_BYTES;
}

/**
 * The same page with its brotli body as small as brotli makes it (every browser that counts asks for brotli),
 * made off the main thread (zlib's thread pool) for the visitors after the first. Only for a page that misses
 * the first round trip: brotli's best costs 25 to 85 ms of a core for a 90 KB page, a burst of first visits
 * (a crawler) would pay it on every page, and a page that fits already gains nothing a visitor sees. The
 * ETags stay: the page is the same once decoded.
 */
export async function withSmallestBodies(page: CachedPage): Promise<CachedPage> {
  const br = await compress(page.bodies.identity, "br", "smallest");
  return pageWithBodies(page.status, page.headers, { ...page.bodies, br }, page.etag, page.expires);
}

function pageWithBodies(
  status: number,
  headers: Record<string, string>,
  bodies: Record<BodyEncoding, Buffer>,
  pageTag: string,
  expires: number,
): CachedPage {
  const variantsOf = (encoding: BodyEncoding) => {
    const etag = `W/"${pageTag}-${encoding}"`;
    const body = bodies[encoding];
    const encoded: Record<string, string> = encoding === "identity" ? {} : { "content-encoding": encoding };
    return {
      ok: variant(status, { ...headers, etag, "content-length": String(body.byteLength), ...encoded }, body, etag),
      // A 304 has no body and says nothing of one, so it carries no Content-Length (RFC 9110 §15.4.5).
      notModified: variant(304, { ...headers, etag }, null, etag),
    };
  };
  return {
    status,
    headers,
    bodies,
    etag: pageTag,
    expires,
    variants: { identity: variantsOf("identity"), br: variantsOf("br"), gzip: variantsOf("gzip") },
  };
}

/** What to send for a stored page: 304 when the client has this variant, else the page in `encoding`. */
export function chooseVariant(page: CachedPage, encoding: Encoding | null, ifNoneMatch: string | null | undefined): Variant {
  const variants = page.variants[encoding ?? "identity"];
  return ifNoneMatch === variants.ok.etag ? variants.notModified : variants.ok;
}
