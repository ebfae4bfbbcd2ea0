/**
 * A built static site (another project's `dist` folder) served as a CDN would: each file compressed with
 * brotli once, in memory, for a browser that takes it, and `index.html` for a folder. The bench measures a
 * reference landing page with it (`--beside`), on the same machine in the same run as our pages.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { extname, join, normalize, sep } from "node:path";
import { brotliCompressSync, constants } from "node:zlib";

const contentTypes: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".xml": "application/xml",
  ".txt": "text/plain; charset=utf-8",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
};

const compressible = new Set([".html", ".css", ".js", ".mjs", ".json", ".svg", ".xml", ".txt"]);

/** The file a request path names inside `root`, or undefined (outside it, or missing). */
export function fileFor(root: string, pathname: string): string | undefined {
  const decoded = decodeURIComponent(pathname);
  const candidate = normalize(join(root, decoded));
  if (candidate !== root && !candidate.startsWith(root.endsWith(sep) ? root : root + sep)) return undefined;
  const file = existsSync(candidate) && statSync(candidate).isDirectory() ? join(candidate, "index.html") : candidate;
  return existsSync(file) && statSync(file).isFile() ? file : undefined;
}

export async function serveStaticSite(root: string, port: number): Promise<{ base: string; stop(): Promise<void> }> {
  const compressed = new Map<string, Buffer>();
  const server: Server = createServer((request, response) => {
    const file = fileFor(normalize(root), new URL(request.url ?? "/", "http://localhost").pathname);
    if (!file) {
      response.writeHead(404, { "Content-Type": "text/plain" }).end("Not found");
      return;
    }
    const type = extname(file);
    const headers: Record<string, string> = {
      "Content-Type": contentTypes[type] ?? "application/octet-stream",
      "Cache-Control": type === ".html" ? "no-cache" : "public, max-age=31536000, immutable",
      Vary: "Accept-Encoding",
    };
    let body: Buffer = readFileSync(file);
    if (compressible.has(type) && /\bbr\b/.test(String(request.headers["accept-encoding"] ?? ""))) {
      let packed = compressed.get(file);
      if (!packed) {
        packed = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
        compressed.set(file, packed);
      }
      body = packed;
      headers["Content-Encoding"] = "br";
    }
    response.writeHead(200, headers).end(body);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address();
  return {
    base: `http://localhost:${typeof address === "object" && address ? address.port : port}`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
