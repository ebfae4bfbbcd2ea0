/**
 * What each kind of job does: every server's runner has this whole registry, so any of them can run any job.
 * A server claims only the kinds listed here (an older release leaves a newer kind to the servers that know
 * it), so add the handler with the code that schedules its jobs.
 */

import { site } from "../../content/site.ts";
import { backupJobHandlers } from "../../server/backup/jobs.ts";
import { startBackupProcess } from "../../server/backup/scheduled-run.ts";
import { serverConfig } from "../../server/config.ts";
import { pruneAccountRecords } from "../../server/db/account-housekeeping.ts";
import { sweepExpiredOrders } from "../../server/db/retention-sweep.ts";
import { JOB_KINDS } from "../../server/jobs/enqueue.ts";
import type { JobHandler } from "../../server/jobs/runner.ts";
import { logger } from "../../server/logger.ts";
import { mailJobHandler } from "../../server/mail/mail-job.ts";
import type { MailTransport } from "../../server/mail/transport.ts";
import { encryptionKey } from "../access/secrets.server";
import { accountSignInMailHandler } from "../account/sign-in/mail-job.server";
import { pruneRateLimitsHandler, reconcileSweepHandler } from "../checkout/reconciliation.server";
import { fulfilmentJobHandlers } from "../fulfilment/handlers.server";
import { invoicePdfById } from "../invoices/pdf.server";
import { renewalJobHandlers } from "../renewals/handlers.server";
import type { Services } from "../services.server";
import { subscriptionJobHandlers } from "../subscriptions/handlers.server";
import { trialJobHandlers } from "../trial/handlers.server";

/** A recurring chore that is not retried: its next round (an hour, a day later) is the retry. */
function housekeeping(chore: (now: Date) => Promise<unknown>): JobHandler {
  return { run: async (_job, now) => void (await chore(now)), retryDelayMs: () => null };
}

/** Every kind's handler, with the services they work with and the transport the `mail` jobs send through. */
export function jobHandlers(services: Services, mailTransport: MailTransport): Record<string, JobHandler> {
  const config = serverConfig();
  return {
    [JOB_KINDS.mail]: mailJobHandler({
      db: services.db,
      transport: mailTransport,
      openWith: encryptionKey(),
      log: logger,
      invoicePdf: (invoiceId) => invoicePdfById(services.db, invoiceId),
    }),
    [JOB_KINDS.reconcileSweep]: reconcileSweepHandler(services, { afterMs: config.RECONCILE_AFTER_SECONDS * 1000 }),
    [JOB_KINDS.pruneRateLimits]: pruneRateLimitsHandler(services.db),
    [JOB_KINDS.pruneAccountRecords]: housekeeping((now) => pruneAccountRecords(services.db, now)),
    [JOB_KINDS.retentionSweep]: housekeeping((now) =>
      sweepExpiredOrders(services.db, { retentionYears: config.ORDER_RETENTION_YEARS, now, outboxDirectory: config.MAIL_OUTBOX_DIR }),
    ),
    ...fulfilmentJobHandlers(async () => ({ ...services, accessKey: encryptionKey() ?? null })),
    ...renewalJobHandlers(async () => services),
    ...subscriptionJobHandlers(async () => services),
    [JOB_KINDS.accountSignInMail]: accountSignInMailHandler(async () => services, encryptionKey),
    ...trialJobHandlers(async () => ({ ...services, accessKey: encryptionKey() ?? null })),
    ...backupJobHandlers({
      db: services.db,
      config,
      operatorEmail: config.OPERATOR_EMAIL ?? site.brand.supportEmail,
      wakeMail: services.wakeMail,
      startBackup: startBackupProcess,
    }),
  };
}
