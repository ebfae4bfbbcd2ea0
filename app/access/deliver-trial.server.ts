/**
 * Delivering a free trial: its line becomes an access of kind `trial` (reference = the trial's), running
 * `hours` from now, its details sealed, the trial marked delivered, the expiry and last-hours jobs scheduled
 * and the sealed "your trial is ready" mail queued, all in one transaction. Only a confirmed trial moves, so
 * two deliveries at once (two tabs, a tab and the provisioning system) deliver once: the other gets undefined.
 */
import { storedLanguage } from "../../common/languages";
import { site } from "../../content/site";
import { recordAudit } from "../../server/admin/audit.ts";
import { seal } from "../../server/admin/secret-box.ts";
import { createAccess } from "../../server/db/accesses.ts";
import type { Trial } from "../../server/db/schema.ts";
import { findTrialById, markTrialDelivered } from "../../server/db/trials.ts";
import { trialPeriod } from "../../server/fulfilment/trial-payload.ts";
import type { AccessDetails } from "../../server/mail/access-mail.ts";
import { queueMail } from "../../server/mail/mail-job.ts";
import { renderTrialAccessMail, TRIAL_MAIL_KINDS } from "../../server/mail/trial-mail.ts";
import { type DeliveryActor, type FulfilServices, sealingKey } from "./deliver.server";
import { scheduleTrialEndJobs } from "./schedule.server";

class NotWaiting extends Error {}

export async function deliverTrial(
  services: FulfilServices,
  trial: Trial,
  details: AccessDetails,
  actor: DeliveryActor,
  now: Date = new Date(),
): Promise<Trial | undefined> {
  const key = sealingKey(services);
  if (trial.status !== "confirmed") return undefined;
  const period = trialPeriod(trial, now);
  const language = storedLanguage(trial.language);
  const mail = renderTrialAccessMail({ reference: trial.reference, name: trial.name, hours: trial.hours, details, ...period }, language);
  try {
    const delivered = await services.db.transaction().execute(async (transaction) => {
      const access = await createAccess(
        transaction,
        {
          reference: trial.reference,
          email: trial.email,
          // A trial has no plan; the column wants one, and the access's kind says it is a trial.
          planKey: site.defaultPlan,
          viewers: trial.viewers,
          sealedDetails: seal(key, JSON.stringify(details)),
          ...period,
          kind: "trial",
        },
        now,
      );
      const updated = await markTrialDelivered(transaction, trial.id, { accessId: access.id, endsAt: period.endsAt }, now);
      if (!updated) throw new NotWaiting();
      await scheduleTrialEndJobs(transaction, updated, access, period.endsAt, now);
      await queueMail(transaction, { kind: TRIAL_MAIL_KINDS.access, to: trial.email, ...mail, sealWith: key }, now);
      if (typeof actor !== "string") {
        const range = { startsAt: period.startsAt.toISOString(), endsAt: period.endsAt.toISOString() };
        const { operator } = actor;
        await recordAudit(
          transaction,
          {
            operatorId: operator.id,
            operatorEmail: operator.email,
            action: "trial-deliver",
            subject: trial.reference,
            address: actor.address,
            details: range,
          },
          now,
        );
      }
      return updated;
    });
    services.wakeMail();
    return delivered;
  } catch (error) {
    // Delivered meanwhile by someone else: their access's reference is taken, or the trial no longer waits.
    if (error instanceof NotWaiting || (await findTrialById(services.db, trial.id))?.status !== "confirmed") return undefined;
    throw error;
  }
}
