/**
 * Writing planned rows fast, on either database through the same Kysely connection: multi-row INSERTs
 * (PostgreSQL: `unnest` of one array per column) in one transaction, the tables' secondary indexes dropped
 * before and rebuilt after (from their own definitions, so whatever indexes the migrations made come back
 * as they were), then fresh statistics.
 * SQLite writes without a journal or fsync while it seeds and gets its WAL and NORMAL sync back after.
 */
import { CompiledQuery, type Kysely } from "kysely";
import type { Database, DialectName } from "../../server/db/database.ts";
import type { TableRows } from "./seed-rows.ts";

type Connection = Pick<Kysely<unknown>, "executeQuery">;
const run = (connection: Connection, text: string, parameters: readonly unknown[] = []) =>
  connection.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text, [...parameters]));

/** Rows per INSERT: within each database's limit of bound parameters. */
export function batchRows(dialect: DialectName, columns: number): number {
  return dialect === "sqlite" ? Math.min(500, Math.floor(30_000 / columns)) : Math.min(2000, Math.floor(60_000 / columns));
}

/** `insert into t (a, b) values (?, ?), (?, ?)` (PostgreSQL: `$1, $2`, …). */
export function insertStatement(dialect: DialectName, table: string, columns: readonly string[], rows: number): string {
  let parameter = 0;
  const placeholder = dialect === "sqlite" ? () => "?" : () => `$${++parameter}`;
  const tuples = Array.from({ length: rows }, () => `(${columns.map(placeholder).join(", ")})`);
  return `insert into ${table} (${columns.join(", ")}) values ${tuples.join(", ")}`;
}

async function secondaryIndexes(
  connection: Connection,
  dialect: DialectName,
  tables: string[],
): Promise<{ name: string; definition: string }[]> {
  const names = tables.map((table) => `'${table}'`).join(", ");
  const found =
    dialect === "sqlite"
      ? await run(
          connection,
          `select name, sql as definition from sqlite_master where type = 'index' and sql is not null and tbl_name in (${names})`,
        )
      : await run(
          connection,
          `select indexname as name, indexdef as definition from pg_indexes i where schemaname = current_schema() and tablename in (${names})
           and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
        );
  return found.rows.map((row) => ({ name: String(row.name), definition: String(row.definition) }));
}

/** Each column's element type on PostgreSQL (`int4`, `text`, …), for the arrays of `unnest`. */
async function columnTypes(connection: Connection, table: string, columns: readonly string[]): Promise<string[]> {
  const found = await run(
    connection,
    `select column_name as name, udt_name as type from information_schema.columns where table_schema = current_schema() and table_name = '${table}'`,
  );
  const types = new Map(found.rows.map((row) => [String(row.name), String(row.type)]));
  return columns.map((column) => {
    const type = types.get(column);
    if (!type) throw new Error(`${table} has no column ${column}`);
    return type;
  });
}

/**
 * PostgreSQL: one array per column and `insert … select * from unnest(…)`, thousands of rows a statement
 * with a handful of parameters (a VALUES list that long costs more to parse than to insert).
 */
async function insertAllPostgres(connection: Connection, { table, columns, rows }: TableRows): Promise<number> {
  const types = await columnTypes(connection, table, columns);
  const arrays = types.map((type, index) => `$${index + 1}::${type}[]`).join(", ");
  const statement = `insert into ${table} (${columns.join(", ")}) select * from unnest(${arrays})`;
  const size = 5000;
  let batch: unknown[][] = columns.map(() => []);
  let count = 0;
  for (const row of rows) {
    for (const [index, value] of row.entries()) batch[index]?.push(value);
    if (++count % size === 0) {
      await run(connection, statement, batch);
      batch = columns.map(() => []);
    }
  }
  if (count % size > 0) await run(connection, statement, batch);
  return count;
}

async function insertAll(connection: Connection, dialect: DialectName, entry: TableRows): Promise<number> {
  if (dialect === "postgres") return insertAllPostgres(connection, entry);
  const { table, columns, rows } = entry;
  const size = batchRows(dialect, columns.length);
  const full = insertStatement(dialect, table, columns, size);
  let batch: unknown[] = [];
  let count = 0;
  const flush = async (statement: string) => {
    await run(connection, statement, batch);
    batch = [];
  };
  for (const row of rows) {
    for (const value of row) batch.push(value);
    if (++count % size === 0) await flush(full);
  }
  if (batch.length > 0) await flush(insertStatement(dialect, table, columns, count % size));
  return count;
}

/** Adds rows to a live database in one transaction (indexes and settings left as they are). */
export async function appendRows(db: Database, dialect: DialectName, entry: TableRows): Promise<number> {
  return db.connection().execute(async (connection) => {
    await run(connection, "begin");
    try {
      const count = await insertAll(connection, dialect, entry);
      await run(connection, "commit");
      return count;
    } catch (error) {
      await run(connection, "rollback").catch(() => {});
      throw error;
    }
  });
}

/**
 * Writes every table (in order), returns the rows written per table. On PostgreSQL the tables' own triggers
 * are off meanwhile, and `recount` then sets what they keep (tallies, totals) from the rows: a row trigger
 * that updates one counter row for each of 600,000 inserts in one transaction leaves 600,000 versions of that
 * row, each update finding the last one along the chain, so the write never ends. SQLite updates in place.
 */
export async function writeTables(
  db: Database,
  dialect: DialectName,
  tables: TableRows[],
  { log = () => {}, recount = async () => {} }: { log?: (line: string) => void; recount?: (db: Kysely<unknown>) => Promise<void> } = {},
): Promise<Record<string, number>> {
  return db.connection().execute(async (connection) => {
    const sqlite = dialect === "sqlite";
    if (sqlite) {
      for (const pragma of ["synchronous = OFF", "journal_mode = MEMORY", "cache_size = -400000", "secure_delete = OFF"])
        await run(connection, `pragma ${pragma}`);
    } else {
      await run(connection, "set statement_timeout = 0");
      await run(connection, "set synchronous_commit = off");
    }
    const indexes = await secondaryIndexes(
      connection,
      dialect,
      tables.map((entry) => entry.table),
    );
    for (const index of indexes) await run(connection, `drop index ${index.name}`);
    const written: Record<string, number> = {};
    try {
      await run(connection, "begin");
      const triggers = (change: "enable" | "disable") =>
        Promise.all(
          [...new Set(tables.map(({ table }) => table))].map((table) => run(connection, `alter table ${table} ${change} trigger user`)),
        );
      if (!sqlite) await triggers("disable");
      for (const entry of tables) {
        const started = Date.now();
        written[entry.table] = (written[entry.table] ?? 0) + (await insertAll(connection, dialect, entry));
        log(`  ${entry.table}: ${written[entry.table]} rows in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      }
      if (!sqlite) {
        await triggers("enable");
        const started = Date.now();
        await recount(connection as unknown as Kysely<unknown>);
        log(`  what the triggers keep, counted in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      }
      await run(connection, "commit");
    } catch (error) {
      await run(connection, "rollback").catch(() => {});
      throw error;
    } finally {
      const started = Date.now();
      for (const index of indexes) await run(connection, index.definition);
      log(`  ${indexes.length} indexes rebuilt in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    if (!sqlite) {
      for (const entry of tables.filter((table) => table.explicitIds)) {
        await run(
          connection,
          `select setval(pg_get_serial_sequence('${entry.table}', 'id'), coalesce((select max(id) from ${entry.table}), 1))`,
        );
      }
    }
    const started = Date.now();
    // The planner needs statistics; SQLite reads a sample of each index (as `PRAGMA optimize` would).
    if (sqlite) await run(connection, "pragma analysis_limit = 2000");
    await run(connection, "analyze");
    log(`  statistics (ANALYZE) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    if (sqlite) {
      for (const pragma of ["journal_mode = WAL", "synchronous = NORMAL", "secure_delete = ON", "cache_size = -2000"])
        await run(connection, `pragma ${pragma}`);
    }
    return written;
  });
}
