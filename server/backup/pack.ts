/**
 * An archive's inside: a tar (USTAR, readable by any `tar`) holding `manifest.json` first, then the database's
 * copy and the shop's files, compressed with zstd. Opening one by hand: `age -d -i key.txt FILE | zstd -d | tar x`.
 */
import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, stat } from "node:fs/promises";
import { dirname, join, normalize } from "node:path";
import type { Readable } from "node:stream";
import { finished } from "node:stream/promises";
import { createZstdCompress, createZstdDecompress } from "node:zlib";
import tar from "tar-stream";
import type { Manifest } from "./manifest.ts";

export interface FileToPack {
  /** Its path inside the archive: `database.sqlite`, `uploads/…`. */
  name: string;
  /** Where it is on this machine. */
  path: string;
}

/** The archive's bytes before encryption: a stream that fails if any file cannot be read. */
export function packArchive(manifest: Manifest, files: FileToPack[]): Readable {
  const pack = tar.pack();
  const compress = createZstdCompress();
  pack.on("error", (error: Error) => compress.destroy(error));
  pack.pipe(compress);
  void (async () => {
    try {
      const json = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
      pack.entry({ name: "manifest.json", size: json.length, mode: 0o600 }, json);
      for (const file of files) {
        const { size } = await stat(file.path);
        const written = new Promise<void>((resolve, reject) => {
          const entry = pack.entry({ name: file.name, size, mode: 0o600 }, (error) => (error ? reject(error) : resolve()));
          void copyInto(file.path, entry).catch(reject);
        });
        await written;
      }
      pack.finalize();
    } catch (error) {
      pack.destroy(error as Error);
    }
  })();
  return compress;
}

async function copyInto(path: string, entry: NodeJS.WritableStream): Promise<void> {
  for await (const chunk of createReadStream(path)) {
    if (!entry.write(chunk as Buffer)) await once(entry as unknown as NodeJS.EventEmitter, "drain");
  }
  entry.end();
}

/** A name an archive may hold: no absolute path, no `..`, nothing outside the few places a backup writes. */
export function isSafeEntryName(name: string): boolean {
  if (name.startsWith("/") || name.includes("\\") || normalize(name) !== name || name.split("/").includes("..")) return false;
  return name === "manifest.json" || /^database\.(sqlite|pgdump)$/.test(name) || /^uploads\/[\w.-]+(\/[\w.-]+)*$/.test(name);
}

/**
 * Writes the archive's files into `directory` (which the caller made private) and returns the manifest. Refuses
 * an archive whose first entry is not the manifest, or which names a path outside the few it may hold.
 */
export async function unpackArchive(compressed: Readable, directory: string): Promise<Manifest> {
  const extract = tar.extract();
  const decompress = createZstdDecompress();
  compressed.on("error", (error) => decompress.destroy(error));
  decompress.on("error", (error) => extract.destroy(error));
  compressed.pipe(decompress).pipe(extract);
  try {
    return await readEntries(extract, directory);
  } finally {
    // Stopped early (an entry refused), the source would otherwise be left open, half read.
    compressed.destroy();
  }
}

async function readEntries(extract: ReturnType<typeof tar.extract>, directory: string): Promise<Manifest> {
  let manifest: Manifest | undefined;
  for await (const entry of extract) {
    const { name, type } = entry.header;
    if (type !== "file" || !isSafeEntryName(name)) throw new Error(`the archive holds an unexpected entry: ${JSON.stringify(name)}`);
    if (!manifest && name !== "manifest.json") throw new Error("the archive does not start with its manifest");
    if (name === "manifest.json") {
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      manifest = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Manifest;
      continue;
    }
    const target = join(directory, name);
    await mkdir(dirname(target), { recursive: true, mode: 0o700 });
    const output = createWriteStream(target, { mode: 0o600 });
    for await (const chunk of entry) if (!output.write(chunk as Buffer)) await once(output, "drain");
    output.end();
    await finished(output);
  }
  if (!manifest) throw new Error("the archive is empty");
  return manifest;
}
