/** What a backup and a restore's check report of a database: its counts, its books' numbering, its schema. */
import { sql } from "kysely";
import type { Database } from "../db/database.ts";
import { checkNumbering, isUnbroken } from "../db/numbering-check.ts";
import type { TableCounts } from "./manifest.ts";

export interface DatabaseReport {
  counts: TableCounts;
  numberingUnbroken: boolean;
  /** The last migration applied, e.g. "022_mails_kind_created". */
  migration: string;
}

async function count(db: Database, table: "orders" | "invoices" | "credit_notes" | "accesses" | "subscriptions"): Promise<number> {
  const row = await db.selectFrom(table).select(sql<number>`count(*)`.as("count")).executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function inspectDatabase(db: Database): Promise<DatabaseReport> {
  const migrations = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(db);
  const counts = {
    orders: await count(db, "orders"),
    invoices: await count(db, "invoices"),
    creditNotes: await count(db, "credit_notes"),
    accesses: await count(db, "accesses"),
    subscriptions: await count(db, "subscriptions"),
  };
  const numberingUnbroken = (await checkNumbering(db)).every(isUnbroken);
  return { counts, numberingUnbroken, migration: migrations.rows[0]?.name ?? "none" };
}

/** The migration's number, "022", that names an archive. */
export const schemaNumber = (migration: string) => /^\d+/.exec(migration)?.[0] ?? "000";
