import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { extname, join, relative, sep } from "node:path";
import { chooseEncoding, type Encoding } from "./compression.ts";

const contentTypes: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".avif": "image/avif",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
};

/** Hashed build output never changes under its name; everything else may change between deployments. */
export const immutableCache = "public, max-age=31536000, immutable";
export const revalidateCache = "public, max-age=3600, stale-while-revalidate=86400";

interface StaticFile {
  body: Buffer;
  encoded: Partial<Record<Encoding, Buffer>>;
  contentType: string;
  etag: string;
  cacheControl: string;
}

/**
 * The browser files of the build (build/client), held in memory: a few megabytes, answered without a
 * disk read. The build writes brotli and gzip copies beside each text file; they are served when accepted.
 */
export function loadStaticFiles(root: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  if (!existsSync(root)) throw new Error(`${root} does not exist: run "npm run build" first.`);
  for (const path of walk(root)) {
    if (path.endsWith(".br") || path.endsWith(".gz")) continue;
    const urlPath = `/${relative(root, path).split(sep).join("/")}`;
    const body = readFileSync(path);
    const encoded: Partial<Record<Encoding, Buffer>> = {};
    if (existsSync(`${path}.br`)) encoded.br = readFileSync(`${path}.br`);
    if (existsSync(`${path}.gz`)) encoded.gzip = readFileSync(`${path}.gz`);
    files.set(urlPath, {
      body,
      encoded,
      contentType: contentTypes[extname(path)] ?? "application/octet-stream",
      etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
      cacheControl: urlPath.startsWith("/assets/") ? immutableCache : revalidateCache,
    });
  }
  return files;
}

function* walk(directory: string): Generator<string> {
  for (const name of readdirSync(directory)) {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) yield* walk(path);
    else yield path;
  }
}

/** The response for a static file, honouring If-None-Match and Accept-Encoding. */
export function serveStaticFile(request: Request, file: StaticFile): Response {
  const headers = new Headers({ "Content-Type": file.contentType, "Cache-Control": file.cacheControl, ETag: file.etag });
  if (Object.keys(file.encoded).length > 0) headers.set("Vary", "Accept-Encoding");
  if (request.headers.get("if-none-match") === file.etag) return new Response(null, { status: 304, headers });

  const encoding = chooseEncoding(request.headers.get("accept-encoding"));
  const encodedBody = encoding ? file.encoded[encoding] : undefined;
  const body = encodedBody ?? file.body;
  if (encodedBody && encoding) headers.set("Content-Encoding", encoding);
  headers.set("Content-Length", String(body.byteLength));
  return new Response(request.method === "HEAD" ? null : new Uint8Array(body), { status: 200, headers });
}
