import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { logCachedAnswer, requestIdOf, trackRequest } from "./access-log.ts";
import { httpDate, installFastLane } from "./fast-lane.ts";
import { requestContext } from "./logger.ts";
import type { PageCache } from "./page-cache.ts";
import { createRequestGate, type RequestGate, refuseMisdirected } from "./request-gate.ts";

/** Methods a fetch Request cannot carry: refused here, before the adapter would fail on them. */
const unsupportedMethods = new Set(["CONNECT", "TRACE", "TRACK"]);

export interface SiteServer {
  server: Server;
  /** From now on every answer closes its connection, and idle connections are ended. */
  beginShutdown(): void;
}

/**
 * The HTTP server in front of the site: stored pages from memory (by the fast lane, or by node:http on a
 * connection the lane has handed over), everything else by `handle` (the site handler, through the fetch
 * adapter), each request with its id and its line in the log. Both ways in ask `gate` first (ALLOWED_HOSTS).
 * With `fastLane` false (FAST_LANE=false) node:http reads every request, stored pages included.
 */
export function createSiteServer(
  pageCache: PageCache,
  handle: (request: IncomingMessage, response: ServerResponse) => unknown,
  { gate = createRequestGate(), fastLane = true }: { gate?: RequestGate; fastLane?: boolean } = {},
): SiteServer {
  let shuttingDown = false;
  const server = createServer((request, response) => {
    const started = performance.now();
    const requestId = requestIdOf(request.headers["x-request-id"]);
    // While stopping, no connection is kept for another request.
    if (shuttingDown) response.setHeader("Connection", "close");
    if (!gate.admits(request.headers.host, request.url ?? "/", request.headers["x-forwarded-for"] !== undefined)) {
      trackRequest(request, response, requestId, started);
      refuseMisdirected(response);
      return;
    }
    // A stored page is answered first, in one write, with nothing else on its way (page-cache.ts).
    if (pageCache.serve(request, response, requestId)) {
      logCachedAnswer(request.method ?? "GET", request.url ?? "/", response.statusCode, requestId, started, request.socket.destroyed);
      return;
    }
    trackRequest(request, response, requestId, started);
    if (unsupportedMethods.has(request.method ?? "")) {
      response.writeHead(405, { Allow: "GET, HEAD, POST", "Content-Type": "text/plain; charset=utf-8", Connection: "close" });
      response.end("Method Not Allowed");
      return;
    }
    requestContext.run({ requestId }, () => void handle(request, response));
  });
  server.keepAliveTimeout = 65_000;

  if (!fastLane) {
    return {
      server,
      beginShutdown() {
        shuttingDown = true;
        server.closeIdleConnections();
      },
    };
  }

  // What node:http adds after the headers of an answer on a kept-alive connection.
  const keepAlive = `Connection: keep-alive\r\nKeep-Alive: timeout=${Math.floor(server.keepAliveTimeout / 1000)}\r\n\r\n`;
  // Connections start in the fast lane, which answers stored pages itself and hands node:http the rest.
  const lane = installFastLane(server, (request) => {
    // What the gate refuses goes to node:http, which answers the refusal.
    if (!gate.admits(request.host, request.target, request.forwardedFor !== undefined)) return undefined;
    const started = performance.now();
    const variant = pageCache.lookup(request);
    if (!variant) return undefined;
    const requestId = requestIdOf(request.requestId);
    logCachedAnswer(request.method, request.target, variant.status, requestId, started);
    const head = `${variant.head}${requestId}\r\nDate: ${httpDate()}\r\n${keepAlive}`;
    return { head, body: request.method === "HEAD" ? null : variant.body };
  });

  return {
    server,
    beginShutdown() {
      shuttingDown = true;
      lane.stop();
    },
  };
}
