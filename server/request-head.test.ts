import { createServer, type IncomingHttpHeaders } from "node:http";
import { type AddressInfo, connect } from "node:net";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { maxHeadBytes, readRequestHead } from "./request-head.ts";

const read = (text: string, start = 0) => readRequestHead(text, start);
const plain = "GET /es/blog?q=kodi HTTP/1.1\r\nHost: shop.example\r\nUser-Agent: Phone/1.0\r\nAccept-Encoding: gzip, br\r\n\r\n";

describe("reading a request head for the fast lane", () => {
  it("reads a plain GET, where it ends, and the headers a stored page depends on", () => {
    expect(read(`${plain}GET / HTTP/1.1\r\n`)).toEqual({
      method: "GET",
      target: "/es/blog?q=kodi",
      host: "shop.example",
      userAgent: "Phone/1.0",
      acceptEncoding: "gzip, br",
      end: plain.length,
    });
    const second = `HEAD / HTTP/1.1\r\nhost: x\r\nCookie:  a=b \t\r\nIf-None-Match: W/"t"\r\nX-Request-Id: lb-1\r\nX-Forwarded-For: 203.0.113.9\r\nConnection: Keep-Alive\r\n\r\n`;
    expect(read(`${plain}${second}`, plain.length)).toEqual({
      method: "HEAD",
      target: "/",
      host: "x",
      forwardedFor: "203.0.113.9",
      cookie: "a=b",
      ifNoneMatch: 'W/"t"',
      requestId: "lb-1",
      end: plain.length + second.length,
    });
  });

  it("waits for the rest of a head, unless it is already longer than node:http allows", () => {
    expect(read("GET / HTTP/1.1\r\nHost: x\r\n")).toBe("incomplete");
    expect(read(`GET / HTTP/1.1\r\nHost: x\r\nX-Long: ${"a".repeat(maxHeadBytes)}`)).toBeNull();
    expect(read(`GET / HTTP/1.1\r\nHost: x\r\nX-Long: ${"a".repeat(maxHeadBytes)}\r\n\r\n`)).toBeNull();
  });

  it.each([
    ["another method", "POST / HTTP/1.1\r\nHost: x\r\n\r\n"],
    ["a method in lower case", "get / HTTP/1.1\r\nHost: x\r\n\r\n"],
    ["HTTP/1.0", "GET / HTTP/1.0\r\nHost: x\r\n\r\n"],
    ["an absolute target", "GET http://x/ HTTP/1.1\r\nHost: x\r\n\r\n"],
    ["two spaces", "GET  / HTTP/1.1\r\nHost: x\r\n\r\n"],
    ["an empty line first", "\r\nGET / HTTP/1.1\r\nHost: x\r\n\r\n"],
    ["no Host", "GET / HTTP/1.1\r\nAccept: */*\r\n\r\n"],
    ["two Hosts", "GET / HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n"],
    ["a body announced", "GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n"],
    ["a chunked body", "GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"],
    ["Expect", "GET / HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\n\r\n"],
    ["Upgrade", "GET / HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n"],
    ["Connection: close", "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"],
    ["a folded line", "GET / HTTP/1.1\r\nHost: x\r\nUser-Agent: a\r\n b\r\n\r\n"],
    ["a space before the colon", "GET / HTTP/1.1\r\nHost : x\r\n\r\n"],
    ["a line without a colon", "GET / HTTP/1.1\r\nHost: x\r\nnonsense\r\n\r\n"],
    ["a bare line feed", "GET / HTTP/1.1\r\nHost: x\nX-A: b\r\n\r\n"],
    ["a bare carriage return", "GET / HTTP/1.1\r\nHost: x\rX-A: b\r\n\r\n"],
    ["a NUL", "GET / HTTP/1.1\r\nHost: x\r\nX-A: b\0c\r\n\r\n"],
    ["a byte over 0x7e", "GET / HTTP/1.1\r\nHost: x\r\nUser-Agent: caf\xe9\r\n\r\n"],
    ["a repeated header it reads", "GET / HTTP/1.1\r\nHost: x\r\nCookie: a=1\r\nCookie: b=2\r\n\r\n"],
  ])("leaves %s to node:http", (_, text) => {
    expect(read(text)).toBeNull();
  });
});

/**
 * Whatever the fast lane reads, node:http reads the same way: the same method, target and headers, and
 * the same end, so a request it answers can never hide a second one (request smuggling) or lose one.
 */
describe("the fast lane and node:http read a head alike", () => {
  const seen: { method?: string; url?: string; headers: IncomingHttpHeaders }[][] = [];
  const server = createServer((request, response) => {
    seen.at(-1)?.push({ method: request.method, url: request.url, headers: request.headers });
    response.end();
  });
  const listening = new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)));
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  /** The requests node:http reads from these bytes followed by `GET /next`. */
  async function nodeReads(text: string) {
    const port = await listening;
    seen.push([]);
    const requests = seen.at(-1) ?? [];
    await new Promise<void>((resolve) => {
      const socket = connect(port, "127.0.0.1", () => socket.end(Buffer.from(`${text}GET /next HTTP/1.1\r\nHost: n\r\n\r\n`, "latin1")));
      socket.on("data", () => {});
      socket.on("close", () => resolve());
      socket.on("error", () => resolve());
    });
    return requests;
  }

  // Mostly plain requests, with now and then what a parser could read differently.
  const usually = <T>(common: T, ...rare: T[]) => fc.oneof({ arbitrary: fc.constant(common), weight: 6 }, fc.constantFrom(...rare));
  const piece = (chars: string, maxLength = 6) => fc.array(fc.constantFrom(...chars), { maxLength }).map((list) => list.join(""));
  const name = fc.constantFrom(
    "Host",
    "host",
    "User-Agent",
    "Cookie",
    "Accept-Encoding",
    "If-None-Match",
    "X-Request-Id",
    "X-Forwarded-For",
    "Connection",
    "Content-Length",
    "Transfer-Encoding",
    "X-A",
    "X A",
    "",
  );
  const value = fc.oneof({ arbitrary: piece("ab ,;=:/", 8), weight: 4 }, piece('ab ,;=\t:/"\r\n\0\x7f\xe9', 8));
  const line = fc
    .tuple(usually("", " ", "\t"), name, usually(":", " :", "::", ""), usually(" ", "", "\t"), value)
    .map((parts) => parts.join(""));
  const head = fc
    .tuple(
      usually("GET", "HEAD", "get", "POST"),
      piece("/ab?%#.", 5),
      usually("HTTP/1.1", "HTTP/1.0", "HTTP/1.1 "),
      fc.array(line, { maxLength: 5 }),
      usually("\r\n", "\n"),
    )
    .map(
      ([method, target, version, lines, newline]) => `${method} /${target} ${version}\r\n${["Host: h", ...lines].join(newline)}\r\n\r\n`,
    );

  it("for every head the fast lane accepts", { timeout: 60_000 }, async () => {
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(head, async (text) => {
        const ours = read(text);
        if (ours === null || ours === "incomplete") return;
        accepted++;
        // Exactly the bytes the fast lane took for this request, then another: node:http must find both.
        const [first, next, ...more] = await nodeReads(text.slice(0, ours.end));
        expect(first).toMatchObject({ method: ours.method, url: ours.target });
        const headers = first?.headers ?? {};
        expect([
          headers.host,
          headers.cookie,
          headers["user-agent"],
          headers["accept-encoding"],
          headers["if-none-match"],
          headers["x-request-id"],
          headers["x-forwarded-for"],
        ]).toEqual([ours.host, ours.cookie, ours.userAgent, ours.acceptEncoding, ours.ifNoneMatch, ours.requestId, ours.forwardedFor]);
        expect(next?.url).toBe("/next");
        expect(more).toEqual([]);
      }),
      { numRuns: 600 },
    );
    expect(accepted).toBeGreaterThan(50);
  });
});
