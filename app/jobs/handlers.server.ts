/**
 * What each kind of job does: every server's runner has this whole registry, so any of them can run any job.
 * A server claims only the kinds listed here (an older release leaves a newer kind to the servers that know
 * it), so add the handler with the code that schedules its jobs.
 */
import { serverConfig } from "../../server/config.ts";
import { JOB_KINDS } from "../../server/jobs/enqueue.ts";
import type { JobHandler } from "../../server/jobs/runner.ts";
import { encryptionKey } from "../admin/secrets.server";
import { pruneRateLimitsHandler, reconcileSweepHandler } from "../checkout/reconciliation.server";
import { fulfilmentJobHandlers } from "../fulfilment/handlers.server";
import { renewalJobHandlers } from "../renewals/handlers.server";
import type { Services } from "../services.server";

export function jobHandlers(services: Services): Record<string, JobHandler> {
  const config = serverConfig();
  return {
    [JOB_KINDS.reconcileSweep]: reconcileSweepHandler(services, { afterMs: config.RECONCILE_AFTER_SECONDS * 1000 }),
    [JOB_KINDS.pruneRateLimits]: pruneRateLimitsHandler(services.db),
    ...fulfilmentJobHandlers(async () => ({ ...services, accessKey: encryptionKey() ?? null })),
    ...renewalJobHandlers(async () => services),
  };
}
