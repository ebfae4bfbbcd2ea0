/**
 * The `trial-started` job: asks the provisioning system for a confirmed trial's line (`trial.started`, signed
 * like `order.paid`) and delivers the trial when the answer carries the details, exactly as an order is
 * delivered from `order.paid`'s answer (app/fulfilment/webhook-job.server.ts): the same retries for 24 hours,
 * the same checks of the answer. A 2xx without details leaves the trial waiting for the operator.
 */

import type { Job } from "../../server/db/schema.ts";
import { findTrialById } from "../../server/db/trials.ts";
import { sendFulfilment } from "../../server/fulfilment/client.ts";
import { trialStartedEvent } from "../../server/fulfilment/trial-payload.ts";
import { GiveUp, type JobHandler } from "../../server/jobs/runner.ts";
import { logger } from "../../server/logger.ts";
import { PROVISIONING_ACTOR } from "../access/deliver.server";
import { deliverTrial } from "../access/deliver-trial.server";
import { accessFromAnswer } from "../fulfilment/answer";
import type { FulfilmentSettings, ServicesGetter } from "../fulfilment/settings.server";
import { provisioningRetryDelayMs } from "../fulfilment/webhook-job.server";

export function trialIdOf(job: Job): number {
  let payload: { trialId?: unknown } | null;
  try {
    payload = JSON.parse(job.payload) as typeof payload;
  } catch {
    throw new GiveUp(`job #${job.id} has a payload that is not JSON`);
  }
  const id = payload?.trialId;
  if (typeof id !== "number" || !Number.isSafeInteger(id) || id < 1) throw new GiveUp(`job #${job.id} names no trial`);
  return id;
}

export function trialStartedHandler(openServices: ServicesGetter, settings: FulfilmentSettings): JobHandler {
  return {
    retryDelayMs: provisioningRetryDelayMs,
    async run(job, now) {
      const services = await openServices();
      const trial = await findTrialById(services.db, trialIdOf(job));
      // Delivered by hand meanwhile (or gone with an erased account): nothing left to ask for.
      if (trial?.status !== "confirmed") return;
      if (!settings.webhook) throw new GiveUp("FULFILMENT_WEBHOOK_URL is not set on this server");
      const outcome = await sendFulfilment(settings.webhook, trialStartedEvent(trial, now), {
        now,
        timeoutMs: settings.timeoutMs,
        fetch: settings.fetch,
      });
      if (!outcome.ok) {
        if (provisioningRetryDelayMs(job.attempts, job, now) === null) {
          throw new GiveUp(`the provisioning system did not take trial ${trial.reference} within 24 hours (${outcome.reason})`);
        }
        throw new Error(`the provisioning system did not take trial ${trial.reference}: ${outcome.reason}`);
      }
      const details = accessFromAnswer(outcome.answer);
      if (details && services.accessKey) {
        if (!(await deliverTrial(services, trial, details, PROVISIONING_ACTOR, now)))
          logger.info({ trial: trial.reference }, "The trial was no longer waiting when the provisioning system answered");
        return;
      }
      if (details)
        logger.warn({ trial: trial.reference }, "The provisioning system answered access details, but ACCESS_ENCRYPTION_KEY is not set");
      logger.info({ trial: trial.reference }, "The provisioning system took the trial without access details: it waits for the operator");
    },
  };
}
