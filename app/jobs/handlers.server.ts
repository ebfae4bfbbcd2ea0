/**
 * What each kind of job does: every server's runner has this whole registry, so any of them can run any job.
 * A server claims only the kinds listed here (an older release leaves a newer kind to the servers that know
 * it), so add the handler with the code that schedules its jobs.
 */
import { serverConfig } from "../../server/config.ts";
import { JOB_KINDS } from "../../server/jobs/enqueue.ts";
import type { JobHandler } from "../../server/jobs/runner.ts";
import { logger } from "../../server/logger.ts";
import { mailJobHandler } from "../../server/mail/mail-job.ts";
import { encryptionKey } from "../admin/secrets.server";
import { pruneRateLimitsHandler, reconcileSweepHandler } from "../checkout/reconciliation.server";
import { fulfilmentJobHandlers } from "../fulfilment/handlers.server";
import { renewalJobHandlers } from "../renewals/handlers.server";
import type { Services } from "../services.server";

/** The services a handler may use (everything but the runner that calls it). */
export type JobServices = Omit<Services, "jobRunner">;

export function jobHandlers(services: JobServices): Record<string, JobHandler> {
  const config = serverConfig();
  return {
    [JOB_KINDS.mail]: mailJobHandler({ db: services.db, transport: services.mailTransport, openWith: encryptionKey(), log: logger }),
    [JOB_KINDS.reconcileSweep]: reconcileSweepHandler(services, { afterMs: config.RECONCILE_AFTER_SECONDS * 1000 }),
    [JOB_KINDS.pruneRateLimits]: pruneRateLimitsHandler(services.db),
    ...fulfilmentJobHandlers(async () => ({ db: services.db, accessKey: encryptionKey() ?? null })),
    ...renewalJobHandlers(async () => services),
  };
}
