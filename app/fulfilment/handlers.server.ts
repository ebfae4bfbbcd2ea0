/**
 * The fulfilment jobs for the runner's registry (server/jobs/runner.ts): `fulfilment-webhook` asks the
 * provisioning system to deliver a paid order, `access-event` tells it of an access extended or revoked,
 * `delivery-alert` tells the operator when one waits too long.
 * Both are scheduled when an order becomes paid (app/access/schedule.server.ts).
 */
import { JOB_KINDS } from "../../server/jobs/enqueue.ts";
import type { JobHandler } from "../../server/jobs/runner.ts";
import { accessEventHandler } from "./access-event-job.server";
import { deliveryAlertHandler } from "./alert-job.server";
import { configuredFulfilmentSettings, type FulfilmentSettings, type ServicesGetter } from "./settings.server";
import { fulfilmentWebhookHandler } from "./webhook-job.server";

export type { FulfilmentServices, FulfilmentSettings, ServicesGetter } from "./settings.server";

/** `servicesGetter` is called on each run, so a database that is not open yet fails the run, not the start. */
export function fulfilmentJobHandlers(
  servicesGetter: ServicesGetter,
  settings: FulfilmentSettings = configuredFulfilmentSettings(),
): Record<typeof JOB_KINDS.fulfilmentWebhook | typeof JOB_KINDS.deliveryAlert | typeof JOB_KINDS.accessEvent, JobHandler> {
  return {
    [JOB_KINDS.accessEvent]: accessEventHandler(servicesGetter, settings),
    [JOB_KINDS.fulfilmentWebhook]: fulfilmentWebhookHandler(servicesGetter, settings),
    [JOB_KINDS.deliveryAlert]: deliveryAlertHandler(servicesGetter, settings),
  };
}
