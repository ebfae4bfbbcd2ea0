import type { ClientAddress } from "@remix-run/node-fetch-server";
import { createRequestHandler, type ServerBuild } from "react-router";
import { compressResponse } from "./compression.ts";
import { answerCountry, countryPath, visitorCountry } from "./geolocation/country-endpoint.ts";
import type { JobPlacement } from "./jobs/placement.ts";
import { preferredLanguageLocation } from "./language-redirect.ts";
import { logger } from "./logger.ts";
import { isShareable, type PageCache, pageKey, pageResponse } from "./page-cache.ts";
import { refuseRequest } from "./request-guards.ts";
import { applySecurityHeaders } from "./security-headers.ts";
import { loadStaticFiles, serveStaticFile } from "./static-files.ts";

/** What the app's server entry (app/entry.server.tsx) offers the HTTP server besides rendering. */
export interface ServerHooks {
  /** Resolves when the database answers and is migrated; rejects saying why not. */
  checkReadiness?: () => Promise<void>;
  /** Where the background work runs; called before `startServices`. By default, in this process. */
  placeJobs?: (placement: JobPlacement) => void;
  /** Opens the database and starts the background work (mail, reconciliation); never throws. */
  startServices?: () => void;
  stopServices?: () => Promise<void>;
  /** Runs the jobs due now rather than at the runner's next round (the job process, woken by its server). */
  runJobsNow?: () => void;
  /** The paths other sites post to by design: the configured payment processor's webhook. */
  crossSitePaths?: readonly string[];
}

interface SiteOptions {
  build: ServerBuild;
  clientDirectory: string;
  mode: "production" | "development" | "test";
  pageCache?: PageCache;
  hooks?: ServerHooks;
  /** Behind a load balancer: the client is the last address it added to X-Forwarded-For. */
  trustProxy?: boolean;
}

/** Who sent the request, for the per-address rate limits. */
export function clientAddressOf(request: Request, socketAddress: string | undefined, trustProxy: boolean): string {
  const forwarded = trustProxy ? request.headers.get("x-forwarded-for")?.split(",").at(-1)?.trim() : undefined;
  return forwarded || socketAddress || "unknown";
}

/** Seconds a client should wait before trying again while the database is away. */
const retryAfterSeconds = 30;

const errorPage = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Something went wrong</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<body style="font-family:system-ui,sans-serif;background:#0b0b12;color:#f4f4f8;display:grid;place-items:center;min-height:100vh;margin:0">
<main style="max-width:32rem;padding:2rem;text-align:center"><h1>Something went wrong</h1>
<p>We could not answer this request. Please try again in a moment.</p><p><a style="color:#a78bfa" href="/">Go to the home page</a></p></main>`;

/** A client that asks for JSON and not for a page (a script, a monitor) gets its errors as JSON. */
function wantsJson(request: Request): boolean {
  const accept = request.headers.get("accept") ?? "";
  return accept.includes("application/json") && !accept.includes("text/html");
}

function jsonError(status: number, error: string, message: string): Response {
  return Response.json(
    { error, message },
    { status, headers: { "Cache-Control": "no-store", ...(status === 503 ? { "Retry-After": String(retryAfterSeconds) } : {}) } },
  );
}

async function readiness(hooks: ServerHooks | undefined): Promise<Response> {
  const headers = { "Cache-Control": "no-store" };
  try {
    await hooks?.checkReadiness?.();
    return Response.json({ status: "ready" }, { headers });
  } catch (error) {
    logger.warn({ reason: (error as Error).message }, "Not ready: the database is not reachable or not migrated");
    return Response.json(
      { status: "unavailable", reason: "database" },
      { status: 503, headers: { ...headers, "Retry-After": String(retryAfterSeconds) } },
    );
  }
}

/**
 * Sets `x-client-country`, the country of the visitor's address, on a post (a form that may place an order
 * keeps it as the invoice's evidence; a page view never reads the database). Whatever a visitor sent under
 * that name is removed first.
 */
export async function recordClientCountry(
  request: Request,
  address: string,
  trustProxy: boolean,
  database?: Parameters<typeof visitorCountry>[1],
): Promise<void> {
  request.headers.delete("x-client-country");
  if (request.method === "GET" || request.method === "HEAD") return;
  const country = await visitorCountry({ headers: request.headers, address, trustProxy }, database).catch(() => null);
  if (country) request.headers.set("x-client-country", country);
}

/**
 * The whole HTTP surface as one fetch-style handler: health and readiness, the visitor's country, static
 * files, the language redirect, then the React Router app; every answer leaves with the security headers
 * and, where it helps, compressed. Pages the app marks `public` are kept in the page cache for the next
 * visitors.
 */
export function createSiteHandler({ build, clientDirectory, mode, pageCache, hooks, trustProxy = false }: SiteOptions) {
  const staticFiles = loadStaticFiles(clientDirectory);
  const renderApp = createRequestHandler(build, mode);
  const crossSitePaths = new Set(hooks?.crossSitePaths);

  async function route(request: Request, client?: ClientAddress): Promise<Response> {
    const url = new URL(request.url);
    const refused = refuseRequest(request, crossSitePaths);
    if (refused) return refused;
    // The app's rate limits key on this; whatever a visitor sent under the same name is replaced.
    const address = clientAddressOf(request, client?.address, trustProxy);
    request.headers.set("x-client-address", address);
    if (url.pathname === "/healthz") {
      return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
    }
    if (url.pathname === "/readyz") return readiness(hooks);
    const reads = request.method === "GET" || request.method === "HEAD";
    await recordClientCountry(request, address, trustProxy);
    if (url.pathname === countryPath && reads) return answerCountry(request, address, trustProxy);
    if (reads) {
      const file = staticFiles.get(url.pathname);
      if (file) return serveStaticFile(request, file);
    }
    const location = preferredLanguageLocation(request);
    if (location) {
      return new Response(null, { status: 307, headers: { Location: location, Vary: "Cookie", "Cache-Control": "private, no-cache" } });
    }
    const response = await renderApp(request);
    if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", "no-cache");
    if ((response.headers.get("Content-Type") ?? "").startsWith("text/html")) response.headers.append("Vary", "Cookie");
    if (response.status === 503) {
      if (wantsJson(request)) return jsonError(503, "unavailable", "This service is briefly unavailable. Please try again in a minute.");
      response.headers.set("Retry-After", String(retryAfterSeconds));
    }
    if (pageCache && isShareable(request, response)) {
      applySecurityHeaders(response.headers);
      const page = await pageCache.store(pageKey(request.url, request.headers.get("user-agent")), response);
      return pageResponse(request, page);
    }
    return compressResponse(request, response);
  }

  return async function handle(request: Request, client?: ClientAddress): Promise<Response> {
    let response: Response;
    try {
      response = await route(request, client);
    } catch (error) {
      logger.error({ err: error, method: request.method, path: new URL(request.url).pathname }, "Unhandled error while answering");
      response = wantsJson(request)
        ? jsonError(500, "internal", "Something went wrong. Please try again in a moment.")
        : new Response(errorPage, { status: 500, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
    }
    // Responses from fetch() and redirects can have immutable headers; copy them when so.
    try {
      applySecurityHeaders(response.headers);
      return response;
    } catch {
      const copy = new Response(response.body, response);
      applySecurityHeaders(copy.headers);
      return copy;
    }
  };
}
