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

  it("compresses a download as it streams, reading its body only as the client takes it", async () => {
    let pulled = 0;
    const lines = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          pulled++;
          if (pulled > 50) controller.close();
          else controller.enqueue(new TextEncoder().encode(`${pulled},a line of the export\n`));
        },
      },
      { highWaterMark: 1 },
    );
    const headers = { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": 'attachment; filename="x.csv"' };
    const request = new Request("http://x/", { headers: { "accept-encoding": "gzip, br" } });
    const response = await compressResponse(request, new Response(lines, { headers }));
    // Nothing read yet beyond what the streams buffer: the body has not been gathered to compress it whole.
    expect(pulled).toBeLessThan(5);
    expect(response.headers.get("Content-Encoding")).toBe("gzip");
    expect(response.headers.get("Content-Length")).toBeNull();
    const text = gunzipSync(Buffer.from(await response.arrayBuffer())).toString();
    expect(text.split("\n")).toHaveLength(51);
    expect(text).toContain("50,a line of the export");
  });
});
