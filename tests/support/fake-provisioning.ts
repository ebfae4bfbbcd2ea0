/**
 * Test support: a provisioning system on 127.0.0.1 that checks every request with the operator's snippet
 * (examples/verify-fulfilment-signature.mjs, the very file docs/operating.md gives out) and answers as scripted.
 * It can be stopped and started again on the same port, to play a system that is down for a while.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type VerifySignature = (header: unknown, rawBody: string, secret: string, toleranceSeconds?: number, nowSeconds?: number) => boolean;

/** Loaded by URL: the snippet is plain JavaScript for the operator, with no type declarations to import. */
export async function loadSnippet(): Promise<VerifySignature> {
  const url = new URL("../../examples/verify-fulfilment-signature.mjs", import.meta.url).href;
  const module = (await import(/* @vite-ignore */ url)) as { verifyFulfilmentSignature: VerifySignature };
  return module.verifyFulfilmentSignature;
}

export interface ReceivedRequest {
  method: string;
  headers: IncomingHttpHeaders;
  body: string;
  verified: boolean;
}

export interface ScriptedAnswer {
  status: number;
  body?: unknown;
}

export interface TestReceiver {
  url: string;
  received: ReceivedRequest[];
  /** What the next requests get; the last answer repeats. */
  answer(...answers: ScriptedAnswer[]): void;
  stop(): Promise<void>;
  /** Listening again on the same port. */
  start(): Promise<void>;
}

/** `port` 0 (the default): any free one; an end-to-end test gives the one its server was configured with. */
export async function startTestReceiver(secret: string, nowSeconds?: () => number, atPort = 0): Promise<TestReceiver> {
  const verify = await loadSnippet();
  const received: ReceivedRequest[] = [];
  let answers: ScriptedAnswer[] = [{ status: 204 }];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const verified = verify(request.headers["webhook-signature"], body, secret, 300, nowSeconds?.());
      received.push({ method: request.method ?? "", headers: request.headers, body, verified });
      const answer: ScriptedAnswer = verified ? (answers.length > 1 ? answers.shift()! : answers[0]!) : { status: 401 };
      const text = answer.body === undefined ? "" : JSON.stringify(answer.body);
      response.writeHead(answer.status, text ? { "Content-Type": "application/json" } : {}).end(text);
    });
  });
  const listen = (port: number) => new Promise<void>((resolve, reject) => server.once("error", reject).listen(port, "127.0.0.1", resolve));
  await listen(atPort);
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/orders`,
    received,
    answer: (...next) => {
      answers = next;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve()).closeAllConnections()),
    start: () => listen(port),
  };
}
