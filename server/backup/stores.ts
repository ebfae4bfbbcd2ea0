/**
 * Where archives are kept: a folder (BACKUP_DIR) and/or S3-compatible storage (BACKUP_S3_BUCKET), both behind one
 * interface so the backup, the retention and `restore --latest` treat them alike.
 */
import { createReadStream } from "node:fs";
import { copyFile, mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { parseArchiveName } from "./archive-name.ts";

export interface StoredArchive {
  name: string;
  size: number;
  takenAt: Date;
}

export interface ArchiveStore {
  /** Where, said to the operator: a folder's path or `s3://bucket/prefix`. */
  readonly label: string;
  /** Stores the finished archive at `file` under `name`; a reader never sees half of it. */
  put(name: string, file: string): Promise<void>;
  /** The shop's archives, newest first; other files are left alone. */
  list(): Promise<StoredArchive[]>;
  open(name: string): Promise<Readable>;
  remove(name: string): Promise<void>;
}

export const newestFirst = (archives: StoredArchive[]) => archives.sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime());

export function directoryStore(directory: string): ArchiveStore {
  return {
    label: directory,
    async put(name, file) {
      await mkdir(directory, { recursive: true, mode: 0o700 });
      const partial = join(directory, `.partial-${name}`);
      await copyFile(file, partial);
      await rename(partial, join(directory, name));
    },
    async list() {
      const names = await readdir(directory).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return [] as string[];
        throw error;
      });
      const archives: StoredArchive[] = [];
      for (const name of names) {
        const parsed = parseArchiveName(name);
        if (parsed) archives.push({ name, size: (await stat(join(directory, name))).size, takenAt: parsed.takenAt });
      }
      return newestFirst(archives);
    },
    async open(name) {
      if (!parseArchiveName(name)) throw new Error(`${name} is not a backup's name`);
      await stat(join(directory, name));
      return createReadStream(join(directory, name));
    },
    async remove(name) {
      if (!parseArchiveName(name)) throw new Error(`${name} is not a backup's name`);
      await rm(join(directory, name), { force: true });
    },
  };
}
