import { createServer } from "node:http";
import { brotliCompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { startPageAndTwin, stripScripts } from "./twin.ts";

const page =
  '<!DOCTYPE html><html><head><link rel="stylesheet" href="/a.css"><link rel="modulepreload" href="/m.js">' +
  '<script type="module" src="/entry.js"></script></head><body><a href="/x">x</a>' +
  '<script>window.__context = {"a":"</p>"};</script><p>kept</p><SCRIPT async src="/b.js"></SCRIPT></body></html>';

describe("the page's twin", () => {
  it("is the page without any script or module preload, and nothing else removed", () => {
    expect(stripScripts(page)).toBe(
      '<!DOCTYPE html><html><head><link rel="stylesheet" href="/a.css"></head><body><a href="/x">x</a><p>kept</p></body></html>',
    );
  });

  it("is served beside the page: the same answer through one proxy, without its scripts through the other", async () => {
    const server = createServer((request, response) => {
      if (request.url === "/style.css") return response.writeHead(200, { "content-type": "text/css" }).end("p{}");
      response.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-encoding": "br" }).end(brotliCompressSync(page));
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    const { port } = server.address() as { port: number };
    const proxies = await startPageAndTwin(port, port + 1, port + 2);
    try {
      // fetch asks for brotli and decodes it: the twin was decoded, stripped and encoded again.
      const html = async (base: string) => (await fetch(`${base}/`)).text();
      expect(await html(proxies.pageBase)).toBe(page);
      expect(await html(proxies.twinBase)).toBe(stripScripts(page));
      expect(await (await fetch(`${proxies.twinBase}/style.css`)).text()).toBe("p{}");
    } finally {
      await proxies.stop();
      server.close();
    }
  });
});
