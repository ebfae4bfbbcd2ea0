/**
 * One renewal reminder: the mail that tells a customer their access ends soon, with a link back to a
 * pre-filled checkout. Sent only while it can help (the access still runs, nobody asked us to stop, no newer
 * purchase) and at most once per order and lead time, even when the job runs twice.
 */
import { sql } from "kysely";
import { defaultLanguage, isLanguage, type Language, localizePath } from "../../common/languages";
import { site } from "../../content/site.ts";
import type { Database } from "../../server/db/database.ts";
import { recordOrderEvent } from "../../server/db/order-events.ts";
import { findOrderById, normalizeEmail } from "../../server/db/repositories.ts";
import type { Order } from "../../server/db/schema.ts";
import { GiveUp } from "../../server/jobs/runner.ts";
import { queueMail } from "../../server/mail/mail-job.ts";
import { REMINDER_MAIL_KIND, renderRenewalReminder } from "../../server/mail/reminder-mail.ts";
import { linkKey, optOutToken, RENEWAL_LINK_DAYS, renewalToken } from "./links.server";
import { hasOptedOut } from "./opt-outs.server";

export type SkipReason = Exclude<Order["status"], "fulfilled"> | "ended" | "opted-out" | "bought-again";
/** `done-before`: this order's reminder for this lead time was already sent or skipped by an earlier run. */
export type ReminderOutcome = "sent" | "done-before" | SkipReason;

export interface ReminderRequest {
  orderId: number;
  /** The lead time, in days: one reminder per order and lead time. */
  days: number;
}

/** Someone who bought again needs no reminder: a later order of the same address that was paid or delivered. */
async function boughtAgain(db: Database, order: Order): Promise<boolean> {
  const later = await db
    .selectFrom("orders")
    .select("id")
    .where(sql<string>`lower(${sql.ref("email")})`, "=", normalizeEmail(order.email))
    .where("status", "in", ["paid", "fulfilled"])
    .where((where) =>
      where.or([
        where("created_at", ">", order.created_at),
        where.and([where("created_at", "=", order.created_at), where("id", ">", order.id)]),
      ]),
    )
    .executeTakeFirst();
  return later !== undefined;
}

async function skipReason(db: Database, order: Order, now: Date): Promise<SkipReason | undefined> {
  if (order.status !== "fulfilled") return order.status;
  // A runner that was down past the end: "your access ends on <yesterday>" would help no one.
  if (!order.access_ends_at || order.access_ends_at <= now.toISOString()) return "ended";
  if (await hasOptedOut(db, order.email)) return "opted-out";
  if (await boughtAgain(db, order)) return "bought-again";
  return undefined;
}

/** The reminder's two links, on the site's public origin and in the customer's language. */
function reminderLinks(order: Pick<Order, "id" | "email">, language: Language, now: Date, key: Buffer | undefined) {
  const link = (path: string, query: string) => new URL(`${localizePath(path, language)}?${query}`, site.brand.origin).href;
  return {
    renewUrl: link("/checkout", `renew=${renewalToken(order.id, now, key)}`),
    unsubscribeUrl: link("/reminders/unsubscribe", `token=${optOutToken(order.email, key)}`),
  };
}

const daysIn = (details: string | null): unknown => {
  try {
    return (JSON.parse(details ?? "null") as { days?: unknown } | null)?.days;
  } catch {
    return undefined;
  }
};

/**
 * Sends (queues) the reminder, or records why not, in one transaction with the check that it was not done
 * before: the mail and its `reminder-sent` line are written together, so a run that crashed either left
 * both (and a re-run finds the line) or neither (and a re-run sends).
 */
export async function sendRenewalReminder(
  db: Database,
  { orderId, days }: ReminderRequest,
  now: Date = new Date(),
  key: Buffer | undefined = linkKey(),
): Promise<ReminderOutcome> {
  return db.transaction().execute(async (transaction) => {
    // Writing the row first takes its lock (PostgreSQL) or the database's (SQLite): a second run of the job at
    // the same moment waits here, and then finds the first one's timeline line.
    await transaction
      .updateTable("orders")
      .set((set) => ({ updated_at: set.ref("updated_at") }))
      .where("id", "=", orderId)
      .execute();
    const order = await findOrderById(transaction, orderId);
    if (!order) throw new GiveUp(`order ${orderId} does not exist`);
    const earlier = await transaction
      .selectFrom("order_events")
      .select("details")
      .where("order_id", "=", orderId)
      .where("type", "in", ["reminder-sent", "reminder-skipped"])
      .execute();
    if (earlier.some((event) => daysIn(event.details) === days)) return "done-before";

    const reason = await skipReason(transaction, order, now);
    if (reason) {
      await recordOrderEvent(transaction, { orderId, type: "reminder-skipped", actor: "system", details: { days, reason } }, now);
      return reason;
    }
    const language = isLanguage(order.language) ? order.language : defaultLanguage;
    const input = {
      firstName: order.first_name,
      planKey: order.plan_key,
      viewers: order.viewers,
      endsAt: new Date(order.access_ends_at ?? now),
      linkDays: RENEWAL_LINK_DAYS,
      ...reminderLinks(order, language, now, key),
    };
    const mail = renderRenewalReminder(input, language);
    await queueMail(transaction, { kind: REMINDER_MAIL_KIND, to: order.email, ...mail, orderId }, now);
    await recordOrderEvent(transaction, { orderId, type: "reminder-sent", actor: "system", details: { days } }, now);
    return "sent";
  });
}
