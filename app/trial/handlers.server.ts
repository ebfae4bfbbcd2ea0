/**
 * The free trial's jobs for the runner's registry (app/jobs/handlers.server.ts): `trial-started` asks the
 * provisioning system for the line, `trial-ending` offers the plans in the trial's last hours. The trial's
 * expiry is the access expiry job every access has.
 */
import { JOB_KINDS } from "../../server/jobs/enqueue.ts";
import type { JobHandler } from "../../server/jobs/runner.ts";
import { configuredFulfilmentSettings, type FulfilmentSettings, type ServicesGetter } from "../fulfilment/settings.server";
import { trialEndingHandler } from "./ending-job.server";
import { trialStartedHandler } from "./started-job.server";

export function trialJobHandlers(
  servicesGetter: ServicesGetter,
  settings: FulfilmentSettings = configuredFulfilmentSettings(),
): Record<typeof JOB_KINDS.trialStarted | typeof JOB_KINDS.trialEnding, JobHandler> {
  return {
    [JOB_KINDS.trialStarted]: trialStartedHandler(servicesGetter, settings),
    [JOB_KINDS.trialEnding]: trialEndingHandler(servicesGetter),
  };
}
