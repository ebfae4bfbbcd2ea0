/**
 * The suite's own view of the site's database (the same one the server uses): emptied before the run,
 * counted and read afterwards to compare with what the server answered.
 */
import { closeDatabase, type Database, migrateToLatest, openDatabase } from "../../server/db/database.ts";
import { type MailWithState, mailsWithState } from "../../server/db/mails.ts";
import type { Order } from "../../server/db/schema.ts";

export type { Database };

/** Every table the site writes to. */
export const siteTables = ["orders", "contact_messages", "newsletter_subscribers", "mails"] as const;
export type SiteTable = (typeof siteTables)[number];
export type RowCounts = Record<SiteTable, number>;

/** Opens the database and brings its schema up to date (the server would do the same on its first form). */
export async function openSiteDatabase(target: { url?: string; sqliteFile?: string }): Promise<Database> {
  const { db, dialect } = openDatabase({ url: target.url, sqliteFile: target.sqliteFile, postgresPoolMax: 2 });
  try {
    await migrateToLatest(db, dialect);
  } catch (error) {
    await closeDatabase(db);
    throw error;
  }
  return db;
}

/**
 * Every table a run fills, in an order that deletes rows before those they refer to (an order's timeline
 * before the order).
 */
const emptiedTables = [
  "order_events",
  "jobs",
  "payment_events",
  "test_gateway_payments",
  "rate_limit_counters",
  "reminder_opt_outs",
  "subscriptions",
  "test_gateway_cards",
  "trial_connections",
  "trials",
  "customer_sign_ins",
  ...siteTables,
  "accesses",
] as const;

/** Deletes every row the site stored, so each figure counts this run only. */
export async function emptySiteTables(db: Database): Promise<void> {
  for (const table of emptiedTables) await db.deleteFrom(table).execute();
}

export async function rowCounts(db: Database): Promise<RowCounts> {
  const counts = {} as RowCounts;
  for (const table of siteTables) {
    const row = await db
      .selectFrom(table)
      .select((select) => select.fn.countAll().as("count"))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.count);
  }
  return counts;
}

export function allOrders(db: Database): Promise<Order[]> {
  return db.selectFrom("orders").selectAll().execute();
}

/** Every mail with its job's state: sent, failed attempts, last error. */
export function allMails(db: Database): Promise<MailWithState[]> {
  return mailsWithState(db);
}

export { closeDatabase };
