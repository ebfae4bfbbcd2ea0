/**
 * Step 1 of the free trial: the limits, then a request recorded and a mail queued, in one transaction. The page
 * must not tell who has paid or had a trial, in its words or in the time it takes, so every address gets the
 * same work and the same answer (the code step): the mail says the rest, a code to an address that may have a
 * trial, why not to one that may not (decision 0026). What the page may say is about the visitor, never the
 * address: their connection had a trial in the last 30 days, or asked too often.
 */
import type { Language } from "../../common/languages";
import { site } from "../../content/site";
import type { Database } from "../../server/db/database.ts";
import { connectionRefusal, mailboxRefusal, recordTrialRequest } from "../../server/db/trials.ts";
import { queueMail } from "../../server/mail/mail-job.ts";
import { renderTrialCodeMail, renderTrialRefusedMail, TRIAL_MAIL_KINDS } from "../../server/mail/trial-mail.ts";
import type { TrialValues } from "./form";
import { trialLimits } from "./limits.server";

export type RequestOutcome = "mailed" | "client-limited" | "mail-limited" | { refused: "address" };

export async function requestTrial(
  db: Database,
  request: { values: TrialValues; language: Language; clientAddress: string },
  sealWith: Buffer | undefined,
  now: Date = new Date(),
): Promise<RequestOutcome> {
  const { values, language, clientAddress } = request;
  if (!(await trialLimits.requestFrom(db, clientAddress, now))) return "client-limited";
  if (await connectionRefusal(db, clientAddress, now)) return { refused: "address" };
  if (!(await trialLimits.mailTo(db, values.email, now))) return "mail-limited";
  const eligible = !(await mailboxRefusal(db, values.email));
  const { hours, viewers } = site.trial;
  await db.transaction().execute(async (transaction) => {
    // Recorded for every address, with a code nobody is told when the mail says no: the code step then
    // answers every address's guesses alike (wrong, then void).
    const { trial, code } = await recordTrialRequest(
      transaction,
      { ...values, language, clientAddress, hours, viewers: viewers as 1 | 2 | 3 },
      now,
    );
    const mail = eligible ? renderTrialCodeMail({ code, hours: trial.hours }, language) : renderTrialRefusedMail(language);
    const kind = eligible ? TRIAL_MAIL_KINDS.code : TRIAL_MAIL_KINDS.refused;
    // Sealed like the account's code mails: the stored copy of a mail that proves an address is no one's to read.
    await queueMail(transaction, { kind, to: trial.email, ...mail, sealWith }, now);
  });
  return "mailed";
}
