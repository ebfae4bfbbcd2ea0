/**
 * "Send them to me again": the "Your access" mail, rendered afresh from the access (its current details and
 * period) in the customer's mail language, sealed like every mail that carries details. At most once per 10
 * minutes per access, counted in the database so every server shares the count: a fixed-window counter
 * makes simultaneous clicks send once, and the last resend on the timeline covers the window's edge.
 */
import { defaultLanguage, isLanguage } from "../../../common/languages";
import { mailLanguageFor } from "../../../server/db/customer-preferences.ts";
import type { Database } from "../../../server/db/database.ts";
import { recordOrderEvent } from "../../../server/db/order-events.ts";
import { countAttempt } from "../../../server/db/rate-limits.ts";
import type { Access } from "../../../server/db/schema.ts";
import { AFTER_SALE_MAIL_KINDS, renderAccessMail } from "../../../server/mail/access-mail.ts";
import { queueMail } from "../../../server/mail/mail-job.ts";
import type { Services } from "../../services.server";
import { creatingOrder } from "./find.server";
import { openDetails } from "./reveal.server";

export const RESEND_EVERY_MS = 10 * 60_000;
const RESENT_EVENT = "mail-resent";

export type ResendOutcome = { outcome: "sent" } | { outcome: "too-soon" } | { outcome: "revoked" } | { outcome: "unavailable" };

async function resentRecently(db: Database, orderId: number, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - RESEND_EVERY_MS).toISOString();
  const row = await db
    .selectFrom("order_events")
    .select("id")
    .where("order_id", "=", orderId)
    .where("type", "=", RESENT_EVENT)
    .where("actor", "=", "customer")
    .where("created_at", ">", since)
    .executeTakeFirst();
  return row !== undefined;
}

export async function resendAccessMail(
  services: Pick<Services, "db" | "wakeMail">,
  { access, key }: { access: Access; key: Buffer | undefined },
  now: Date = new Date(),
): Promise<ResendOutcome> {
  const { db } = services;
  if (access.status === "revoked") return { outcome: "revoked" };
  const details = openDetails(key, access.details);
  const order = await creatingOrder(db, access);
  if (!details || !key || !order) return { outcome: "unavailable" };
  const first = (await countAttempt(db, `account-access-mail:${access.id}`, { windowMs: RESEND_EVERY_MS, now })) === 1;
  if (!first || (await resentRecently(db, order.id, now))) return { outcome: "too-soon" };

  const fallback = isLanguage(order.language) ? order.language : defaultLanguage;
  const language = await mailLanguageFor(db, access.email, fallback);
  const period = { startsAt: new Date(access.starts_at), endsAt: new Date(access.ends_at) };
  const mail = renderAccessMail({ reference: access.reference, firstName: order.first_name, details, ...period }, language);
  await db.transaction().execute(async (transaction) => {
    const message = { kind: AFTER_SALE_MAIL_KINDS.access, to: access.email, ...mail, orderId: order.id, sealWith: key };
    const queued = await queueMail(transaction, message, now);
    const event = { orderId: order.id, type: RESENT_EVENT, actor: "customer", details: { copyId: queued.id, kind: queued.kind } };
    await recordOrderEvent(transaction, event, now);
  });
  services.wakeMail();
  return { outcome: "sent" };
}
