/**
 * Writes brotli (.br) and gzip (.gz) copies of every text file in the browser build, at the highest
 * levels: done once at build time, so the server sends the smallest files without compressing per request.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { extname, join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const root = process.argv[2] ?? "build/client";
const compressible = new Set([".js", ".css", ".html", ".json", ".svg", ".txt", ".xml", ".webmanifest"]);

let count = 0;
function walk(directory: string) {
  for (const name of readdirSync(directory)) {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (compressible.has(extname(path))) {
      const body = readFileSync(path);
      if (body.byteLength < 1024) continue;
      writeFileSync(`${path}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
      count++;
    }
  }
}
walk(root);
console.log(`Compressed ${count} files in ${root}.`);
