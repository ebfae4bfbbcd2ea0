/**
 * The console's reader: a Kysely handle for its list pages, order pages and exports, next to the main `db`
 * (docs/decisions/0029). It never holds up the visitors' pages:
 * - SQLite: statements run in reader processes of their own (sqlite-reader-pool.ts), not on the thread that
 *   answers visitors; one past CONSOLE_QUERY_TIMEOUT_MS is killed.
 * - PostgreSQL: a small pool of its own, read-only, with CONSOLE_QUERY_TIMEOUT_MS as its statement timeout,
 *   so a slow console read neither takes the visitors' connections nor runs past its limit.
 * Either way a read past the limit fails with ConsoleQueryTimeout, which the console shows in words.
 */
import { type CompiledQuery, type DatabaseConnection, type Dialect, type Driver, Kysely, PostgresDialect } from "kysely";
import { ConsoleQueryTimeout, isStatementTimeout } from "./console-query-timeout.ts";
import { createPool, type Database, type DatabaseConfig, DEFAULT_SQLITE_FILE, isPostgresUrl } from "./database.ts";
import type { DatabaseSchema } from "./schema.ts";
import { SqliteReaderDialect } from "./sqlite-reader-dialect.ts";
import { createSqliteReaderPool, type ReadLimit } from "./sqlite-reader-pool.ts";

export const DEFAULT_CONSOLE_QUERY_TIMEOUT_MS = 10_000;
/** Console reads at once per process: an operator or two, with a page's few reads each. */
const CONSOLE_READERS = 2;

export interface ConsoleReaderConfig extends DatabaseConfig {
  timeoutMs?: number;
  /** SQLite: how a read's limit is kept (a timer); tests keep it in their hands. */
  limit?: ReadLimit;
}

export function openConsoleReader(config: ConsoleReaderConfig): Database {
  const timeoutMs = config.timeoutMs ?? DEFAULT_CONSOLE_QUERY_TIMEOUT_MS;
  if (isPostgresUrl(config.url)) {
    const pool = createPool(config.url, config, {
      max: CONSOLE_READERS,
      statementTimeoutMs: timeoutMs,
      readOnly: true,
      applicationName: "storefront-console",
    });
    return new Kysely<DatabaseSchema>({ dialect: timeoutsNamed(new PostgresDialect({ pool }), timeoutMs) });
  }
  const pool = createSqliteReaderPool({
    file: config.sqliteFile ?? DEFAULT_SQLITE_FILE,
    timeoutMs,
    readers: CONSOLE_READERS,
    limit: config.limit,
  });
  return new Kysely<DatabaseSchema>({ dialect: new SqliteReaderDialect(pool) });
}

/** node-postgres's words when no connection of the pool came free within `connectionTimeoutMillis`. */
const isPoolWaitTimeout = (error: unknown) => error instanceof Error && /timeout exceeded when trying to connect/i.test(error.message);

/** The dialect, with PostgreSQL's statement timeout (57014) turned into ConsoleQueryTimeout. */
function timeoutsNamed(dialect: Dialect, timeoutMs: number): Dialect {
  const rename = (error: unknown): never => {
    throw isStatementTimeout(error) ? new ConsoleQueryTimeout(timeoutMs) : error;
  };
  const wrap = (connection: DatabaseConnection): DatabaseConnection => ({
    executeQuery: <R>(query: CompiledQuery) => connection.executeQuery<R>(query).catch(rename),
    streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
  });
  const inner = new WeakMap<DatabaseConnection, DatabaseConnection>();
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver(): Driver {
      const driver = dialect.createDriver();
      const original = (connection: DatabaseConnection) => inner.get(connection) ?? connection;
      return {
        init: () => driver.init(),
        async acquireConnection() {
          // Both console connections busy past the pool's wait: as much "too slow" as a statement timeout.
          const connection = await driver.acquireConnection().catch((error: unknown) => {
            throw isPoolWaitTimeout(error) ? new ConsoleQueryTimeout(timeoutMs) : error;
          });
          const wrapped = wrap(connection);
          inner.set(wrapped, connection);
          return wrapped;
        },
        beginTransaction: (connection, settings) => driver.beginTransaction(original(connection), settings),
        commitTransaction: (connection) => driver.commitTransaction(original(connection)),
        rollbackTransaction: (connection) => driver.rollbackTransaction(original(connection)),
        releaseConnection: (connection) => driver.releaseConnection(original(connection)),
        destroy: () => driver.destroy(),
      };
    },
  };
}
