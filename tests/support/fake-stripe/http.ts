import type { IncomingMessage, ServerResponse } from "node:http";
import { invalidRequest } from "./errors.ts";
import { newId } from "./objects.ts";

const maxBodyBytes = 1024 * 1024;

export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > maxBodyBytes) throw invalidRequest(`Request bodies are limited to ${maxBodyBytes} bytes.`, undefined, undefined, 413);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

export const newRequestId = () => newId("req_", 14);

export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  send(response, status, `${JSON.stringify(body, null, 2)}\n`, { "Content-Type": "application/json", ...headers });
}

export function send(response: ServerResponse, status: number, body: string, headers: Record<string, string>) {
  response.writeHead(status, { "Cache-Control": "no-cache, no-store", "Content-Length": String(Buffer.byteLength(body)), ...headers });
  response.end(body);
}

/** One header's value, whichever way the client wrote it. */
export function header(request: IncomingMessage, name: string): string | null {
  const value = request.headers[name.toLowerCase()];
  return (Array.isArray(value) ? value[0] : value) ?? null;
}
