import { sql } from "kysely";
import { site } from "../content/site";
import { serverConfig } from "../server/config.ts";
import { closeDatabase, type Database, openConfiguredDatabase } from "../server/db/database.ts";
import { JOB_KINDS } from "../server/jobs/enqueue.ts";
import { createJobRunner, type JobRunner } from "../server/jobs/runner.ts";
import { logger } from "../server/logger.ts";
import { createMailTransport, type MailTransport } from "../server/mail/transport.ts";
import type { PaymentGateway } from "../server/payments/gateway.ts";
import { createPaymentGateway, gatewayTraits } from "../server/payments/index.ts";
import { jobHandlers } from "./jobs/handlers.server";

export interface Services {
  db: Database;
  /** The payment gateway named by PAYMENT_GATEWAY. */
  gateway: PaymentGateway;
  /** Where the `mail` jobs send: SMTP_URL, else .eml files in MAIL_OUTBOX_DIR. */
  mailTransport: MailTransport;
  /** Runs the background jobs (app/jobs/handlers.server.ts): mails, the periodic sweeps and the rest. */
  jobRunner: JobRunner;
}

let started: Promise<Services> | undefined;

/**
 * The database and the other services the forms need, opened and migrated on first use. If the database
 * cannot be reached the call fails (the forms then answer "try again later") and the next call tries
 * again: the rest of the site never depends on it.
 */
export function getServices(): Promise<Services> {
  started ??= (async () => {
    const config = serverConfig();
    const db = await openConfiguredDatabase(config);
    // SMTP_URL in production; otherwise every mail is written to data/outbox/ as an .eml file.
    const mailTransport = createMailTransport({
      smtpUrl: config.SMTP_URL,
      outboxDirectory: config.MAIL_OUTBOX_DIR,
      from: config.MAIL_FROM ?? `${site.brand.name} <${site.brand.supportEmail}>`,
    });
    const gateway = createPaymentGateway(config, db);
    // Pending orders are looked at ten times per RECONCILE_AFTER_SECONDS, so none waits much past it.
    const sweepEveryMs = Math.max(1_000, Math.min(60_000, Math.round((config.RECONCILE_AFTER_SECONDS * 1000) / 10)));
    const jobRunner = createJobRunner({
      db,
      handlers: jobHandlers({ db, gateway, mailTransport }),
      log: logger,
      recurring: [
        { kind: JOB_KINDS.reconcileSweep, everyMs: sweepEveryMs },
        { kind: JOB_KINDS.pruneRateLimits, everyMs: 60 * 60_000 },
      ],
    });
    jobRunner.start();
    return { db, gateway, mailTransport, jobRunner };
  })().catch((error: unknown) => {
    started = undefined;
    throw error;
  });
  return started;
}

/**
 * For /readyz: the database answers and its migrations are done (getServices only resolves after them).
 * Bounded in time, so a database that hangs makes the server "not ready" instead of a stuck probe.
 */
export async function checkReadiness(timeoutMs = 2000): Promise<void> {
  const probe = getServices().then(({ db }) => sql`select 1`.execute(db));
  probe.catch(() => {}); // once the timeout has answered, a late failure has no one left to tell
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the database did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether the payment gateway moves no real money (the checkout then says so), and where the card is given. */
export const paymentTraits = gatewayTraits(serverConfig());

/** Runs the jobs due now (one just added, a mail just queued) at once rather than at the runner's next round. */
export function runJobsNow(): void {
  void started
    ?.then((services) => services.jobRunner.runOnce())
    .catch((error: unknown) => logger.warn({ reason: (error as Error).message }, "Jobs could not be run now; the next round tries again"));
}

export async function stopServices(): Promise<void> {
  const current = started;
  started = undefined;
  if (!current) return;
  const services = await current.catch(() => undefined);
  if (!services) return;
  await services.jobRunner.stop();
  await closeDatabase(services.db).catch(() => {});
}

/**
 * Opens the services as the server starts, so that the jobs (reconciliation and mails among them) run even
 * before anyone sends a form (orders left pending by a crash are settled after a restart). A database
 * that is not there yet is tried again, without holding up the pages.
 */
export function startServices(retryMs = 30_000): void {
  getServices().catch((error: unknown) => {
    logger.warn({ reason: (error as Error).message }, "The database is not reachable yet; trying again shortly");
    setTimeout(() => startServices(retryMs), retryMs).unref();
  });
}
