import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { logger } from "./logger.ts";

/** A request id from the load balancer is kept when it looks like one; anything else is replaced. */
export function acceptedRequestId(header: string | string[] | undefined): string | undefined {
  return typeof header === "string" && /^[\w.:-]{1,128}$/.test(header) ? header : undefined;
}

/**
 * Gives the request an id (in `x-request-id` for the app, `X-Request-Id` for the client and the logs) and
 * logs one line when the answer is finished or the client went away. The path is logged without its query
 * string, which can hold newsletter tokens.
 */
export function trackRequest(request: IncomingMessage, response: ServerResponse): string {
  const requestId = acceptedRequestId(request.headers["x-request-id"]) ?? randomUUID();
  request.headers["x-request-id"] = requestId;
  response.setHeader("X-Request-Id", requestId);
  const started = process.hrtime.bigint();
  const path = (request.url ?? "/").split("?")[0];
  const log = (aborted: boolean) => {
    const durationMs = Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100;
    const entry = { requestId, method: request.method, path, status: response.statusCode, durationMs };
    if (aborted) logger.info({ ...entry, aborted: true }, "request aborted");
    else if (response.statusCode >= 500) logger.error(entry, "request failed");
    else logger.info(entry, "request");
  };
  response.once("finish", () => log(false));
  response.once("close", () => {
    if (!response.writableFinished) log(true);
  });
  return requestId;
}
