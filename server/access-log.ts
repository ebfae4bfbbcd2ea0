import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import pino from "pino";
import { logger } from "./logger.ts";

/**
 * One log line per request (`request`, or `request aborted` when the client went away, `request failed`
 * for a 5xx), with the request's id, method, path without its query string (which can hold newsletter
 * tokens), status and duration.
 */

/** A request id from the load balancer is kept when it looks like one; anything else is replaced. */
export function acceptedRequestId(header: string | string[] | undefined): string | undefined {
  return typeof header === "string" && /^[\w.:-]{1,128}$/.test(header) ? header : undefined;
}

/** The id of a request: the load balancer's `X-Request-Id` when it looks like one, else a new one. */
export function requestIdOf(header: string | string[] | undefined): string {
  return (header && acceptedRequestId(header)) || randomUUID();
}

const pathOf = (url = "/") => {
  const query = url.indexOf("?");
  return query === -1 ? url : url.slice(0, query);
};

const millisecondsSince = (started: number) => Math.round((performance.now() - started) * 100) / 100;

/**
 * The full handler's requests: the id goes to the app (`x-request-id`) and the client (`X-Request-Id`),
 * and the line is logged when the answer is finished or the client went away.
 */
export function trackRequest(request: IncomingMessage, response: ServerResponse, requestId: string, started: number): void {
  request.headers["x-request-id"] = requestId;
  response.setHeader("X-Request-Id", requestId);
  const path = pathOf(request.url);
  const log = (aborted: boolean) => {
    const entry = { requestId, method: request.method, path, status: response.statusCode, durationMs: millisecondsSince(started) };
    if (aborted) logger.info({ ...entry, aborted: true }, "request aborted");
    else if (response.statusCode >= 500) logger.error(entry, "request failed");
    else logger.info(entry, "request");
  };
  response.once("finish", () => log(false));
  response.once("close", () => {
    if (!response.writableFinished) log(true);
  });
}

/**
 * Pages answered from the page cache, the hottest path: its answer was written whole at once, so the line
 * is logged then rather than on `finish`. The line is pino's, byte for byte (the level, the time, the
 * logger's bindings, then the fields), put together here without pino's general serialiser and its
 * redaction (these fields hold nothing to redact), and the lines of 20 ms go to pino's destination in one
 * write. They can follow lines logged after them in those 20 ms; no other line is logged about these
 * requests.
 */
export function logCachedAnswer(method: string, url: string, status: number, requestId: string, started: number, aborted = false): void {
  if (!logger.isLevelEnabled("info")) return;
  if (aborted) {
    logger.info({ requestId, method, path: pathOf(url), status, aborted: true }, "request aborted");
    return;
  }
  // The id needs no escaping: a new UUID, or the load balancer's, kept only when made of [\w.:-]. The method
  // is GET or HEAD (page-cache.ts).
  const line =
    `{"level":30,"time":"${isoNow()}"${bindings()},"requestId":"${requestId}","method":"${method}",` +
    `"path":${JSON.stringify(pathOf(url))},"status":${status},"durationMs":${millisecondsSince(started)},"msg":"request"}\n`;
  if (pending === "") setTimeout(flush, flushEveryMs);
  pending += line;
}

/**
 * How long a line may wait for others to share its write: under load a write costs more than the lines it
 * carries (the destination hands each one to libuv's thread pool), so they go out together.
 */
const flushEveryMs = 20;

let pending = "";
let chindings: string | undefined;
let lastMs = 0;
let lastIso = "";

/** pino's isoTime, formatted once per millisecond: under load, many lines share one. */
function isoNow(): string {
  const ms = Date.now();
  if (ms !== lastMs) {
    lastMs = ms;
    lastIso = new Date(ms).toISOString();
  }
  return lastIso;
}

/** `,"service":"storefront"` and any other binding of the logger, as pino writes them. */
function bindings(): string {
  chindings ??= (logger as unknown as Record<symbol, string>)[pino.symbols.chindingsSym] ?? "";
  return chindings;
}

function destination(): { write(text: string): unknown; flushSync?: () => void } {
  return (logger as unknown as Record<symbol, { write(text: string): unknown }>)[pino.symbols.streamSym] ?? process.stdout;
}

function flush(): void {
  const lines = pending;
  pending = "";
  if (lines) destination().write(lines);
}

// A process that exits between a request and the next turn of the loop still logs it.
process.once("exit", () => {
  if (!pending) return;
  flush();
  try {
    destination().flushSync?.();
  } catch {
    // nothing more can be done while exiting
  }
});
