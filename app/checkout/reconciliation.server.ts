import type { Database } from "../../server/db/database.ts";
import { claimOrdersToReconcile } from "../../server/db/payments.ts";
import { pruneRateLimits } from "../../server/db/rate-limits.ts";
import { JOB_KINDS } from "../../server/jobs/enqueue.ts";
import { pruneFinishedJobs } from "../../server/jobs/queue.ts";
import type { JobHandler } from "../../server/jobs/runner.ts";
import { logger } from "../../server/logger.ts";
import { type SettleServices, settleOrder } from "./settle-order.server";

const batchSize = 20;
/** A rate-limit window older than this counts for nothing (the longest window is an hour). */
const rateLimitMemoryMs = 2 * 60 * 60_000;

/**
 * One sweep of the orders left pending: a visitor who closed the processor's page, a webhook that never came,
 * a server that crashed between the charge and recording it. It asks the processor, which knows. The sweep is
 * a recurring job, so one server runs each; claims on the orders (see `claimOrdersToReconcile`) still give each
 * order to one server at a time should a sweep be taken over.
 */
export function reconcileSweepHandler(services: SettleServices, { afterMs }: { afterMs: number }): JobHandler {
  return {
    async run(_job, now) {
      let settled = 0;
      for (;;) {
        const due = await claimOrdersToReconcile(services.db, { olderThan: new Date(now.getTime() - afterMs), now, limit: batchSize });
        for (const order of due) {
          try {
            if ((await settleOrder(services, order, { unknownMeansAbandoned: true })).status !== "pending") settled++;
          } catch (error) {
            // The processor did not answer: the order's claim lapses and a later sweep asks again.
            logger.warn(
              { order: order.reference, reason: (error as Error).message },
              "Reconciliation could not reach the payment processor",
            );
          }
        }
        if (due.length < batchSize) break;
      }
      if (settled > 0) logger.info({ settled }, "Reconciliation settled orders left pending");
    },
    // The next slot's sweep is the retry.
    retryDelayMs: () => null,
  };
}

/**
 * Past rate-limit windows are never read again, nor are the finished sweeps of past slots: deleting them keeps
 * both tables small.
 */
export function pruneRateLimitsHandler(db: Database): JobHandler {
  return {
    async run(_job, now) {
      await pruneRateLimits(db, { before: new Date(now.getTime() - rateLimitMemoryMs) });
      const sweeps = [JOB_KINDS.reconcileSweep, JOB_KINDS.pruneRateLimits, JOB_KINDS.pruneAccountRecords, JOB_KINDS.retentionSweep];
      await pruneFinishedJobs(db, { kinds: sweeps, before: new Date(now.getTime() - 24 * 60 * 60_000) });
    },
    retryDelayMs: () => null,
  };
}
