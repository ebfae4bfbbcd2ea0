/**
 * The job handlers of automatic renewal: the notice 7 days before a charge, the test gateway's charges and
 * retries, and telling Stripe to cancel a subscription the shop ended. Each job's work is keyed so that a job
 * run twice (a crash, two servers) does it once.
 */
import type { Job } from "../../server/db/schema.ts";
import { JOB_KINDS } from "../../server/jobs/enqueue.ts";
import { GiveUp, type JobHandler } from "../../server/jobs/runner.ts";
import { logger } from "../../server/logger.ts";
import { isProcessorOf } from "../../server/payments/index.ts";
import type { Services } from "../services.server";
import { chargeRenewal, type RenewalChargeRequest } from "./charge.server";
import { sendChargeNotice } from "./notice.server";

export type SubscriptionServicesGetter = () => Promise<Pick<Services, "db" | "gateway" | "wakeMail">>;

const isPositiveInteger = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;

function payloadOf(job: Job): Record<string, unknown> {
  try {
    const payload: unknown = JSON.parse(job.payload);
    if (typeof payload === "object" && payload !== null && !Array.isArray(payload)) return payload as Record<string, unknown>;
  } catch {
    // Given up below.
  }
  throw new GiveUp(`unexpected payload ${job.payload.slice(0, 100)}`);
}

function accessAndEnd(job: Job): { accessId: number; endsAt: string } {
  const payload = payloadOf(job);
  if (!isPositiveInteger(payload.accessId) || typeof payload.endsAt !== "string")
    throw new GiveUp(`unexpected payload ${job.payload.slice(0, 100)}`);
  return { accessId: payload.accessId, endsAt: payload.endsAt };
}

function chargeRequest(job: Job): RenewalChargeRequest {
  const payload = payloadOf(job);
  const attempt = isPositiveInteger(payload.attempt) ? payload.attempt : 1;
  const firstFailedAt = typeof payload.firstFailedAt === "string" ? payload.firstFailedAt : undefined;
  return { ...accessAndEnd(job), attempt, ...(firstFailedAt && { firstFailedAt }) };
}

export function subscriptionJobHandlers(services: SubscriptionServicesGetter): Record<string, JobHandler> {
  return {
    [JOB_KINDS.chargeNotice]: {
      async run(job, now) {
        const { db, wakeMail } = await services();
        if ((await sendChargeNotice(db, accessAndEnd(job), now)) === "sent") wakeMail();
      },
    },
    [JOB_KINDS.subscriptionCharge]: {
      async run(job, now) {
        const outcome = await chargeRenewal(await services(), chargeRequest(job), now);
        logger.info({ job: job.id, outcome }, "Automatic renewal charge");
      },
      // Sooner than the runner's default: the usual reason is another run holding the attempt for a few seconds.
      retryDelayMs: (attempts) => Math.min(10 * 60_000, 10_000 * 2 ** Math.max(0, attempts - 1)),
    },
    [JOB_KINDS.subscriptionCancel]: {
      async run(job) {
        const { gateway } = await services();
        const payload = payloadOf(job);
        if (typeof payload.processorSubscriptionId !== "string") throw new GiveUp(`unexpected payload ${job.payload.slice(0, 100)}`);
        if (gateway.kind !== "hosted" || !isProcessorOf(gateway, String(payload.processor)))
          throw new GiveUp(`the configured gateway does not run ${String(payload.processor)}`);
        await gateway.stopRenewing(payload.processorSubscriptionId);
      },
    },
  };
}
