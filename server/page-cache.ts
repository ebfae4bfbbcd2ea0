import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { isbot } from "isbot";
import { preferenceKey } from "../app/i18n/languages.ts";
import { chooseEncoding, compress } from "./compression.ts";

/**
 * Pages that are the same for every visitor are rendered once and then served from memory, already
 * compressed, without going through React again. A route opts in by answering `Cache-Control: public`.
 *
 * A stored page cannot carry a fresh nonce, so its Content-Security-Policy allows its inline scripts by
 * their SHA-256 hashes instead (design.md §8): the hash pins the exact script, which is what the nonce
 * was for. The stored variants are keyed by address and by whether the visitor is a crawler, because
 * crawlers get every lazy section rendered at once.
 */

export interface CachedPage {
  status: number;
  headers: Record<string, string>;
  bodies: { identity: Buffer; br: Buffer; gzip: Buffer };
  etag: string;
  expires: number;
}

export interface PageCacheOptions {
  /** How long a page is served from memory; content only changes with a deployment, dates with the day. */
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
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

export function pageKey(url: string, userAgent: string | null | undefined): string {
  const { pathname, search } = new URL(url, "http://localhost");
  return `${isbot(userAgent) ? "crawler" : "visitor"} ${pathname}${search}`;
}

export function createPageCache({ ttlMs, maxEntries, now = Date.now }: PageCacheOptions) {
  const pages = new Map<string, CachedPage>();

  function fresh(key: string): CachedPage | undefined {
    const page = pages.get(key);
    if (page && page.expires > now()) return page;
    if (page) pages.delete(key);
    return undefined;
  }

  /** Stores a rendered page (security headers already applied) and returns what to send for it. */
  async function store(key: string, response: Response): Promise<CachedPage> {
    const html = await response.text();
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      headers[name] = value;
    });
    delete headers["content-length"];
    delete headers["content-encoding"];
    const policy = headers["content-security-policy"];
    if (policy) headers["content-security-policy"] = policyWithScriptHashes(policy, html);
    headers.vary = [...new Set([...(headers.vary ?? "").split(",").map((v) => v.trim()), "Accept-Encoding"].filter(Boolean))].join(", ");
    const identity = Buffer.from(html);
    const page: CachedPage = {
      status: response.status,
      headers,
      bodies: { identity, br: await compress(identity, "br"), gzip: await compress(identity, "gzip") },
      etag: createHash("sha256").update(identity).digest("base64url").slice(0, 27),
      expires: now() + ttlMs,
    };
    if (pages.size >= maxEntries) pages.delete(pages.keys().next().value as string);
    pages.set(key, page);
    return page;
  }

  /**
   * Answers straight from memory when it can (GET or HEAD of a stored page, no language preference cookie
   * that could redirect); returns false to let the full handler answer.
   */
  function serve(request: IncomingMessage, response: ServerResponse): boolean {
    if (request.method !== "GET" && request.method !== "HEAD") return false;
    if (request.headers.cookie?.includes(preferenceKey)) return false;
    const page = fresh(pageKey(request.url ?? "/", request.headers["user-agent"]));
    if (!page) return false;
    writePage(request, page, response);
    return true;
  }

  return { serve, store, fresh, size: () => pages.size };
}

export type PageCache = ReturnType<typeof createPageCache>;

interface Representation {
  status: number;
  headers: Record<string, string>;
  body: Buffer | null;
}

/** What to send for a stored page: 304 when the client has it, else the best encoding it accepts. */
export function representation(
  page: CachedPage,
  method: string,
  acceptEncoding: string | null,
  ifNoneMatch: string | null | undefined,
): Representation {
  const encoding = chooseEncoding(acceptEncoding);
  const etag = `W/"${page.etag}-${encoding ?? "identity"}"`;
  if (ifNoneMatch === etag) return { status: 304, headers: { ...page.headers, etag }, body: null };
  const body = encoding ? page.bodies[encoding] : page.bodies.identity;
  return {
    status: page.status,
    headers: { ...page.headers, etag, "content-length": String(body.byteLength), ...(encoding ? { "content-encoding": encoding } : {}) },
    body: method === "HEAD" ? null : body,
  };
}

function writePage(request: IncomingMessage, page: CachedPage, response: ServerResponse): void {
  const { status, headers, body } = representation(
    page,
    request.method ?? "GET",
    request.headers["accept-encoding"] ?? null,
    request.headers["if-none-match"],
  );
  response.writeHead(status, headers);
  response.end(body ?? undefined);
}

/** The same, for the fetch-style handler that rendered the page a moment ago. */
export function pageResponse(request: Request, page: CachedPage): Response {
  const { status, headers, body } = representation(
    page,
    request.method,
    request.headers.get("accept-encoding"),
    request.headers.get("if-none-match"),
  );
  return new Response(body ? new Uint8Array(body) : null, { status, headers });
}
