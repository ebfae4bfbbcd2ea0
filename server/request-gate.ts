import type { ServerResponse } from "node:http";
import { hostMatcher } from "./config/allowed-hosts.ts";
import { logger } from "./logger.ts";
import { applySecurityHeaders } from "./security-headers.ts";

/**
 * The first look at every request, before a stored page or the app: both ways in (the fast lane and
 * node:http, server/site-server.ts) ask here, and node:http answers what is refused, so the rule is in one
 * place. It refuses a host name not in ALLOWED_HOSTS, and says once when a proxy the server was not told to
 * trust forwards requests.
 */
export interface RequestGate {
  /**
   * Whether a request for `target` (`/path?query`) with this Host header (undefined: none) may be answered;
   * false: refuse it with {@link refuseMisdirected}. `forwarded`: it carries X-Forwarded-For.
   */
  admits(host: string | undefined, target: string, forwarded: boolean): boolean;
}

export interface RequestGateOptions {
  /** ALLOWED_HOSTS in its normal form (server/config/allowed-hosts.ts); undefined answers every host name. */
  allowedHosts?: readonly string[];
  trustProxy?: boolean;
  log?: { warn(message: string): void };
}

/**
 * Load balancers check health by address or by an internal name, which no list of public names holds: the
 * two health endpoints answer whatever the host name (they tell nothing about the site).
 */
const healthPaths = new Set(["/healthz", "/readyz"]);

const untrustedProxyWarning =
  "Requests arrive with an X-Forwarded-For header but TRUST_PROXY is not true, so the server takes the address that connects to it for the visitor's: behind a load balancer every visitor shares the load balancer's address, and one visitor's failed sign-ins or form posts pause everybody's (the logs and the country lookup see that address too). If a load balancer or proxy of yours adds this header and visitors cannot reach the server without it, set TRUST_PROXY=true. If visitors connect directly, leave it unset: with it they could choose their own address.";

export function createRequestGate({ allowedHosts, trustProxy = false, log = logger }: RequestGateOptions = {}): RequestGate {
  const hostAllowed = allowedHosts ? hostMatcher(allowedHosts) : undefined;
  // Once per process (one gate per server): every request behind the balancer carries the header.
  let warned = trustProxy;
  return {
    admits(host, target, forwarded) {
      if (forwarded && !warned) {
        warned = true;
        log.warn(untrustedProxyWarning);
      }
      if (!hostAllowed || hostAllowed(host)) return true;
      const query = target.indexOf("?");
      return healthPaths.has(query === -1 ? target : target.slice(0, query));
    },
  };
}

/**
 * 421 Misdirected Request: this server does not answer for that host name. The body is left unread (a post
 * may have one), so the connection is closed after the answer.
 */
export function refuseMisdirected(response: ServerResponse): void {
  const body = "This server does not answer for this host name.\n";
  const headers = new Headers({
    "Content-Type": "text/plain; charset=utf-8",
    "Content-Length": String(Buffer.byteLength(body)),
    "Cache-Control": "no-store",
    Connection: "close",
  });
  applySecurityHeaders(headers);
  response.writeHead(421, Object.fromEntries(headers));
  response.end(body);
}
