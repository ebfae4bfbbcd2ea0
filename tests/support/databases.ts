/**
 * Test support: the databases a test suite runs against, each fresh and removed afterwards.
 * SQLite always (a file in a new temporary folder); PostgreSQL when `TEST_DATABASE_URL` is set
 * (a new schema `test_<random>` in that database, dropped afterwards, so runs never collide).
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { closeDatabase, type Database, type DialectName, openDatabase } from "../../server/db/database.ts";

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

export interface TestTarget {
  dialect: DialectName;
  /** False when the database is not available here: wrap its suite in `describe.skipIf(!target.enabled)`. */
  enabled: boolean;
}

export const testTargets: readonly TestTarget[] = [
  { dialect: "sqlite", enabled: true },
  { dialect: "postgres", enabled: Boolean(TEST_DATABASE_URL) },
];

export interface TestDatabase {
  dialect: DialectName;
  db: Database;
  /** Another, independent handle (own SQLite connection or own pool) on the same database. */
  openAnother(): Database;
  /** Where the data is: the SQLite file, or the PostgreSQL schema. */
  location: string;
  /** Closes every handle and deletes the file or drops the schema. */
  cleanup(): Promise<void>;
}

/** A new, empty database (no migrations applied). */
export async function createTestDatabase(dialect: DialectName): Promise<TestDatabase> {
  return dialect === "postgres" ? createPostgresTestDatabase() : createSqliteTestDatabase();
}

function createSqliteTestDatabase(): TestDatabase {
  const folder = mkdtempSync(join(tmpdir(), "site-db-test-"));
  const file = join(folder, "site.db");
  const handles: Database[] = [];
  const open = (): Database => {
    const handle = openDatabase({ sqliteFile: file }).db;
    handles.push(handle);
    return handle;
  };
  return {
    dialect: "sqlite",
    db: open(),
    openAnother: open,
    location: file,
    cleanup: async () => {
      await Promise.all(handles.map((handle) => closeDatabase(handle)));
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

async function createPostgresTestDatabase(): Promise<TestDatabase> {
  const url = TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DATABASE_URL is not set");
  const schema = `test_${randomBytes(6).toString("hex")}`;
  await runAsAdmin(url, `create schema ${schema}`);
  const handles: Database[] = [];
  const open = (): Database => {
    const handle = openDatabase({ url, postgresSchema: schema, postgresPoolMax: 5 }).db;
    handles.push(handle);
    return handle;
  };
  return {
    dialect: "postgres",
    db: open(),
    openAnother: open,
    location: schema,
    cleanup: async () => {
      await Promise.all(handles.map((handle) => closeDatabase(handle)));
      await runAsAdmin(url, `drop schema if exists ${schema} cascade`);
    },
  };
}

async function runAsAdmin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
