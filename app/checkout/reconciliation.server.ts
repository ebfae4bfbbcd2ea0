import { claimOrdersToReconcile } from "../../server/db/payments.ts";
import { logger } from "../../server/logger.ts";
import type { Services } from "../services.server";
import { settleOrder } from "./settle-order.server";

export interface ReconcilerOptions {
  services: Pick<Services, "db" | "gateway">;
  /** How long an order may stay pending before the processor is asked about it (RECONCILE_AFTER_SECONDS). */
  afterMs: number;
  /** How often to look. Default: a tenth of `afterMs`, between 1 s and 60 s. */
  intervalMs?: number;
  /** Work done alongside, once a round (pruning old rate-limit windows). */
  alsoEachRound?: (now: Date) => Promise<unknown>;
}

export interface Reconciler {
  start(): void;
  stop(): Promise<void>;
  /** Settles every order pending since before `now - afterMs` that no other server holds; returns how many changed. */
  runOnce(now?: Date): Promise<number>;
}

/**
 * Settles orders left pending: a visitor who closed the processor's page, a webhook that never came, a server
 * that crashed between the charge and recording it. It asks the processor, which knows. Every server runs one;
 * claims in the database (see `claimOrdersToReconcile`) give each order to one of them at a time.
 */
export function createReconciler({ services, afterMs, intervalMs, alsoEachRound }: ReconcilerOptions): Reconciler {
  const every = intervalMs ?? Math.min(60_000, Math.max(1_000, Math.round(afterMs / 10)));
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = false;

  async function round(now: Date): Promise<number> {
    let changed = 0;
    for (;;) {
      const due = await claimOrdersToReconcile(services.db, { olderThan: new Date(now.getTime() - afterMs), now, limit: 20 });
      for (const order of due) {
        try {
          const settled = await settleOrder(services, order, { unknownMeansAbandoned: true });
          if (settled.status !== "pending") changed++;
        } catch (error) {
          // The processor did not answer: the claim's lease ends and the order is asked about again later.
          logger.warn({ order: order.reference, reason: (error as Error).message }, "Reconciliation could not reach the payment processor");
        }
      }
      if (due.length < 20 || stopped) break;
    }
    await alsoEachRound?.(now);
    if (changed > 0) logger.info({ settled: changed }, "Reconciliation settled orders left pending");
    return changed;
  }

  function runOnce(now = new Date()): Promise<number> {
    running ??= round(now).finally(() => {
      running = undefined;
    });
    return running;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      runOnce()
        .catch((error: unknown) => logger.warn({ reason: (error as Error).message }, "Reconciliation could not read the database"))
        .finally(schedule);
    }, every);
    timer.unref();
  }

  return {
    start() {
      stopped = false;
      if (!timer) schedule();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      await running?.catch(() => {});
    },
    runOnce,
  };
}
