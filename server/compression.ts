import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type Encoding = "br" | "gzip";

/** The best encoding the client accepts, brotli first. */
export function chooseEncoding(acceptEncoding: string | null): Encoding | null {
  const accepted = (acceptEncoding ?? "")
    .split(",")
    .map((part) => part.trim().split(";"))
    .filter(([, q]) => q?.trim() !== "q=0")
    .map(([name]) => name?.trim().toLowerCase());
  if (accepted.includes("br")) return "br";
  if (accepted.includes("gzip")) return "gzip";
  return null;
}

export function isCompressible(contentType: string | null): boolean {
  return /^(text\/|application\/(json|javascript|xml|manifest\+json|x-component)|image\/svg\+xml)/.test(contentType ?? "");
}

/**
 * Compresses a response body. `fast` for an answer someone waits for: level 5 brotli is near gzip's speed with
 * a smaller result. `smallest` (brotli only) for a stored page, made once for the visitors after the first:
 * brotli's best took 25 to 85 ms for the Spanish landing page's 90 KB and saved 10% (13.3 to 12.1 KB), which keeps it
 * inside the first round trip of a new connection (server/cached-page.ts).
 */
export function compress(body: Uint8Array, encoding: Encoding, effort: "fast" | "smallest" = "fast"): Promise<Buffer> {
  const smallest = effort === "smallest";
  // gzip keeps its level either way: level 9 made a test page larger, not smaller.
  return encoding === "br"
    ? brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: smallest ? constants.BROTLI_MAX_QUALITY : 5,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
        },
      })
    : gzipAsync(body, { level: 6 });
}

/** A file the console hands out (a CSV export): read from the database while it is sent, whatever its size. */
export function isDownload(headers: Headers): boolean {
  return /^\s*attachment/i.test(headers.get("Content-Disposition") ?? "");
}

/**
 * A download compressed as it streams (gzip, which every client that asks for compression takes), so its
 * body is never held whole: compressing it in one piece would read a year's CSV into memory first.
 */
function compressStream(response: Response & { body: ReadableStream<Uint8Array> }): Response {
  const headers = new Headers(response.headers);
  headers.append("Vary", "Accept-Encoding");
  headers.set("Content-Encoding", "gzip");
  headers.delete("Content-Length");
  return new Response(response.body.pipeThrough(new CompressionStream("gzip")), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

/** Compresses a responses's body when it is worth it and the client accepts it. */
export async function compressResponse(request: Request, response: Response): Promise<Response> {
  const encoding = chooseEncoding(request.headers.get("accept-encoding"));
  if (!encoding || !response.body || response.headers.has("Content-Encoding") || !isCompressible(response.headers.get("Content-Type"))) {
    return response;
  }
  if (isDownload(response.headers)) return compressStream(response as Response & { body: ReadableStream<Uint8Array> });
  const body = new Uint8Array(await response.arrayBuffer());
  const headers = new Headers(response.headers);
  headers.append("Vary", "Accept-Encoding");
  if (body.byteLength < 1024) {
    headers.set("Content-Length", String(body.byteLength));
    return new Response(body, { status: response.status, statusText: response.statusText, headers });
  }
  const compressed = await compress(body, encoding);
  headers.set("Content-Encoding", encoding);
  headers.set("Content-Length", String(compressed.byteLength));
  return new Response(new Uint8Array(compressed), { status: response.status, statusText: response.statusText, headers });
}
