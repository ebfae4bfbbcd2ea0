import { closeDatabase, type Database, migrateToLatest, openDatabase } from "../server/db/database.ts";
import type { PaymentGateway } from "../server/payments/gateway.ts";
import { createTestGateway } from "../server/payments/test-gateway.ts";

export interface Services {
  db: Database;
  gateway: PaymentGateway;
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
    return { db, gateway };
  })().catch((error: unknown) => {
    started = undefined;
    throw error;
  });
  return started;
}

/** Whether the payment gateway moves no real money (the checkout then says so). */
export const paymentTestMode = gateway.testMode;

export async function stopServices(): Promise<void> {
  const current = started;
  started = undefined;
  if (current) await closeDatabase((await current).db).catch(() => {});
}
