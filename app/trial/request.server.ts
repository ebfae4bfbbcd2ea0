/**
 * Step 1 of the free trial: the limits, then a request recorded and its code mailed, in one transaction.
 * Refusals say why in one of two ways (decision 0026): "this address had a trial or a purchase" (never which),
 * or "your connection had a trial within 30 days".
 */
import type { Language } from "../../common/languages";
import { site } from "../../content/site";
import type { Database } from "../../server/db/database.ts";
import { recordTrialRequest, type TrialRefusal, trialRefusal } from "../../server/db/trials.ts";
import { queueMail } from "../../server/mail/mail-job.ts";
import { renderTrialCodeMail, TRIAL_MAIL_KINDS } from "../../server/mail/trial-mail.ts";
import type { TrialValues } from "./form";
import { trialLimits } from "./limits.server";

export type RequestOutcome = "mailed" | "client-limited" | "mail-limited" | { refused: TrialRefusal };

export async function requestTrial(
  db: Database,
  request: { values: TrialValues; language: Language; clientAddress: string },
  sealWith: Buffer | undefined,
  now: Date = new Date(),
): Promise<RequestOutcome> {
  const { values, language, clientAddress } = request;
  if (!(await trialLimits.requestFrom(db, clientAddress, now))) return "client-limited";
  const refused = await trialRefusal(db, { email: values.email, clientAddress }, now);
  if (refused) return { refused };
  if (!(await trialLimits.mailTo(db, values.email, now))) return "mail-limited";
  const { hours, viewers } = site.trial;
  await db.transaction().execute(async (transaction) => {
    const { trial, code } = await recordTrialRequest(
      transaction,
      { ...values, language, clientAddress, hours, viewers: viewers as 1 | 2 | 3 },
      now,
    );
    const mail = renderTrialCodeMail({ code, hours: trial.hours }, language);
    // Sealed like the account's code mails: the stored copy of a mail that proves an address is no one's to read.
    await queueMail(transaction, { kind: TRIAL_MAIL_KINDS.code, to: trial.email, ...mail, sealWith }, now);
  });
  return "mailed";
}
