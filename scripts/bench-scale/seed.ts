/**
 * `seedScale`: a shop a few years in, written to an opened database (the real migrations first). Used by the
 * scale bench at full size and by tests at a few thousand orders, on SQLite and PostgreSQL alike.
 */
import { type Kysely, sql } from "kysely";
import { type Database, type DialectName, migrateToLatest } from "../../server/db/database.ts";
import { countTallies } from "../../server/db/migrations/018_tallies.ts";
import { addUpMonthTaxTotals } from "../../server/db/migrations/020_month_tax_totals.ts";
import { booksTables } from "./seed-books.ts";
import { extraTables } from "./seed-extras.ts";
import { seededRandom } from "./seed-random.ts";
import { shopTables } from "./seed-rows.ts";
import { planShop } from "./seed-shop.ts";
import type { ScaleSizes } from "./seed-sizes.ts";
import { timelineTables } from "./seed-timeline.ts";
import { writeTables } from "./seed-write.ts";

export interface SeedTarget {
  db: Database;
  dialect: DialectName;
}

export interface SeedOptions {
  /** The end of the shop's history; default now (accesses active or ending soon are relative to it). */
  now?: Date;
  /** The random seed: the same one gives the same shop. */
  seed?: number;
  /** The server's ACCESS_ENCRYPTION_KEY: access details are sealed with it; without one they are left null. */
  accessKey?: Buffer | null;
  log?: (line: string) => void;
}

export interface SeedSummary {
  rows: Record<string, number>;
  seconds: number;
}

/** Seeds an empty database (refuses one that has orders: it never adds to a real shop). */
export async function seedScale(target: SeedTarget, sizes: ScaleSizes, options: SeedOptions = {}): Promise<SeedSummary> {
  const started = Date.now();
  const log = options.log ?? (() => {});
  await migrateToLatest(target.db, target.dialect);
  const existing = await sql<{ count: number | string }>`select count(*) as count from orders`.execute(target.db);
  if (Number(existing.rows[0]?.count ?? 0) > 0) throw new Error("seedScale: the database already has orders; seed an empty one");
  const random = seededRandom(options.seed ?? 22);
  const shop = planShop(random, sizes, (options.now ?? new Date()).getTime());
  log(`  planned ${shop.orders.length} orders, ${shop.lines.length} accesses in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const tables = [
    ...shopTables(shop, options.accessKey ?? null, random),
    ...booksTables(shop),
    ...timelineTables(shop, sizes, random),
    ...extraTables(shop, sizes, random),
  ];
  const recount = async (db: Kysely<unknown>) => {
    await countTallies(db);
    await addUpMonthTaxTotals(db);
  };
  const rows = await writeTables(target.db, target.dialect, tables, { log, recount });
  return { rows, seconds: (Date.now() - started) / 1000 };
}
