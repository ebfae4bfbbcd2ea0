import { site } from "../content/site";
import { closeDatabase, type Database, migrateToLatest, openDatabase } from "../server/db/database.ts";
import { createOutboxWorker, type OutboxWorker } from "../server/mail/outbox.ts";
import { createMailTransport } from "../server/mail/transport.ts";
import type { PaymentGateway } from "../server/payments/gateway.ts";
import { createTestGateway } from "../server/payments/test-gateway.ts";

export interface Services {
  db: Database;
  gateway: PaymentGateway;
  mailWorker: OutboxWorker;
}

/** The payment gateway named by PAYMENT_GATEWAY; "test" (the default) is the only one built in. */
export function gatewayFromEnvironment(env: NodeJS.ProcessEnv = process.env): PaymentGateway {
  const name = env.PAYMENT_GATEWAY ?? "test";
  if (name === "test") return createTestGateway();
  throw new Error(`PAYMENT_GATEWAY="${name}" is not a gateway this site knows; the built-in one is "test".`);
}

const gateway = gatewayFromEnvironment();

let started: Promise<Services> | undefined;

/**
 * The database and the other services the forms need, opened and migrated on first use. If the database
 * cannot be reached the call fails (the forms then answer "try again later") and the next call tries
 * again: the rest of the site never depends on it.
 */
export function getServices(): Promise<Services> {
  started ??= (async () => {
    const { db, dialect } = openDatabase({ url: process.env.DATABASE_URL, sqliteFile: process.env.SQLITE_FILE });
    try {
      await migrateToLatest(db, dialect);
    } catch (error) {
      await closeDatabase(db).catch(() => {});
      throw error;
    }
    // SMTP_URL in production; otherwise every mail is written to data/outbox/ as an .eml file.
    const transport = createMailTransport({
      smtpUrl: process.env.SMTP_URL,
      outboxDirectory: process.env.MAIL_OUTBOX_DIR,
      from: process.env.MAIL_FROM ?? `${site.brand.name} <${site.brand.supportEmail}>`,
    });
    const mailWorker = createOutboxWorker({ db, transport });
    mailWorker.start();
    return { db, gateway, mailWorker };
  })().catch((error: unknown) => {
    started = undefined;
    throw error;
  });
  return started;
}

/** Whether the payment gateway moves no real money (the checkout then says so). */
export const paymentTestMode = gateway.testMode;

/** Sends newly queued mails now rather than at the worker's next round. */
export function wakeMailWorker(): void {
  void started?.then((services) => services.mailWorker.sendSoon()).catch(() => {});
}

export async function stopServices(): Promise<void> {
  const current = started;
  started = undefined;
  if (!current) return;
  const services = await current.catch(() => undefined);
  if (!services) return;
  await services.mailWorker.stop();
  await closeDatabase(services.db).catch(() => {});
}
