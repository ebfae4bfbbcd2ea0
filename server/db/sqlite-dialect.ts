/**
 * Kysely over Node's built-in `node:sqlite`: no native module to build, nothing to download.
 *
 * Kysely's own `SqliteDialect` speaks to a better-sqlite3-shaped database (`prepare()` returning a
 * statement with `reader`, `all`, `run` and `iterate`). `DatabaseSync` is close to that shape, so a small
 * adapter is all it takes; the driver, query compiler, introspector and migration adapter stay Kysely's.
 */
import { closeSync, mkdirSync, openSync } from "node:fs";
import { dirname } from "node:path";
import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type SqliteDatabase,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  type SqliteStatement,
} from "kysely";
import { OWNER_ONLY_FILE, OWNER_ONLY_FOLDER } from "../private-files.ts";

export interface SqliteFileOptions {
  /** Milliseconds a writer waits for another connection's lock before failing with SQLITE_BUSY. */
  busyTimeoutMs?: number;
}

const DEFAULT_BUSY_TIMEOUT_MS = 5000;

/**
 * Opens (creating it and its folder if needed) a SQLite file set up for a web server:
 * WAL journal (readers never block the writer), foreign keys enforced, a busy timeout so concurrent
 * writers from other processes wait instead of failing, and `synchronous = NORMAL` (safe with WAL).
 */
export function openSqliteFile(file: string, options: SqliteFileOptions = {}): DatabaseSync {
  const busyTimeoutMs = options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS;
  if (file !== ":memory:") {
    mkdirSync(dirname(file), { recursive: true, mode: OWNER_ONLY_FOLDER });
    // SQLite would create the file readable by everyone (0644 less the umask); made first for the owner
    // only, it gives its WAL and shared-memory files the same mode. An existing file is left as it is.
    closeSync(openSync(file, "a", OWNER_ONLY_FILE));
  }
  const database = new DatabaseSync(file, { timeout: busyTimeoutMs, enableForeignKeyConstraints: true });
  try {
    // The busy timeout first: switching to WAL needs a lock another process may be holding.
    database.exec(`PRAGMA busy_timeout = ${Math.trunc(busyTimeoutMs)}`);
    database.exec("PRAGMA journal_mode = WAL");
    database.exec("PRAGMA foreign_keys = ON");
    database.exec("PRAGMA synchronous = NORMAL");
    // Deleted or moved content is overwritten with zeros, not left in the file's free space: an erased
    // customer's bytes must not stay behind an update or a page's defragmentation (decision 0020).
    database.exec("PRAGMA secure_delete = ON");
    lowerEveryLetter(database);
  } catch (error) {
    database.close();
    throw error;
  }
  return database;
}

/** Wraps a `DatabaseSync` in the better-sqlite3-like interface Kysely's `SqliteDialect` expects. */
/**
 * SQLite's own `lower()` lowers A to Z only: "ÉLODIE" stayed "Élodie", and the console's search (which
 * lower-cases what is typed as PostgreSQL and JavaScript do) could not find her. Every connection the shop
 * opens replaces it with JavaScript's, so both databases lower alike. The expression indexes of migration 017
 * are built with it; a tool that opened the file without it and wrote orders would leave them out of step.
 * The console's reader processes (sqlite-reader-process.ts) register the same function.
 */
export function lowerEveryLetter(database: DatabaseSync): void {
  database.function("lower", { deterministic: true }, (text) => (typeof text === "string" ? text.toLowerCase() : text));
}

export function toKyselySqliteDatabase(database: DatabaseSync): SqliteDatabase {
  return {
    close: () => database.close(),
    prepare: (sql: string): SqliteStatement => adaptStatement(database.prepare(sql)),
  };
}

function adaptStatement(statement: StatementSync): SqliteStatement {
  return {
    // A statement that yields columns (SELECT, or anything with RETURNING) is read with `all`.
    reader: statement.columns().length > 0,
    all: (parameters) => statement.all(...toInputValues(parameters)).map(toPlainObject),
    run: (parameters) => {
      const { changes, lastInsertRowid } = statement.run(...toInputValues(parameters));
      return { changes, lastInsertRowid };
    },
    iterate: (parameters) => mapIterator(statement.iterate(...toInputValues(parameters)), toPlainObject),
  };
}

/** `node:sqlite` binds null, numbers, bigints, strings and bytes; booleans become 0/1 as SQLite stores them. */
export function toInputValues(parameters: ReadonlyArray<unknown>): SQLInputValue[] {
  return parameters.map((value, index): SQLInputValue => {
    if (value === null || typeof value === "number" || typeof value === "bigint" || typeof value === "string") return value;
    if (typeof value === "boolean") return value ? 1 : 0;
    if (value instanceof Uint8Array) return value;
    throw new TypeError(`SQLite cannot bind parameter ${index + 1} of type ${value === undefined ? "undefined" : typeof value}`);
  });
}

/** `node:sqlite` returns rows with a null prototype; callers get ordinary objects. */
function toPlainObject(row: unknown): unknown {
  return typeof row === "object" && row !== null ? { ...row } : row;
}

function* mapIterator<T, U>(iterator: Iterator<T>, map: (value: T) => U): IterableIterator<U> {
  for (let step = iterator.next(); !step.done; step = iterator.next()) yield map(step.value);
}

/**
 * Kysely's SQLite driver begins a transaction with a plain `BEGIN`, which takes no lock until its first write.
 * A transaction that reads first and then writes, while another process (the operator's command line, a test)
 * has written in between, must upgrade its lock, and SQLite refuses that at once with SQLITE_BUSY, busy timeout
 * or not: a customer's erasure failed so in 4 ms. `BEGIN IMMEDIATE` takes the write lock as the transaction
 * starts, waiting on the busy timeout like any single write.
 */
class ImmediateTransactionDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

class ImmediateTransactionDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateTransactionDriver(this.#config);
  }
}

/** A Kysely dialect over a SQLite file opened with {@link openSqliteFile}; its transactions begin immediate. */
export function createSqliteDialect(file: string, options: SqliteFileOptions = {}): SqliteDialect {
  const database = toKyselySqliteDatabase(openSqliteFile(file, options));
  return new ImmediateTransactionDialect({ database });
}
