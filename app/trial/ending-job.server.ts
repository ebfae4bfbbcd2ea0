/**
 * The `trial-ending` job: in a free trial's last hours, one mail offering the plans, with a plain checkout
 * link (a one-time payment unless the customer chooses otherwise there: nothing renews by surprise). Sent only
 * while it can help: the trial's line still runs to the end it was scheduled for, and the address has not
 * bought a plan meanwhile.
 */
import { sql } from "kysely";
import { storedLanguage } from "../../common/languages";
import { findAccessById } from "../../server/db/accesses.ts";
import type { Database } from "../../server/db/database.ts";
import type { Job } from "../../server/db/schema.ts";
import { findTrialById, PAID_ORDER_STATUSES } from "../../server/db/trials.ts";
import { GiveUp, type JobHandler } from "../../server/jobs/runner.ts";
import { queueMail } from "../../server/mail/mail-job.ts";
import { renderTrialEndingMail, TRIAL_MAIL_KINDS } from "../../server/mail/trial-mail.ts";
import type { Services } from "../services.server";
import { trialIdOf } from "./started-job.server";

export type TrialEndingOutcome = "sent" | "not-delivered" | "ended" | "moved" | "bought";

function endOf(job: Job): string {
  const { endsAt } = JSON.parse(job.payload) as { endsAt?: unknown };
  if (typeof endsAt !== "string") throw new GiveUp(`job #${job.id} names no end`);
  return endsAt;
}

export async function sendTrialEndingMail(db: Database, trialId: number, endsAt: string, now: Date): Promise<TrialEndingOutcome> {
  const trial = await findTrialById(db, trialId);
  if (trial?.status !== "delivered" || trial.access_id === null) return "not-delivered";
  const access = await findAccessById(db, trial.access_id);
  if (access?.status !== "active" || access.ends_at <= now.toISOString()) return "ended";
  if (access.ends_at !== endsAt) return "moved";
  const paid = await db
    .selectFrom("orders")
    .select("id")
    .where(sql<string>`lower(${sql.ref("email")})`, "=", trial.email)
    .where("status", "in", PAID_ORDER_STATUSES)
    .executeTakeFirst();
  if (paid) return "bought";
  const mail = renderTrialEndingMail(
    { reference: trial.reference, name: trial.name, endsAt: new Date(access.ends_at), viewers: trial.viewers },
    storedLanguage(trial.language),
  );
  await queueMail(db, { kind: TRIAL_MAIL_KINDS.ending, to: trial.email, ...mail }, now);
  return "sent";
}

export function trialEndingHandler(services: () => Promise<Pick<Services, "db" | "wakeMail">>): JobHandler {
  return {
    async run(job, now) {
      const { db, wakeMail } = await services();
      if ((await sendTrialEndingMail(db, trialIdOf(job), endOf(job), now)) === "sent") wakeMail();
    },
  };
}
