import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createPageCache } from "./page-cache.ts";
import { createRequestGate } from "./request-gate.ts";
import { createSiteServer } from "./site-server.ts";

const html = `<!doctype html><html><body><p>${"Hello. ".repeat(300)}</p><script nonce="abc">window.one = 1;</script></body></html>`;
const page = () =>
  new Response(html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "public, max-age=60",
      "Content-Security-Policy": "script-src 'self' 'nonce-abc'",
      Vary: "Cookie",
    },
  });

/** Every test runs twice: with the fast lane in front of node:http (the default), and with FAST_LANE=false. */
describe.each([
  { fastLane: true, title: "with the fast lane" },
  { fastLane: false, title: "without the fast lane (FAST_LANE=false)" },
])("the site's HTTP server $title", ({ fastLane }) => {
  const cache = createPageCache({ ttlMs: 60_000, maxEntries: 10 });
  const lookups = vi.spyOn(cache, "lookup");
  // Everything that is not a stored page: what the site handler would answer.
  const site = createSiteServer(cache, (request, response) => response.end(`full handler: ${request.url}`), {
    gate: createRequestGate({ allowedHosts: ["shop.example", "x"], log: { warn() {} } }),
    fastLane,
  });
  let port = 0;

  beforeAll(async () => {
    await cache.store("visitor /", page());
    await new Promise<void>((resolve) => site.server.listen(0, "127.0.0.1", resolve));
    port = (site.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => site.server.close(resolve)));

  const get = (path: string, headers = "") => `GET ${path} HTTP/1.1\r\nHost: shop.example\r\n${headers}\r\n`;

  /**
   * Sends the pieces on one connection, a moment apart, and returns what came back once `expected` whole
   * answers are in (or the server closed the connection): waiting for the answers themselves, however long a
   * busy machine takes, rather than for a fixed time.
   */
  function exchange(pieces: string[], expected = 1, bodiless = false): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      const socket = connect(port, "127.0.0.1", async () => {
        for (const piece of pieces) {
          socket.write(piece);
          await new Promise((next) => setTimeout(next, 30));
        }
      });
      const done = () => {
        socket.destroy();
        resolve(Buffer.concat(chunks));
      };
      socket.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        if (answers(Buffer.concat(chunks), bodiless).length >= expected) done();
      });
      socket.on("close", done);
      socket.on("error", reject);
    });
  }

  /** The whole answers to GETs (or HEADs: `bodiless`) in a stream of bytes, as head text and body. */
  function answers(bytes: Buffer, bodiless = false): { head: string; body: Buffer }[] {
    const found: { head: string; body: Buffer }[] = [];
    let start = 0;
    for (;;) {
      const end = bytes.indexOf("\r\n\r\n", start);
      if (end === -1) return found;
      const head = bytes.toString("latin1", start, end);
      const length = bodiless || head.startsWith("HTTP/1.1 304") ? 0 : Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
      if (bytes.length < end + 4 + length) return found;
      found.push({ head, body: bytes.subarray(end + 4, end + 4 + length) });
      start = end + 4 + length;
    }
  }

  const normal = (head: string) => head.replace(/Date: [^\r]+/, "Date: *").replace(/X-Request-Id: [^\r]+/, "X-Request-Id: *");

  it(fastLane ? "answers stored pages by the fast lane" : "leaves every request to node:http, stored pages included", async () => {
    lookups.mockClear();
    const [stored] = answers(await exchange([get("/")]));
    expect(stored?.body.toString()).toBe(html);
    // The lane finds stored pages with lookup(); node:http with serve().
    expect(lookups.mock.calls.length > 0).toBe(fastLane);
  });

  describe("stored pages", () => {
    it("sends the same bytes for a stored page whoever answers it", async () => {
      // The first request of a connection is the lane's; after a request it leaves to node:http, node:http answers.
      const lane = answers(await exchange([get("/", "Accept-Encoding: gzip\r\n")]));
      const viaNode = answers(await exchange([get("/about"), get("/", "Accept-Encoding: gzip\r\n")], 2));
      expect(viaNode[0]?.body.toString()).toBe("full handler: /about");
      expect(normal(lane[0]?.head ?? "")).toBe(normal(viaNode[1]?.head ?? ""));
      expect(lane[0]?.body.equals(viaNode[1]?.body ?? Buffer.alloc(0))).toBe(true);
      expect(gunzipSync(lane[0]?.body ?? Buffer.alloc(0)).toString()).toBe(html);
      expect(lane[0]?.head).toMatch(
        /^HTTP\/1\.1 200 OK\r\n[\s\S]*content-encoding: gzip\r\n[\s\S]*X-Request-Id: [0-9a-f-]{36}\r\nDate: [^\r]+ GMT\r\nConnection: keep-alive\r\nKeep-Alive: timeout=65$/,
      );
    });

    it("answers 304 and HEAD as node:http does, and keeps the load balancer's request id", async () => {
      const [first] = answers(await exchange([get("/")]));
      const etag = /etag: ([^\r]+)/.exec(first?.head ?? "")?.[1];
      const conditional = `If-None-Match: ${etag}\r\nX-Request-Id: lb-42\r\n`;
      const [lane] = answers(await exchange([get("/", conditional)]));
      const [, viaNode] = answers(await exchange([get("/about"), get("/", conditional)], 2));
      expect(lane?.head).toMatch(/^HTTP\/1\.1 304 Not Modified\r\n/);
      expect(lane?.head).toContain("X-Request-Id: lb-42\r\n");
      expect(lane?.head).not.toMatch(/content-length/i);
      expect(normal(lane?.head ?? "")).toBe(normal(viaNode?.head ?? ""));

      const head = (await exchange([`HEAD / HTTP/1.1\r\nHost: x\r\n\r\n`], 1, true)).toString("latin1");
      expect(head).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*content-length: \d+\r\n[\s\S]*\r\n\r\n$/);
    });

    it("keeps the order of requests sent together, across the hand-over, and waits for a head sent in pieces", async () => {
      const together = answers(await exchange([get("/") + get("/blog") + get("/")], 3));
      expect(together.map(({ head }) => head.split("\r\n")[0])).toEqual(["HTTP/1.1 200 OK", "HTTP/1.1 200 OK", "HTTP/1.1 200 OK"]);
      expect(together[1]?.body.toString()).toBe("full handler: /blog");
      expect(together[2]?.body.toString()).toBe(html);
      const pieces = answers(await exchange(["GET / HT", "TP/1.1\r\nHost: x\r\n", "\r\n"]));
      expect(pieces[0]?.body.toString()).toBe(html);
      expect(answers(await exchange([get("/", "Connection: close\r\n")]))[0]?.head).toContain("Connection: close");
    });
  });

  describe("a host name not in ALLOWED_HOSTS", () => {
    const misdirected = /^HTTP\/1\.1 421 Misdirected Request\r\n[\s\S]*connection: close\r\n/i;
    const elsewhere = (path: string) => `GET ${path} HTTP/1.1\r\nHost: Other.Example\r\n\r\n`;

    it("is answered 421, not the stored page, on the fast lane's connection and on node:http's", async () => {
      const [lane] = answers(await exchange([elsewhere("/")]));
      expect(lane?.head).toMatch(misdirected);
      expect(lane?.head).toMatch(/content-type: text\/plain/i);
      expect(lane?.body.toString()).toMatch(/host name/);
      const [page, viaNode] = answers(await exchange([get("/about"), elsewhere("/")], 2));
      expect(page?.body.toString()).toBe("full handler: /about");
      expect(viaNode?.head).toMatch(misdirected);
      expect(answers(await exchange([elsewhere("/about")]))[0]?.head).toMatch(misdirected);
    });

    it("still reaches the health checks", async () => {
      const [health] = answers(await exchange([`GET /healthz HTTP/1.1\r\nHost: 10.0.0.7:3000\r\n\r\n`]));
      expect(health?.body.toString()).toBe("full handler: /healthz");
    });
  });

  describe("while stopping", () => {
    it("ends idle connections, and closes each new one after its answer", async () => {
      const idle = connect(port, "127.0.0.1");
      const closed = new Promise((resolve) => idle.on("close", resolve));
      await new Promise((resolve) => idle.once("connect", resolve));
      // Idle once its answer is in.
      const answered = new Promise((resolve) => idle.once("data", resolve));
      idle.write(get("/"));
      await answered;
      site.beginShutdown();
      await closed;
      const [last] = answers(await exchange([get("/")]));
      expect(last?.head).toMatch(/^HTTP\/1\.1 200 OK[\s\S]*Connection: close/);
    });
  });
});
