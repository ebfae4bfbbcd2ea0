/**
 * The end of an order's keeping: `ORDER_RETENTION_YEARS` after its payment (after its creation for one never
 * paid), an order is nobody's accounting record any more, whether or not its customer ever deleted their
 * account. The daily `retention-sweep` job anonymises it as an erasure would (erasure-plan.ts), scrubs its
 * timeline, and deletes its mails and its invoice and credit notes; an access that ended before the same
 * date loses its details and its address, and an ended subscription of an anonymised order its address, card
 * and processor ids (subscription-erasure.ts). The privacy page states the period. Batches of `batchSize` orders,
 * each in its own transaction, so a first sweep over years of orders never holds the database for long.
 * The sign-in, step-up and trial code mails go once their sign-ins are forgotten (account-housekeeping.ts): the link and
 * code they carried are worthless by then, and each names its address. Every mail deleted here loses its
 * file in the outbox too.
 */
import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { anonymisedOrderChanges, erasedPlaceholder } from "../customer-data/erasure-plan.ts";
import { removeOutboxFiles } from "../mail/outbox-files.ts";
import { ACCOUNT_MAIL_KINDS } from "../mail/sign-in-mail.ts";
import { TRIAL_MAIL_KINDS } from "../mail/trial-mail.ts";
import { SIGN_IN_KEPT_MS } from "./account-housekeeping.ts";
import { scrubTimelines } from "./customer-erasure.ts";
import type { Database } from "./database.ts";
import { deleteMails } from "./mails.ts";
import { sweepSubscriptionsOfForgottenOrders } from "./subscription-erasure.ts";

/** The instant `years` before `now`, in UTC (29 February rolls over as in erasure-plan's `yearsAfter`). */
export function retentionCutoff(now: Date, years: number): string {
  const date = new Date(now);
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return date.toISOString();
}

const stillPersonal = sql<boolean>`(first_name <> '' or email not like '%@erased.invalid')`;

/**
 * Anonymises the orders past their keeping, batch by batch; returns how many orders it anonymised.
 * `outboxDirectory`: MAIL_OUTBOX_DIR, where the deleted mails' files are removed (none without it).
 */
export async function sweepExpiredOrders(
  db: Database,
  {
    retentionYears,
    now = new Date(),
    batchSize = 200,
    maxBatches = 50,
    outboxDirectory,
  }: { retentionYears: number; now?: Date; batchSize?: number; maxBatches?: number; outboxDirectory?: string },
): Promise<number> {
  const cutoff = retentionCutoff(now, retentionYears);
  const mailIds: number[] = [];
  let swept = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const done = await db.transaction().execute(async (transaction) => {
      const orders = await transaction
        .selectFrom("orders")
        .selectAll()
        .where(sql<string>`coalesce(paid_at, created_at)`, "<", cutoff)
        .where(stillPersonal)
        .orderBy("id")
        .limit(batchSize)
        .execute();
      for (const order of orders) mailIds.push(...(await forgetOrder(transaction, order, now)));
      return orders.length;
    });
    swept += done;
    if (done < batchSize) break;
  }
  await forgetEndedAccesses(db, cutoff, now);
  await sweepSubscriptionsOfForgottenOrders(db, () => erasedPlaceholder(randomBytes(6).toString("hex")), now);
  mailIds.push(...(await forgetSignInMails(db, now)));
  if (outboxDirectory) await removeOutboxFiles(outboxDirectory, mailIds);
  return swept;
}

/** The mails that carry a code and an address, and nothing the customer keeps: worthless once the code is. */
const codeMailKinds = [...Object.values(ACCOUNT_MAIL_KINDS), TRIAL_MAIL_KINDS.code, TRIAL_MAIL_KINDS.refused];

/** Sign-in, step-up and trial code mails sent before the sign-ins they belong to are forgotten; returns their ids. */
async function forgetSignInMails(db: Database, now: Date): Promise<number[]> {
  const before = new Date(now.getTime() - SIGN_IN_KEPT_MS).toISOString();
  const mails = await db.selectFrom("mails").select("id").where("kind", "in", codeMailKinds).where("created_at", "<", before).execute();
  const ids = mails.map((mail) => mail.id);
  await deleteMails(db, ids);
  return ids;
}

/** Anonymises one order and deletes its mails and books; returns the ids of the mails deleted. */
async function forgetOrder(db: Database, order: Parameters<typeof scrubTimelines>[1][number], now: Date): Promise<number[]> {
  const at = now.toISOString();
  await scrubTimelines(db, [order], order.email.toLowerCase(), at);
  const placeholder = erasedPlaceholder(randomBytes(6).toString("hex"));
  await db
    .updateTable("orders")
    .set({ ...anonymisedOrderChanges(placeholder), updated_at: at })
    .where("id", "=", order.id)
    .execute();
  const mails = (await db.selectFrom("mails").select("id").where("order_id", "=", order.id).execute()).map((mail) => mail.id);
  await deleteMails(db, mails);
  await db.deleteFrom("credit_notes").where("order_id", "=", order.id).execute();
  await db.deleteFrom("invoices").where("order_id", "=", order.id).execute();
  return mails;
}

/** An access that ended before the cutoff keeps no details and no address; its line and dates stay. */
async function forgetEndedAccesses(db: Database, cutoff: string, now: Date): Promise<void> {
  const ended = await db
    .selectFrom("accesses")
    .select("id")
    .where("ends_at", "<", cutoff)
    .where((where) => where.or([where("details", "is not", null), where("email", "not like", "%@erased.invalid")]))
    .execute();
  for (const { id } of ended) {
    const placeholder = erasedPlaceholder(randomBytes(6).toString("hex"));
    await db
      .updateTable("accesses")
      .set({ email: placeholder, details: null, updated_at: now.toISOString() })
      .where("id", "=", id)
      .execute();
  }
}
