/**
 * Opening the database (SQLite file by default, PostgreSQL when given a URL), applying migrations,
 * closing it.
 */
import { Kysely, type MigrationProvider, type MigrationResult, Migrator, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { logger } from "../logger.ts";
import { migrationProvider } from "./migrations/index.ts";
import type { DatabaseSchema } from "./schema.ts";
import { createSqliteDialect } from "./sqlite-dialect.ts";

export type Database = Kysely<DatabaseSchema>;
export type DialectName = "sqlite" | "postgres";

export interface DatabaseConfig {
  /** A `postgres://` or `postgresql://` URL selects PostgreSQL (usually `DATABASE_URL`). Anything else: SQLite. */
  url?: string;
  /** The SQLite file; default `data/site.db` (relative to the working directory). Its folder is created. */
  sqliteFile?: string;
  /**
   * PostgreSQL only: the schema to work in (sets the connections' `search_path`). Default: the server's,
   * normally `public`. The tests use a fresh schema per run.
   */
  postgresSchema?: string;
  /** PostgreSQL only: the most connections this process opens (`DATABASE_POOL_MAX`). Default 10. */
  postgresPoolMax?: number;
}

export interface OpenedDatabase {
  db: Database;
  dialect: DialectName;
}

export const DEFAULT_SQLITE_FILE = "data/site.db";

/** How long one SQL statement may run on PostgreSQL before the server cancels it (migrations excepted). */
const STATEMENT_TIMEOUT_MS = 15_000;

export function isPostgresUrl(url: string | undefined): url is string {
  return url !== undefined && /^postgres(ql)?:\/\//i.test(url);
}

export function openDatabase(config: DatabaseConfig = {}): OpenedDatabase {
  if (isPostgresUrl(config.url)) {
    return {
      db: new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool: createPool(config.url, config) }) }),
      dialect: "postgres",
    };
  }
  const dialect = createSqliteDialect(config.sqliteFile ?? DEFAULT_SQLITE_FILE);
  return { db: new Kysely<DatabaseSchema>({ dialect }), dialect: "sqlite" };
}

/** What the console's own pool (console-reader.ts) sets differently from the visitors'. */
export interface PoolOverrides {
  max?: number;
  statementTimeoutMs?: number;
  /** Every transaction read-only: the pool cannot write, whatever a query says. */
  readOnly?: boolean;
  applicationName?: string;
}

export function createPool(url: string, config: DatabaseConfig, overrides: PoolOverrides = {}): pg.Pool {
  const schema = config.postgresSchema;
  if (schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) {
    throw new Error(`postgresSchema must be a lower-case SQL identifier, got ${JSON.stringify(schema)}`);
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: overrides.max ?? config.postgresPoolMax ?? 10,
    // A connection unused for 30 s is closed, so a quiet server holds few of PostgreSQL's connections.
    idleTimeoutMillis: 30_000,
    // Waiting for a connection (a new one, or a free one when all `max` are busy) fails after 5 s, so a
    // database that is away or saturated gives a quick "try again later" instead of hanging the request.
    connectionTimeoutMillis: 5_000,
    statement_timeout: overrides.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS,
    // Also give up waiting for a lock (row, table, advisory) well before the statement timeout.
    lock_timeout: 10_000,
    idle_in_transaction_session_timeout: 60_000,
    application_name: overrides.applicationName ?? "storefront",
    ...sessionOptions(schema, overrides.readOnly === true),
  });
  // An idle connection can fail (server restart, network): pg then emits `error` on the pool, which would
  // crash the process if nobody listened. The pool drops that connection and opens a new one when needed.
  pool.on("error", (error) => {
    logger.warn({ reason: error.message }, "PostgreSQL: an idle connection failed and was discarded");
  });
  // A connection that fails while a request holds it emits `error` on its client, which has no listener
  // of the pool's then: the process would crash. The request's own query fails and answers 503; this only
  // logs it. (Found by the reliability suite's database outage.)
  pool.on("connect", (client) => {
    client.on("error", (error) => {
      logger.warn({ reason: error.message }, "PostgreSQL: a connection in use failed");
    });
  });
  return pool;
}

function sessionOptions(schema: string | undefined, readOnly: boolean): { options?: string } {
  const settings = [
    ...(schema === undefined ? [] : [`-c search_path=${schema}`]),
    ...(readOnly ? ["-c default_transaction_read_only=on"] : []),
  ];
  return settings.length === 0 ? {} : { options: settings.join(" ") };
}

export async function closeDatabase(db: Database): Promise<void> {
  await db.destroy();
}

export interface MigrationSummary {
  /** Names of the migrations this call applied, in order (empty when the database was already current). */
  applied: string[];
}

/**
 * Brings the schema to the latest migration. Safe when several servers start at once:
 * - PostgreSQL: one connection holds a session advisory lock (keyed by the schema) for the whole run,
 *   including the creation of Kysely's bookkeeping tables; the others wait, then find nothing to do.
 *   Each migration runs in a transaction (PostgreSQL has transactional DDL).
 * - SQLite: the whole run is one `BEGIN IMMEDIATE` transaction, which takes the file's write lock;
 *   other processes wait on the busy timeout. A failed run leaves the file as it was.
 * A failure throws an Error that names the migration. `options.provider` replaces the migrations (tests).
 */
export async function migrateToLatest(
  db: Database,
  dialect: DialectName,
  options: { provider?: MigrationProvider } = {},
): Promise<MigrationSummary> {
  const provider = options.provider ?? migrationProvider;
  const results =
    dialect === "postgres"
      ? await db.connection().execute((connection) => migratePostgres(connection, provider))
      : await db.connection().execute((connection) => migrateSqlite(connection, provider));
  return { applied: results.filter((result) => result.status === "Success").map((result) => result.migrationName) };
}

/** First key of the two-part advisory lock: this application's migrations. The second is the schema's hash. */
const MIGRATION_LOCK_CLASS = 0x5e7e;

async function migratePostgres(connection: Kysely<DatabaseSchema>, provider: MigrationProvider): Promise<MigrationResult[]> {
  const current = await sql<{ schema: string }>`select current_schema() as schema`.execute(connection);
  const schema = current.rows[0]?.schema;
  if (!schema) throw new Error("Database migration: PostgreSQL has no current schema (check search_path)");
  // Migrations may legitimately run longer than a web request's statement timeout, and waiting for
  // another server's migration is expected: lift both limits for this session, restore them after.
  await sql`set statement_timeout = 0`.execute(connection);
  await sql`set lock_timeout = 0`.execute(connection);
  try {
    await sql`select pg_advisory_lock(${sql.lit(MIGRATION_LOCK_CLASS)}, hashtext(${schema}))`.execute(connection);
    try {
      // The bookkeeping tables live in the same schema; naming it keeps Kysely from mistaking
      // another schema's `kysely_migration` table for this one's.
      return await runMigrator(new Migrator({ db: connection, provider, migrationTableSchema: schema }));
    } finally {
      await sql`select pg_advisory_unlock(${sql.lit(MIGRATION_LOCK_CLASS)}, hashtext(${schema}))`.execute(connection);
    }
  } finally {
    await sql`reset statement_timeout`.execute(connection);
    await sql`reset lock_timeout`.execute(connection);
  }
}

async function migrateSqlite(connection: Kysely<DatabaseSchema>, provider: MigrationProvider): Promise<MigrationResult[]> {
  await sql`begin immediate`.execute(connection);
  try {
    const results = await runMigrator(new Migrator({ db: connection, provider }));
    await sql`commit`.execute(connection);
    return results;
  } catch (error) {
    await sql`rollback`.execute(connection);
    throw error;
  }
}

async function runMigrator(migrator: Migrator): Promise<MigrationResult[]> {
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error === undefined) return results;
  const failed = results.find((result) => result.status === "Error");
  const reason = error instanceof Error ? error.message : String(error);
  const where = failed ? `migration "${failed.migrationName}" failed` : "could not prepare the migrations";
  throw new Error(`Database migration: ${where}: ${reason}`, { cause: error });
}

/**
 * The database the configuration names (PostgreSQL with DATABASE_URL, else the SQLite file), opened and
 * brought to the latest migration: what the server and the command-line tools work on. If migrating fails,
 * the handle is closed again and the error thrown.
 */
export async function openConfiguredDatabase(config: {
  DATABASE_URL?: string;
  SQLITE_FILE: string;
  DATABASE_POOL_MAX: number;
}): Promise<Database> {
  const { db, dialect } = openDatabase({
    url: config.DATABASE_URL,
    sqliteFile: config.SQLITE_FILE,
    postgresPoolMax: config.DATABASE_POOL_MAX,
  });
  try {
    await migrateToLatest(db, dialect);
  } catch (error) {
    await closeDatabase(db).catch(() => {});
    throw error;
  }
  return db;
}
