/**
 * One renewal reminder: the mail that tells a customer their access ends soon, with a link back to a
 * pre-filled checkout that renews the same line. Sent only while it can help (the access still runs to the
 * end the reminder was scheduled for, nobody asked us to stop, no newer purchase) and at most once per
 * access, end and lead time, even when the job runs twice. Its line goes on the timeline of the access's
 * latest order (the one the customer would renew).
 */
import { sql } from "kysely";
import { type Language, localizePath } from "../../common/languages";
import { site } from "../../content/site.ts";
import { lockAccess } from "../../server/db/accesses.ts";
import { orderMailLanguage } from "../../server/db/customer-preferences.ts";
import type { Database } from "../../server/db/database.ts";
import { recordOrderEvent } from "../../server/db/order-events.ts";
import { normalizeEmail } from "../../server/db/repositories.ts";
import type { Access, Order } from "../../server/db/schema.ts";
import { liveSubscriptionOfAccess } from "../../server/db/subscriptions.ts";
import { GiveUp } from "../../server/jobs/runner.ts";
import { queueMail } from "../../server/mail/mail-job.ts";
import { REMINDER_MAIL_KIND, renderRenewalReminder } from "../../server/mail/reminder-mail.ts";
import { linkKey, optOutToken, RENEWAL_LINK_DAYS, renewalToken } from "./links.server";
import { hasOptedOut } from "./opt-outs.server";

/** `extended`: a renewal moved the end since the reminder was scheduled (a new one is, for the new end). */
/** `renews-automatically`: the customer hears of the charge instead (app/subscriptions/notice.server.ts). */
export type SkipReason = "revoked" | "extended" | "ended" | "renews-automatically" | "opted-out" | "bought-again";
/** `done-before`: this reminder was already sent or skipped by an earlier run. */
export type ReminderOutcome = "sent" | "done-before" | SkipReason;

export interface ReminderRequest {
  accessId: number;
  /** The end the reminder was scheduled for (ISO-8601 UTC). */
  endsAt: string;
  /** The lead time, in days: one reminder per access, end and lead time. */
  days: number;
}

/** The access's orders that paid for it, latest first: the first is the one a renewal renews. */
async function latestOrderOf(db: Database, accessId: number): Promise<Order | undefined> {
  return db
    .selectFrom("orders")
    .selectAll()
    .where("access_id", "=", accessId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
}

/** Someone who bought another line since needs no reminder for this one: a later paid order of the address. */
async function boughtAgain(db: Database, access: Access, latest: Order): Promise<boolean> {
  const later = await db
    .selectFrom("orders")
    .select("id")
    .where(sql<string>`lower(${sql.ref("email")})`, "=", normalizeEmail(access.email))
    .where("status", "in", ["paid", "fulfilled"])
    .where((where) => where.or([where("access_id", "is", null), where("access_id", "!=", access.id)]))
    .where((where) => where.or([where("renews_access_id", "is", null), where("renews_access_id", "!=", access.id)]))
    .where((where) =>
      where.or([
        where("created_at", ">", latest.created_at),
        where.and([where("created_at", "=", latest.created_at), where("id", ">", latest.id)]),
      ]),
    )
    .executeTakeFirst();
  return later !== undefined;
}

async function skipReason(db: Database, access: Access, latest: Order, request: ReminderRequest, now: Date) {
  if (access.status === "revoked") return "revoked";
  if (access.ends_at !== request.endsAt) return "extended";
  // A runner that was down past the end: "your access ends on <yesterday>" would help no one.
  if (access.status !== "active" || access.ends_at <= now.toISOString()) return "ended";
  if ((await liveSubscriptionOfAccess(db, access.id))?.status === "active") return "renews-automatically";
  if (await hasOptedOut(db, access.email)) return "opted-out";
  if (await boughtAgain(db, access, latest)) return "bought-again";
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

const detailsOf = (details: string | null): { days?: unknown; endsAt?: unknown } => {
  try {
    return (JSON.parse(details ?? "null") as { days?: unknown; endsAt?: unknown } | null) ?? {};
  } catch {
    return {};
  }
};

/** Whether an earlier run sent or skipped this reminder (lines written before ends were recorded count by their order's end). */
async function doneBefore(db: Database, request: ReminderRequest): Promise<boolean> {
  const earlier = await db
    .selectFrom("order_events")
    .innerJoin("orders", "orders.id", "order_events.order_id")
    .select(["order_events.details", "orders.access_ends_at"])
    .where("orders.access_id", "=", request.accessId)
    .where("order_events.type", "in", ["reminder-sent", "reminder-skipped"])
    .execute();
  return earlier.some((event) => {
    const details = detailsOf(event.details);
    return details.days === request.days && (details.endsAt ?? event.access_ends_at) === request.endsAt;
  });
}

/**
 * Sends (queues) the reminder, or records why not, in one transaction with the check that it was not done
 * before: the mail and its `reminder-sent` line are written together, so a run that crashed either left
 * both (and a re-run finds the line) or neither (and a re-run sends).
 */
export async function sendRenewalReminder(
  db: Database,
  request: ReminderRequest,
  now: Date = new Date(),
  key: Buffer | undefined = linkKey(),
): Promise<ReminderOutcome> {
  return db.transaction().execute(async (transaction) => {
    // The access's row lock first: a second run of the job at the same moment waits here, and then finds the
    // first one's timeline line.
    const access = await lockAccess(transaction, request.accessId);
    if (!access) throw new GiveUp(`access ${request.accessId} does not exist`);
    const latest = await latestOrderOf(transaction, access.id);
    if (!latest) throw new GiveUp(`access ${access.reference} has no order`);
    if (await doneBefore(transaction, request)) return "done-before";

    const orderId = latest.id;
    const { days, endsAt } = request;
    const reason = await skipReason(transaction, access, latest, request, now);
    if (reason) {
      await recordOrderEvent(transaction, { orderId, type: "reminder-skipped", actor: "system", details: { days, endsAt, reason } }, now);
      return reason;
    }
    const language = await orderMailLanguage(transaction, latest);
    const input = {
      firstName: latest.first_name,
      planKey: access.plan_key,
      viewers: access.viewers,
      endsAt: new Date(access.ends_at),
      linkDays: RENEWAL_LINK_DAYS,
      ...reminderLinks(latest, language, now, key),
    };
    const mail = renderRenewalReminder(input, language);
    await queueMail(transaction, { kind: REMINDER_MAIL_KIND, to: latest.email, ...mail, orderId }, now);
    await recordOrderEvent(transaction, { orderId, type: "reminder-sent", actor: "system", details: { days, endsAt } }, now);
    return "sent";
  });
}
