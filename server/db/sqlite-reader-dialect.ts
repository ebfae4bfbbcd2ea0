/**
 * A Kysely dialect whose statements run in the SQLite reader processes (sqlite-reader-pool.ts): queries are
 * compiled here, as for the main dialect, and only their execution moves. For reads only: a transaction or a
 * stream is refused (the console's writes, its audit lines among them, go through the main `db`).
 */
import {
  type CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from "kysely";
import { toInputValues } from "./sqlite-dialect.ts";
import type { SqliteReaderPool } from "./sqlite-reader-pool.ts";

const readsOnly = () => new Error("The console reader only reads: write, and use transactions, through the main database");

class ReaderConnection implements DatabaseConnection {
  private readonly pool: SqliteReaderPool;
  constructor(pool: SqliteReaderPool) {
    this.pool = pool;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const rows = await this.pool.read(query.sql, toInputValues(query.parameters));
    return { rows: rows as R[] };
  }

  // biome-ignore lint/correctness/useYield: streaming is refused; the exports read in batches instead
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw readsOnly();
  }
}

class ReaderDriver implements Driver {
  private readonly pool: SqliteReaderPool;
  private readonly connection: ReaderConnection;
  constructor(pool: SqliteReaderPool) {
    this.pool = pool;
    this.connection = new ReaderConnection(pool);
  }
  async init() {}
  // Every statement goes to whichever reader is free: one connection object serves them all.
  async acquireConnection() {
    return this.connection;
  }
  async beginTransaction() {
    throw readsOnly();
  }
  async commitTransaction() {
    throw readsOnly();
  }
  async rollbackTransaction() {
    throw readsOnly();
  }
  async releaseConnection() {}
  async destroy() {
    this.pool.close();
  }
}

export class SqliteReaderDialect implements Dialect {
  private readonly pool: SqliteReaderPool;
  constructor(pool: SqliteReaderPool) {
    this.pool = pool;
  }
  createAdapter(): DialectAdapter {
    return new SqliteAdapter();
  }
  createDriver(): Driver {
    return new ReaderDriver(this.pool);
  }
  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}
