/**
 * One backup: a consistent copy of the database, checked, packed with the shop's files, compressed, encrypted,
 * stored in every configured place, and the older copies thinned to the retention policy. The unencrypted copy
 * exists only in a private working folder (0700), removed when the backup ends, however it ends.
 */
import { createWriteStream } from "node:fs";
import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { closeDatabase, type Database, type DialectName, openDatabase } from "../db/database.ts";
import { archiveName } from "./archive-name.ts";
import { encryptBackup } from "./encryption.ts";
import { inspectDatabase, schemaNumber } from "./inspect.ts";
import type { Manifest } from "./manifest.ts";
import { type FileToPack, packArchive } from "./pack.ts";
import { dumpPostgres, type PostgresTarget } from "./postgres-dump.ts";
import { applyRetention, type RetentionPolicy } from "./retention.ts";
import { copySqlite } from "./sqlite-copy.ts";
import type { ArchiveStore } from "./stores.ts";

export interface BackupSettings {
  key: string;
  source: { dialect: "sqlite"; file: string } | { dialect: "postgres"; target: PostgresTarget; db: Database };
  stores: ArchiveStore[];
  retention: RetentionPolicy;
  /** The shop's own files (uploads), packed under `uploads/`; absent or empty: none. */
  filesDirectory?: string;
  /** Where the private working folder is made; the system's temporary folder by default. */
  workDirectory?: string;
}

export interface BackupResult {
  name: string;
  size: number;
  manifest: Manifest;
  /** Per store, the archives the retention removed. */
  removed: { store: string; names: string[] }[];
}

export async function takeBackup(settings: BackupSettings, now = new Date()): Promise<BackupResult> {
  if (settings.stores.length === 0) throw new Error("no place to keep backups: set BACKUP_DIR or BACKUP_S3_BUCKET");
  const work = await mkdtemp(join(settings.workDirectory ?? tmpdir(), "shop-backup-"));
  try {
    const { database, report } = await copyDatabase(settings.source, work);
    const files = await filesUnder(settings.filesDirectory);
    const dialect: DialectName = settings.source.dialect;
    const manifest: Manifest = {
      format: 1,
      takenAt: now.toISOString(),
      dialect,
      migration: report.migration,
      database: database.name as Manifest["database"],
      counts: report.counts,
      numberingUnbroken: report.numberingUnbroken,
      files: files.map((file) => file.name.slice("uploads/".length)),
    };
    const name = archiveName({ takenAt: now, dialect, schema: schemaNumber(report.migration) });
    const archive = join(work, name);
    const sealed = await encryptBackup(
      settings.key,
      Readable.toWeb(packArchive(manifest, [database, ...files])) as ReadableStream<Uint8Array>,
    );
    await pipeline(
      Readable.fromWeb(sealed as import("node:stream/web").ReadableStream<Uint8Array>),
      createWriteStream(archive, { mode: 0o600 }),
    );
    const { size } = await stat(archive);
    for (const store of settings.stores) await store.put(name, archive);
    const removed = [];
    for (const store of settings.stores) {
      const { remove } = applyRetention(await store.list(), settings.retention);
      for (const old of remove) await store.remove(old.name);
      removed.push({ store: store.label, names: remove.map((old) => old.name) });
    }
    return { name, size, manifest, removed };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function copyDatabase(source: BackupSettings["source"], work: string) {
  if (source.dialect === "sqlite") {
    const path = join(work, "database.sqlite");
    copySqlite(source.file, path);
    const { db } = openDatabase({ sqliteFile: path });
    try {
      return { database: { name: "database.sqlite", path }, report: await inspectDatabase(db) };
    } finally {
      await closeDatabase(db);
    }
  }
  const path = join(work, "database.pgdump");
  const report = await inspectDatabase(source.db);
  await dumpPostgres(source.target, path);
  return { database: { name: "database.pgdump", path }, report };
}

async function filesUnder(directory: string | undefined, relative = ""): Promise<FileToPack[]> {
  if (!directory) return [];
  const entries = await readdir(join(directory, relative), { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  const files: FileToPack[] = [];
  for (const entry of entries) {
    const path = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...(await filesUnder(directory, path)));
    else if (entry.isFile()) files.push({ name: `uploads/${path}`, path: join(directory, path) });
  }
  return files;
}
