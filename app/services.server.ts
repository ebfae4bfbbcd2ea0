import { createContext, type RouterContextProvider } from "react-router";
import type { Database } from "../server/db/database.ts";
import type { PaymentGateway } from "../server/payments/gateway.ts";

/**
 * What the shop's server code works with, always handed to it: a loader or an action takes it from its
 * context (`servicesOf`), a job from the runner's registry (app/jobs/handlers.server.ts), a test from its test
 * bed. Opened once per process by app/service-host.server.ts.
 */
export interface Services {
  db: Database;
  /**
   * The console's reads (its lists, order pages and exports): off the thread that answers visitors, each
   * stopped past CONSOLE_QUERY_TIMEOUT_MS with ConsoleQueryTimeout (server/db/console-reader.ts). Reads only:
   * the console's actions and audit lines write through `db`.
   */
  consoleDb: Database;
  /** The payment gateway named by PAYMENT_GATEWAY. */
  gateway: PaymentGateway;
  /**
   * Sends the mails just queued now rather than at the job runner's next round (a mail is a `mail` job).
   * Called once the transaction that queued them has committed: before, the runner cannot see them.
   */
  wakeMail(): void;
}

/** Set for every request by the root's middleware: opens the services on first use. */
export const servicesContext = createContext<() => Promise<Services>>();

/**
 * The services, for a loader, an action or a middleware. Rejects while the database cannot be reached: the
 * caller then answers "try again later" (503), and the next request tries again.
 */
export function servicesOf(context: Readonly<RouterContextProvider>): Promise<Services> {
  return context.get(servicesContext)();
}
