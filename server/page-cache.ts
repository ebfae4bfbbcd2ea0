import type { IncomingMessage, ServerResponse } from "node:http";
import { isbot } from "isbot";
import { preferenceKey } from "../common/languages.ts";
import { buildCachedPage, type CachedPage, chooseVariant, missesFirstRoundTrip, type Variant, withSmallestBodies } from "./cached-page.ts";
import { chooseEncoding, type Encoding } from "./compression.ts";

export { type CachedPage, inlineScripts, policyWithScriptHashes } from "./cached-page.ts";

/**
 * Pages that are the same for every visitor are rendered once and then served from memory, already
 * compressed, without going through React again. A route opts in by answering `Cache-Control: public`.
 * The stored variants are keyed by address and by whether the visitor is a crawler, because crawlers get
 * every lazy section rendered at once.
 *
 * A cache hit is the server's hottest path (its budget is at least half of nginx's requests per second on one
 * core: docs/decisions/0003-performance-budgets.md), so `lookup` does no parsing it can avoid: the header
 * blocks are built at store time (cached-page.ts), a plain target is its own key, and what depends on a
 * request header is remembered per distinct header value.
 */

/** What a stored page's answer depends on. */
export interface CacheQuery {
  method: string;
  /** The request target, `/path?query`. */
  target: string;
  cookie?: string;
  userAgent?: string;
  acceptEncoding?: string;
  ifNoneMatch?: string;
}

export interface PageCacheOptions {
  /** How long a page is served from memory; content only changes with a deployment, dates with the day. */
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}

/** Whether a rendered answer may be stored and shown to everyone. */
export function isShareable(request: Request, response: Response): boolean {
  return (
    request.method === "GET" &&
    response.status === 200 &&
    (response.headers.get("Content-Type") ?? "").startsWith("text/html") &&
    /\bpublic\b/.test(response.headers.get("Cache-Control") ?? "") &&
    !response.headers.has("Set-Cookie")
  );
}

/**
 * A map that forgets everything once full: for results computed from a request header (a user agent,
 * an Accept-Encoding), which real traffic repeats a lot and a hostile client can vary without end.
 */
function memo<T>(compute: (input: string) => T, limit = 1000, longest = 512): (input: string) => T {
  const known = new Map<string, T>();
  return (input) => {
    if (input.length > longest) return compute(input);
    let value = known.get(input);
    if (value === undefined && !known.has(input)) {
      if (known.size >= limit) known.clear();
      value = compute(input);
      known.set(input, value);
    }
    return value as T;
  };
}

// isbot runs one large regular expression over the user agent; the same few agents come back all the time.
const isCrawler = memo((userAgent: string) => isbot(userAgent));
const encodingFor = memo((acceptEncoding: string): Encoding | null => chooseEncoding(acceptEncoding), 200);

/**
 * A request target whose path and query WHATWG URL parsing leaves as they are: only characters it never
 * escapes (no `%`, `'`, `\`, space, `#`, …), starting with a single `/`, with no `.` or `..` path segment
 * and no empty query.
 */
const plainTarget = /^\/(?!\/)[\w\-.~!$&()*+,;=:@/?]*$/;
const dotSegment = /(^|\/)\.\.?(\/|$)/;

/**
 * The path and query of a request target (`/blog?q=x`) or of a whole URL, as `new URL` gives them; parsed
 * only when the target is not already in that form. A target URL parsing refuses (`//`) is returned as it
 * came: no stored page has that key, and the full handler answers it.
 */
export function normalTarget(url: string): string {
  if (plainTarget.test(url)) {
    const query = url.indexOf("?");
    // An empty query (`/blog?`) is dropped by URL parsing.
    if (query === -1 ? !dotSegment.test(url) : query < url.length - 1 && !dotSegment.test(url.slice(0, query))) return url;
  }
  const parsed = URL.parse(url, "http://localhost");
  return parsed ? `${parsed.pathname}${parsed.search}` : url;
}

export function pageKey(url: string, userAgent: string | null | undefined): string {
  return `${userAgent && isCrawler(userAgent) ? "crawler" : "visitor"} ${normalTarget(url)}`;
}

export function createPageCache({ ttlMs, maxEntries, now = Date.now }: PageCacheOptions) {
  const pages = new Map<string, CachedPage>();
  const compressing = new Set<Promise<unknown>>();

  function fresh(key: string): CachedPage | undefined {
    const page = pages.get(key);
    if (page && page.expires > now()) return page;
    if (page) pages.delete(key);
    return undefined;
  }

  /** Stores a rendered page (security headers already applied) and returns what to send for it. */
  async function store(key: string, response: Response): Promise<CachedPage> {
    const page = await buildCachedPage(response, now() + ttlMs);
    if (pages.size >= maxEntries) pages.delete(pages.keys().next().value as string);
    pages.set(key, page);
    // The visitors after this one get it in one round trip if brotli's best makes it fit; unless it was
    // replaced or dropped meanwhile.
    if (missesFirstRoundTrip(page)) {
      const pass = withSmallestBodies(page)
        .then(
          (smaller) => pages.get(key) === page && pages.set(key, smaller),
          () => {},
        )
        .finally(() => compressing.delete(pass));
      compressing.add(pass);
    }
    return page;
  }

  /**
   * Resolves once every background pass begun so far has ended: what waits for the smaller page (a test)
   * waits for that, not for a moment that is long enough on one machine and not on a busier one.
   */
  async function compressed(): Promise<void> {
    await Promise.all(compressing);
  }

  /**
   * What to send from memory for a request, if anything: a GET or HEAD of a stored page, without a language
   * preference cookie (which could redirect).
   */
  function lookup(query: CacheQuery): Variant | undefined {
    if (query.method !== "GET" && query.method !== "HEAD") return undefined;
    if (query.cookie?.includes(preferenceKey)) return undefined;
    const page = fresh(pageKey(query.target, query.userAgent));
    if (!page) return undefined;
    return chooseVariant(page, query.acceptEncoding ? encodingFor(query.acceptEncoding) : null, query.ifNoneMatch);
  }

  /**
   * Answers through node:http from memory when it can, with `requestId` in X-Request-Id; returns false to
   * let the full handler answer. (Most stored pages leave by the fast lane instead: fast-lane.ts.)
   */
  function serve(request: IncomingMessage, response: ServerResponse, requestId: string): boolean {
    const { headers } = request;
    const variant = lookup({
      method: request.method ?? "",
      target: request.url ?? "/",
      cookie: headers.cookie,
      userAgent: headers["user-agent"],
      acceptEncoding: headers["accept-encoding"],
      ifNoneMatch: headers["if-none-match"],
    });
    if (!variant) return false;
    variant.raw[variant.raw.length - 1] = requestId;
    response.writeHead(variant.status, variant.raw);
    response.end(request.method === "HEAD" ? undefined : (variant.body ?? undefined));
    return true;
  }

  return { lookup, serve, store, fresh, compressed, size: () => pages.size };
}

export type PageCache = ReturnType<typeof createPageCache>;

/** The same, for the fetch-style handler that rendered the page a moment ago (its X-Request-Id is set apart). */
export function pageResponse(request: Request, page: CachedPage): Response {
  const acceptEncoding = request.headers.get("accept-encoding");
  const variant = chooseVariant(page, acceptEncoding ? encodingFor(acceptEncoding) : null, request.headers.get("if-none-match"));
  const body = request.method === "HEAD" || !variant.body ? null : new Uint8Array(variant.body);
  return new Response(body, { status: variant.status, headers: variant.headers });
}

/** What to send for a stored page, as status, headers and body (null for a HEAD or a 304). */
export function representation(page: CachedPage, method: string, acceptEncoding: string | null, ifNoneMatch: string | null | undefined) {
  const variant = chooseVariant(page, acceptEncoding ? encodingFor(acceptEncoding) : null, ifNoneMatch);
  return { status: variant.status, headers: variant.headers, body: method === "HEAD" ? null : variant.body };
}
