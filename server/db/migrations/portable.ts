/**
 * The few column definitions that SQLite and PostgreSQL spell differently, so every migration file
 * stays one file for both databases. Everything else in a migration uses types both understand:
 * `integer`, `text`, check constraints, unique and partial indexes.
 */
import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter } from "kysely";

export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * An integer primary key the database assigns: on SQLite `integer primary key` (an alias of the rowid),
 * on PostgreSQL an identity column.
 */
export function idColumn(db: Kysely<unknown>): (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder {
  return isPostgres(db) ? (column) => column.generatedByDefaultAsIdentity().primaryKey() : (column) => column.primaryKey();
}

/** ISO-8601 UTC text (see schema.ts for why text rather than a native timestamp type). */
export const timestampType = "text";
