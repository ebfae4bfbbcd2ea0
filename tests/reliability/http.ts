/**
 * A small HTTP client on node:http rather than fetch: the hostile requests need what fetch refuses to send
 * (broken bodies, forbidden methods, wrong or missing lengths), and the load needs its own socket pool.
 */
import http from "node:http";

export interface RawRequest {
  method: string;
  /** Path and query, sent as they are (already percent-encoded where wanted). */
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  /** Send the body chunked, without Content-Length (which the site refuses). */
  chunked?: boolean;
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface Target {
  host: string;
  port: number;
  agent: http.Agent;
  /** A request without a complete answer by then has failed. */
  timeoutMs: number;
}

/** A pool of kept-alive sockets to the site; `maxSockets` bounds how many requests are in flight. */
export function target(port: number, maxSockets: number, timeoutMs = 60_000): Target {
  return { host: "127.0.0.1", port, agent: new http.Agent({ keepAlive: true, maxSockets }), timeoutMs };
}

/** Resolves with the full answer; rejects when the connection fails or breaks before the answer is complete. */
export function send({ host, port, agent, timeoutMs }: Target, request: RawRequest): Promise<Answer> {
  const body = request.body === undefined ? undefined : Buffer.from(request.body);
  const headers: Record<string, string> = { ...request.headers };
  const hasLength = Object.keys(headers).some((name) => name.toLowerCase() === "content-length");
  if (body && !request.chunked && !hasLength) headers["Content-Length"] = String(body.length);
  // Said outright: node:http would otherwise compute a Content-Length for a body given whole to end().
  if (request.chunked) headers["Transfer-Encoding"] = "chunked";
  return new Promise((resolve, reject) => {
    const outgoing = http.request({ host, port, agent, method: request.method, path: request.path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        // An answer cut short (the server killed mid-body) is no answer.
        if (!response.complete) reject(new Error("the answer was cut short"));
        else resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString("utf8") });
      });
      response.on("error", reject);
    });
    outgoing.setTimeout(timeoutMs, () => outgoing.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

/** A form body as the browser sends it: `application/x-www-form-urlencoded`. */
export function urlEncoded(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

/** A form post as the browser's no-JS form sends it, with any further headers the caller wants. */
export function postForm(to: Target, path: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Answer> {
  return send(to, {
    method: "POST",
    path,
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: urlEncoded(fields),
  });
}

/** Runs `work` over `items` with at most `concurrency` at a time, in order of the items. */
export async function inParallel<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}
