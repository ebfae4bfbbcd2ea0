import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { chooseEncoding, compressResponse, isCompressible } from "./compression.ts";

describe("compression", () => {
  it.each([
    ["gzip, deflate, br", "br"],
    ["gzip", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["identity", null],
    [null, null],
  ])("picks %s → %s", (header, encoding) => {
    expect(chooseEncoding(header)).toBe(encoding);
  });

  it("compresses text and leaves images alone", () => {
    expect(isCompressible("text/html; charset=utf-8")).toBe(true);
    expect(isCompressible("application/json")).toBe(true);
    expect(isCompressible("image/avif")).toBe(false);
  });

  it("compresses a large page with brotli and says so", async () => {
    const html = `<p>${"streaming ".repeat(500)}</p>`;
    const request = new Request("http://x/", { headers: { "accept-encoding": "gzip, br" } });
    const response = await compressResponse(request, new Response(html, { headers: { "Content-Type": "text/html" } }));
    expect(response.headers.get("Content-Encoding")).toBe("br");
    expect(response.headers.get("Vary")).toContain("Accept-Encoding");
    expect(brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(html);
  });

  it("falls back to gzip", async () => {
    const html = "x".repeat(5000);
    const request = new Request("http://x/", { headers: { "accept-encoding": "gzip" } });
    const response = await compressResponse(request, new Response(html, { headers: { "Content-Type": "text/plain" } }));
    expect(gunzipSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(html);
  });

  it("sends small bodies as they are", async () => {
    const request = new Request("http://x/", { headers: { "accept-encoding": "br" } });
    const response = await compressResponse(request, new Response("tiny", { headers: { "Content-Type": "text/plain" } }));
    expect(response.headers.get("Content-Encoding")).toBeNull();
    expect(await response.text()).toBe("tiny");
  });
});
