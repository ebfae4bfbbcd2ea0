/**
 * Reading an archive back: decrypted and verified into a private working folder first, so a wrong key or a
 * damaged file is refused before any database is touched. Then either a check (the copy restored to a scratch
 * place, migrated forward, counted and its books' numbering checked) or a restore over the configured database,
 * which an existing database refuses without `force`.
 */
import { chmod, copyFile, mkdtemp, rename, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { type Kysely, sql } from "kysely";
import { closeDatabase, migrateToLatest, openDatabase } from "../db/database.ts";
import type { DatabaseSchema } from "../db/schema.ts";
import { OWNER_ONLY_FILE } from "../private-files.ts";
import { BackupCryptoError, decryptBackup, describeFailure } from "./encryption.ts";
import { type DatabaseReport, inspectDatabase } from "./inspect.ts";
import { checkManifest, type Manifest } from "./manifest.ts";
import { unpackArchive } from "./pack.ts";
import { type PostgresTarget, restorePostgres } from "./postgres-dump.ts";
import { checkSqliteIntegrity } from "./sqlite-copy.ts";

export type RestoreTarget = { dialect: "sqlite"; file: string } | { dialect: "postgres"; target: PostgresTarget };

export interface OpenedArchive {
  manifest: Manifest;
  /** The private folder holding the archive's files; the caller removes it (`closeArchive`). */
  folder: string;
}

/** Refused, with what to do: nothing was changed. */
export class RestoreRefused extends Error {}

export async function openArchive(key: string, sealed: Readable, workDirectory = tmpdir()): Promise<OpenedArchive> {
  const folder = await mkdtemp(join(workDirectory, "shop-restore-"));
  try {
    const plain = await decryptBackup(key, Readable.toWeb(sealed) as ReadableStream<Uint8Array>);
    const manifest = await unpackArchive(Readable.fromWeb(plain as NodeReadableStream<Uint8Array>), folder).catch((error: unknown) => {
      throw new BackupCryptoError(describeFailure(error), { cause: error });
    });
    return { manifest: checkManifest(manifest), folder };
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
}

export const closeArchive = (archive: OpenedArchive) => rm(archive.folder, { recursive: true, force: true });

export interface CheckReport extends DatabaseReport {
  /** Migrations the copy needed to reach this version's schema. */
  migrated: string[];
}

/** Restores the archive's database to a scratch place, brings it forward, and reports it. The live database is untouched. */
export async function checkArchive(archive: OpenedArchive, target: RestoreTarget): Promise<CheckReport> {
  assertSameDialect(archive, target);
  if (target.dialect === "sqlite") {
    const file = join(archive.folder, "database.sqlite");
    checkSqliteIntegrity(file);
    return migrateAndInspect({ sqliteFile: file }, "sqlite");
  }
  const scratch = await createScratchDatabase(target.target);
  try {
    await restorePostgres(scratch, join(archive.folder, "database.pgdump"), { replace: false });
    return await migrateAndInspect({ url: scratch.url, postgresSchema: scratch.schema }, "postgres");
  } finally {
    await dropScratchDatabase(target.target, scratch);
  }
}

/** Puts the archive's database in place of the configured one, then brings it to this version's schema. */
export async function restoreArchive(archive: OpenedArchive, target: RestoreTarget, options: { force: boolean }): Promise<CheckReport> {
  assertSameDialect(archive, target);
  if (target.dialect === "sqlite") {
    const copy = join(archive.folder, "database.sqlite");
    checkSqliteIntegrity(copy);
    const exists = await stat(target.file).then(
      (found) => found.size > 0,
      () => false,
    );
    if (exists && !options.force) {
      throw new RestoreRefused(`${target.file} exists. Stop the server, then run the restore again with --force to replace it.`);
    }
    const report = await migrateAndInspect({ sqliteFile: copy }, "sqlite");
    // The old file's journal must not be replayed onto the restored one.
    for (const suffix of ["-wal", "-shm"]) await rm(`${target.file}${suffix}`, { force: true });
    await copyFile(copy, `${target.file}.restoring`);
    // The server's own files are its user's only (private-files.ts); a copy would take the umask's mode.
    await chmod(`${target.file}.restoring`, OWNER_ONLY_FILE);
    await rename(`${target.file}.restoring`, target.file);
    return report;
  }
  if ((await hasShopTables(target.target)) && !options.force) {
    throw new RestoreRefused(
      `The database already holds the shop's tables. Stop the servers, then run the restore again with --force to replace them.`,
    );
  }
  await restorePostgres(target.target, join(archive.folder, "database.pgdump"), { replace: true });
  return migrateAndInspect({ url: target.target.url, postgresSchema: target.target.schema }, "postgres");
}

function assertSameDialect(archive: OpenedArchive, target: RestoreTarget) {
  if (archive.manifest.dialect !== target.dialect) {
    throw new RestoreRefused(
      `This archive is of a ${archive.manifest.dialect} database and this shop is configured for ${target.dialect}: restore it where DATABASE_URL ${archive.manifest.dialect === "postgres" ? "is" : "is not"} set.`,
    );
  }
}

async function migrateAndInspect(config: Parameters<typeof openDatabase>[0], dialect: "sqlite" | "postgres"): Promise<CheckReport> {
  const { db } = openDatabase(config);
  try {
    const { applied } = await migrateToLatest(db, dialect);
    return { ...(await inspectDatabase(db)), migrated: applied };
  } finally {
    await closeDatabase(db);
  }
}

async function hasShopTables(target: PostgresTarget): Promise<boolean> {
  return onOneConnection(target.url, async (connection) => {
    const found = await sql<{ name: string | null }>`select to_regclass(${`${target.schema}.kysely_migration`}) as name`.execute(
      connection,
    );
    return found.rows[0]?.name != null;
  });
}

/**
 * Runs `work` on one connection without the web's statement and lock timeouts: creating or dropping a database
 * waits for a checkpoint, which on a busy server takes longer than any page may.
 */
async function onOneConnection<T>(url: string, work: (connection: Kysely<DatabaseSchema>) => Promise<T>): Promise<T> {
  const { db } = openDatabase({ url, postgresPoolMax: 1 });
  try {
    return await db.connection().execute(async (connection) => {
      await sql`set statement_timeout = 0`.execute(connection);
      await sql`set lock_timeout = 0`.execute(connection);
      return work(connection);
    });
  } finally {
    await closeDatabase(db);
  }
}

/** A database of its own beside the live one (the role needs CREATEDB), holding nothing but the restored copy. */
async function createScratchDatabase(live: PostgresTarget): Promise<PostgresTarget> {
  const name = `shop_restore_check_${Date.now()}`;
  await onOneConnection(live.url, (connection) => sql`create database ${sql.id(name)}`.execute(connection));
  const url = new URL(live.url);
  url.pathname = `/${name}`;
  const scratch = { url: url.toString(), schema: live.schema };
  // The dump makes its schema itself, the default one included.
  await onOneConnection(scratch.url, (connection) => sql`drop schema if exists ${sql.id(live.schema)} cascade`.execute(connection));
  return scratch;
}

async function dropScratchDatabase(live: PostgresTarget, scratch: PostgresTarget): Promise<void> {
  const name = new URL(scratch.url).pathname.slice(1);
  await onOneConnection(live.url, (connection) => sql`drop database if exists ${sql.id(name)} with (force)`.execute(connection));
}
