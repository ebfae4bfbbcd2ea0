import { sql } from "kysely";
import type { MiddlewareFunction } from "react-router";
import { site } from "../content/site";
import { serverConfig } from "../server/config.ts";
import { openConsoleReader } from "../server/db/console-reader.ts";
import { closeDatabase, openConfiguredDatabase } from "../server/db/database.ts";
import { JOB_KINDS } from "../server/jobs/enqueue.ts";
import type { JobPlacement } from "../server/jobs/placement.ts";
import { createJobRunner, type JobRunner } from "../server/jobs/runner.ts";
import { logger } from "../server/logger.ts";
import { createMailTransport } from "../server/mail/transport.ts";
import { createPaymentGateway, gatewayTraits } from "../server/payments/index.ts";
import { jobHandlers } from "./jobs/handlers.server";
import { type Services, servicesContext } from "./services.server";

/** The services, and what runs in the background while they are open. */
export interface Running {
  services: Services;
  /**
   * Runs the background jobs (app/jobs/handlers.server.ts): mails, the periodic sweeps and the rest. Absent
   * in a server whose jobs run in its job process (server/job-process.ts).
   */
  jobRunner?: JobRunner;
}

export interface ServiceHost {
  /**
   * The services, opened and migrated on first use. If the database cannot be reached the call fails (the
   * forms then answer "try again later") and the next call tries again: the rest of the site never depends on it.
   */
  open(): Promise<Services>;
  /**
   * Opens the services as the server starts, so that the jobs (reconciliation and mails among them) run even
   * before anyone sends a form (orders left pending by a crash are settled after a restart). A
   * database that is not there yet is tried again every `retryMs`, without holding up the pages.
   */
  start(retryMs?: number): void;
  stop(): Promise<void>;
  /**
   * For /readyz: the database answers and its migrations are done (`open` only resolves after them). Bounded
   * in time, so a database that hangs makes the server "not ready" instead of a stuck probe.
   */
  checkReadiness(timeoutMs?: number): Promise<void>;
  /** Runs the jobs due now (one just added, say) at once rather than at the runner's next round. */
  runJobsNow(): void;
}

export function createServiceHost(openAll: () => Promise<Running>): ServiceHost {
  let started: Promise<Running> | undefined;
  const running = () => {
    started ??= openAll().catch((error: unknown) => {
      started = undefined;
      throw error;
    });
    return started;
  };

  const host: ServiceHost = {
    open: () => running().then(({ services }) => services),
    start(retryMs = 30_000) {
      running().catch((error: unknown) => {
        logger.warn({ reason: (error as Error).message }, "The database is not reachable yet; trying again shortly");
        setTimeout(() => host.start(retryMs), retryMs).unref();
      });
    },
    async stop() {
      const current = started;
      started = undefined;
      const stopping = await current?.catch(() => undefined);
      if (!stopping) return;
      await stopping.jobRunner?.stop();
      await closeDatabase(stopping.services.consoleDb).catch(() => {});
      await closeDatabase(stopping.services.db).catch(() => {});
    },
    async checkReadiness(timeoutMs = 2000) {
      const probe = host.open().then(({ db }) => sql`select 1`.execute(db));
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
    },
    runJobsNow() {
      void started
        // Waking the mail runs every job due now: here, or in the job process that runs them.
        ?.then(({ services }) => services.wakeMail())
        .catch((error: unknown) =>
          logger.warn({ reason: (error as Error).message }, "Jobs could not be run now; the next round tries again"),
        );
    },
  };
  return host;
}

/**
 * The database, payment gateway and mail transport this server's configuration names, and the job runner
 * unless `jobs` places it in another process.
 */
async function openConfigured(jobs: JobPlacement): Promise<Running> {
  const config = serverConfig();
  const db = await openConfiguredDatabase(config);
  // SMTP_URL in production; otherwise every mail is written to data/outbox/ as an .eml file.
  const transport = createMailTransport({
    smtpUrl: config.SMTP_URL,
    outboxDirectory: config.MAIL_OUTBOX_DIR,
    from: config.MAIL_FROM ?? `${site.brand.name} <${site.brand.supportEmail}>`,
  });
  // Mails are jobs: waking the mail is running the jobs due now, once the runner below exists.
  let jobRunner: JobRunner | undefined;
  const wakeHere = () =>
    void jobRunner
      ?.runOnce()
      .catch((error: unknown) =>
        logger.warn({ reason: (error as Error).message }, "Mails could not be sent now; the next round tries again"),
      );
  // Opened after the migrations above: its SQLite readers open the file read-only.
  const consoleDb = openConsoleReader({
    url: config.DATABASE_URL,
    sqliteFile: config.SQLITE_FILE,
    timeoutMs: config.CONSOLE_QUERY_TIMEOUT_MS,
  });
  const services: Services = { db, consoleDb, gateway: createPaymentGateway(config, db), wakeMail: jobs.here ? wakeHere : jobs.wake };
  if (!jobs.here) return { services };
  // Pending orders are looked at ten times per RECONCILE_AFTER_SECONDS, so none waits much past it.
  const sweepEveryMs = Math.max(1_000, Math.min(60_000, Math.round((config.RECONCILE_AFTER_SECONDS * 1000) / 10)));
  jobRunner = createJobRunner({
    db,
    handlers: jobHandlers(services, transport),
    concurrency: config.JOB_CONCURRENCY,
    worker: jobs.worker,
    restShare: config.JOB_REST_PERCENT / 100,
    log: logger,
    recurring: [
      { kind: JOB_KINDS.reconcileSweep, everyMs: sweepEveryMs },
      { kind: JOB_KINDS.pruneRateLimits, everyMs: 60 * 60_000 },
      { kind: JOB_KINDS.pruneAccountRecords, everyMs: 60 * 60_000 },
      { kind: JOB_KINDS.retentionSweep, everyMs: 24 * 60 * 60_000 },
      { kind: JOB_KINDS.backupCheck, everyMs: 5 * 60_000 },
    ],
  });
  jobRunner.start();
  return { services, jobRunner };
}

/** Set by server/http-server.ts and server/job-process.ts before the services open. */
let jobPlacement: JobPlacement = { here: true };

/** This process's services: one database pool and one job runner (or a way to wake one), whoever asks. */
const serviceHost = createServiceHost(() => openConfigured(jobPlacement));

/** The root's middleware: every loader and action below it finds the services in its context. */
export const provideServices: MiddlewareFunction<Response> = ({ context }, next) => {
  context.set(servicesContext, serviceHost.open);
  return next();
};

/** For the HTTP server (server/site-handler.ts's hooks, exported by app/entry.server.tsx). */
export const placeJobs = (placement: JobPlacement) => {
  jobPlacement = placement;
};
export const startServices = (retryMs?: number) => serviceHost.start(retryMs);
export const stopServices = () => serviceHost.stop();
export const checkReadiness = (timeoutMs?: number) => serviceHost.checkReadiness(timeoutMs);
export const runJobsNow = () => serviceHost.runJobsNow();

/** Whether the payment gateway moves no real money (the checkout then says so), and where the card is given. */
export const paymentTraits = gatewayTraits(serverConfig());
