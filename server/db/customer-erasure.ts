/**
 * "Delete my account" in the database: everything the shop holds about an address erased or anonymised, in
 * one transaction, except what accounting obliges the operator to keep (server/customer-data/erasure-plan.ts
 * decides, per order). Returns counts and the kept orders' references, never a personal value, for the
 * audit log.
 */
import { randomBytes } from "node:crypto";
import { PostgresAdapter, sql } from "kysely";
import {
  anonymisedOrderChanges,
  erasedPlaceholder,
  keptOrderChanges,
  planOrder,
  scrubEventDetails,
} from "../customer-data/erasure-plan.ts";
import { JOB_KINDS } from "../jobs/enqueue.ts";
import { logger } from "../logger.ts";
import { MAIL_KINDS } from "../mail/templates.ts";
import type { Database } from "./database.ts";
import { deleteMails } from "./mails.ts";
import { normalizeEmail } from "./newsletter.ts";
import type { Order } from "./schema.ts";
import { eraseSubscriptions } from "./subscription-erasure.ts";

export interface ErasureSummary {
  /** References of the paid orders kept for accounting (name and postal address only). */
  ordersKept: string[];
  ordersAnonymised: number;
  /** Invoices and credit notes of the orders anonymised: past their retention, they are no one's record. */
  documentsDeleted: number;
  accesses: number;
  /** Subscriptions ended (a Stripe one cancelled by a `subscription-cancel` job) and anonymised. */
  subscriptions: number;
  timelineLines: number;
  mails: number;
  /** The mails deleted: their files in the outbox go once the erasure is committed (outbox-files.ts). */
  mailIds: number[];
  contactMessages: number;
  newsletter: number;
  reminderOptOut: number;
  preferences: number;
  signIns: number;
  sessions: number;
  /** Free trials of the address, deleted: the address may then have another (decision 0026). */
  trials: number;
}

const count = (result: { numDeletedRows: bigint } | { numUpdatedRows: bigint }) =>
  Number("numDeletedRows" in result ? result.numDeletedRows : result.numUpdatedRows);

const isSqlite = (db: Database) => !(db.getExecutor().adapter instanceof PostgresAdapter);

const lowerEmail = (column: "email" | "to_address") => sql<string>`lower(${sql.ref(column)})`;

/** Erases the address (`retentionYears`: ORDER_RETENTION_YEARS). Safe to run twice: the second finds nothing. */
export async function eraseCustomer(
  db: Database,
  address: string,
  { retentionYears, now = new Date() }: { retentionYears: number; now?: Date },
): Promise<ErasureSummary> {
  // On SQLite the connection overwrites deleted content with zeros (secure_delete, set when the file is
  // opened: sqlite-dialect.ts), and forgetErasedPages then empties the write-ahead log.
  const erase = (transaction: Database) => eraseRows(transaction, normalizeEmail(address), retentionYears, now);
  return db.isTransaction ? erase(db) : db.transaction().execute(erase);
}

/**
 * After the erasure's commit, on SQLite: the write-ahead log still holds earlier copies of the erased rows'
 * pages. A truncating checkpoint writes the zeroed pages into the database file and empties the log.
 * Nothing to do on PostgreSQL, whose dead rows go at its next vacuum.
 */
export async function forgetErasedPages(db: Database): Promise<void> {
  if (!isSqlite(db)) return;
  // A checkpoint cannot pass a reader still on an older snapshot (another process reading the file, say): it
  // then says `busy` and leaves the old pages in the file. Asked again a moment later, it finishes; the
  // answer waits for the first two seconds of that, then the asking goes on behind it for a minute.
  if (await checkpointWithin(db, 2_000)) return;
  void checkpointWithin(db, 60_000).then((done) => {
    if (!done) logger.warn("An erasure's checkpoint stayed busy for a minute: the erased bytes leave the file at a later one");
  });
}

async function checkpointWithin(db: Database, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      const { rows } = await sql<{ busy: number }>`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
      if (rows[0]?.busy === 0) return true;
    } catch (error) {
      logger.warn({ reason: (error as Error).message }, "An erasure's checkpoint failed");
      return false;
    }
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function eraseRows(db: Database, email: string, retentionYears: number, now: Date): Promise<ErasureSummary> {
  const at = now.toISOString();
  const placeholder = erasedPlaceholder(randomBytes(6).toString("hex"));
  const orders = await db.selectFrom("orders").selectAll().where(lowerEmail("email"), "=", email).execute();
  const orderIds = orders.map((order) => order.id);
  const accessIds = (await db.selectFrom("accesses").select("id").where("email", "=", email).execute()).map((row) => row.id);

  const timelineLines = await scrubTimelines(db, orders, email, at);
  const ordersKept: string[] = [];
  const keptIds: number[] = [];
  const anonymised: number[] = [];
  for (const order of orders) {
    const fate = planOrder(order, retentionYears, now);
    if (fate.fate === "keep-for-accounting") {
      ordersKept.push(order.reference);
      keptIds.push(order.id);
    } else anonymised.push(order.id);
    const changes = fate.fate === "keep-for-accounting" ? keptOrderChanges(placeholder) : anonymisedOrderChanges(placeholder);
    await db
      .updateTable("orders")
      .set({ ...changes, updated_at: at })
      .where("id", "=", order.id)
      .execute();
  }
  // Their invoices name the buyer and outlived the years they are kept for (an unpaid order has none).
  const documentsDeleted = anonymised.length
    ? count(await db.deleteFrom("credit_notes").where("order_id", "in", anonymised).executeTakeFirst()) +
      count(await db.deleteFrom("invoices").where("order_id", "in", anonymised).executeTakeFirst())
    : 0;
  const accesses = accessIds.length
    ? count(
        await db
          .updateTable("accesses")
          .set({ email: placeholder, details: null, updated_at: at })
          .where("id", "in", accessIds)
          .executeTakeFirst(),
      )
    : 0;
  const subscriptions = await eraseSubscriptions(db, { email, orderIds, keptOrderIds: keptIds, placeholder, now });
  await dropPendingReminders(db, orderIds, accessIds);
  const mailIds = await mailsOf(db, email, orderIds);
  const mails = await deleteMails(db, mailIds);

  const remove = async (table: "contact_messages" | "newsletter_subscribers" | "reminder_opt_outs" | "customer_preferences") =>
    count(await db.deleteFrom(table).where(lowerEmail("email"), "=", email).executeTakeFirst());
  const contactMessages = await remove("contact_messages");
  const newsletter = await remove("newsletter_subscribers");
  const reminderOptOut = await remove("reminder_opt_outs");
  const preferences = await remove("customer_preferences");
  const signIns = count(await db.deleteFrom("customer_sign_ins").where("email", "=", email).executeTakeFirst());
  // Deleted rather than ended: a session row keeps the client address it signed in from.
  const sessions = count(await db.deleteFrom("customer_sessions").where("email", "=", email).executeTakeFirst());
  const trials = count(await db.deleteFrom("trials").where("email", "=", email).executeTakeFirst());

  return {
    ordersKept,
    ordersAnonymised: orders.length - ordersKept.length,
    documentsDeleted,
    accesses,
    subscriptions,
    timelineLines,
    mails,
    mailIds,
    contactMessages,
    newsletter,
    reminderOptOut,
    preferences,
    signIns,
    sessions,
    trials,
  };
}

/** The orders' timeline lines lose what identifies the customer (a reveal's client address, say); the lines stay. */
export async function scrubTimelines(db: Database, orders: Order[], email: string, at: string): Promise<number> {
  let changed = 0;
  for (const order of orders) {
    const personal = [email, `${order.first_name} ${order.last_name}`, order.first_name, order.last_name, order.phone];
    if (order.client_address) personal.push(order.client_address);
    const lines = await db
      .selectFrom("order_events")
      .select(["id", "details"])
      .where("order_id", "=", order.id)
      .where("details", "is not", null)
      .execute();
    for (const line of lines) {
      const scrubbed = scrubEventDetails(line.details, personal);
      if (scrubbed === line.details) continue;
      await db.updateTable("order_events").set({ details: scrubbed, updated_at: at }).where("id", "=", line.id).execute();
      changed++;
    }
  }
  return changed;
}

/** Reminders not sent yet would go to the placeholder: the customer asked for nothing more. */
async function dropPendingReminders(db: Database, orderIds: number[], accessIds: number[]): Promise<void> {
  if (orderIds.length === 0 && accessIds.length === 0) return;
  const pending = await db
    .selectFrom("jobs")
    .select(["id", "payload"])
    .where("kind", "=", JOB_KINDS.renewalReminder)
    .where("done_at", "is", null)
    .where("failed_at", "is", null)
    .execute();
  const concerned = pending.filter((job) => {
    const payload = JSON.parse(job.payload) as { orderId?: number; accessId?: number };
    return orderIds.includes(payload.orderId ?? -1) || accessIds.includes(payload.accessId ?? -1);
  });
  if (concerned.length > 0) {
    await db
      .deleteFrom("jobs")
      .where(
        "id",
        "in",
        concerned.map((job) => job.id),
      )
      .execute();
  }
}

/**
 * Mails to the address, mails about its orders (the operator's alerts name the customer), and the operator's
 * copies of its contact messages: the shop keeps no copy of what it wrote to or about them.
 */
async function mailsOf(db: Database, email: string, orderIds: number[]): Promise<number[]> {
  const addressed = await db
    .selectFrom("mails")
    .select("id")
    .where((where) => {
      const toAddress = where(lowerEmail("to_address"), "=", email);
      return orderIds.length ? where.or([toAddress, where("order_id", "in", orderIds)]) : toAddress;
    })
    .execute();
  const copies = await db.selectFrom("mails").select(["id", "body_text"]).where("kind", "=", MAIL_KINDS.contactNotification).execute();
  return [
    ...new Set([
      ...addressed.map((mail) => mail.id),
      ...copies.filter((mail) => mail.body_text.toLowerCase().includes(email)).map((mail) => mail.id),
    ]),
  ];
}
