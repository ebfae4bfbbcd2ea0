import type { ClientAddress } from "@remix-run/node-fetch-server";
import { createRequestHandler, type ServerBuild } from "react-router";
import { compressResponse } from "./compression.ts";
import { preferredLanguageLocation } from "./language-redirect.ts";
import { refuseRequest } from "./request-guards.ts";
import { applySecurityHeaders } from "./security-headers.ts";
import { loadStaticFiles, serveStaticFile } from "./static-files.ts";

interface SiteOptions {
  build: ServerBuild;
  clientDirectory: string;
  mode: "production" | "development" | "test";
}

const errorPage = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Something went wrong</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<body style="font-family:system-ui,sans-serif;background:#0b0b12;color:#f4f4f8;display:grid;place-items:center;min-height:100vh;margin:0">
<main style="max-width:32rem;padding:2rem;text-align:center"><h1>Something went wrong</h1>
<p>We could not answer this request. Please try again in a moment.</p><p><a style="color:#a78bfa" href="/">Go to the home page</a></p></main>`;

/**
 * The whole HTTP surface as one fetch-style handler: health check, static files, the language redirect,
 * then the React Router app; every answer leaves with the security headers and, where it helps, compressed.
 */
export function createSiteHandler({ build, clientDirectory, mode }: SiteOptions) {
  const staticFiles = loadStaticFiles(clientDirectory);
  const renderApp = createRequestHandler(build, mode);

  async function route(request: Request, client?: ClientAddress): Promise<Response> {
    const url = new URL(request.url);
    const refused = refuseRequest(request);
    if (refused) return refused;
    // The app's rate limits key on this; whatever a visitor sent under the same name is replaced.
    request.headers.set("x-client-address", client?.address ?? "unknown");
    if (url.pathname === "/healthz") {
      return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
    }
    if (request.method === "GET" || request.method === "HEAD") {
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
    return compressResponse(request, response);
  }

  return async function handle(request: Request, client?: ClientAddress): Promise<Response> {
    let response: Response;
    try {
      response = await route(request, client);
    } catch (error) {
      console.error("Unhandled error while answering", request.method, new URL(request.url).pathname, error);
      response = new Response(errorPage, {
        status: 500,
        headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
      });
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
