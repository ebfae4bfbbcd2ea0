/**
 * The job handlers of renewals, for the runner of server/jobs/runner.ts: the reminders before an access
 * ends and the expiry when it does (both scheduled by app/jobs/schedule.server.ts on delivery).
 */
import type { Job } from "../../server/db/schema.ts";
import { JOB_KINDS } from "../../server/jobs/enqueue.ts";
import { GiveUp, type JobHandler } from "../../server/jobs/runner.ts";
import type { Services } from "../services.server";
import { expireAccess } from "./expiry.server";
import { linkKey } from "./links.server";
import { sendRenewalReminder } from "./reminder.server";

/** Gives the database, and the job runner to wake for a reminder; called on each run. */
export type RenewalServicesGetter = () => Promise<Pick<Services, "db" | "wakeMail">>;

const isPositiveInteger = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;

/** The payload's order id (and lead time); a payload no retry can mend gives the job up. */
function payloadOf(job: Job, withDays: boolean): { orderId: number; days: number } {
  let payload: { orderId?: unknown; days?: unknown } | null;
  try {
    payload = JSON.parse(job.payload) as typeof payload;
  } catch {
    throw new GiveUp(`the payload is not JSON: ${job.payload.slice(0, 100)}`);
  }
  const orderId = payload?.orderId;
  const days = withDays ? payload?.days : 1;
  if (!isPositiveInteger(orderId) || !isPositiveInteger(days)) throw new GiveUp(`unexpected payload ${job.payload.slice(0, 100)}`);
  return { orderId, days };
}

/**
 * `key` gives the links key (ACCESS_ENCRYPTION_KEY's): without it a reminder fails and is retried, so it goes
 * out once the key is configured rather than never.
 */
export function renewalJobHandlers(
  services: RenewalServicesGetter,
  key: () => Buffer | undefined = linkKey,
): { [JOB_KINDS.renewalReminder]: JobHandler; [JOB_KINDS.accessExpiry]: JobHandler } {
  return {
    [JOB_KINDS.renewalReminder]: {
      async run(job, now) {
        const request = payloadOf(job, true);
        const { db, wakeMail } = await services();
        if ((await sendRenewalReminder(db, request, now, key())) === "sent") wakeMail();
      },
    },
    [JOB_KINDS.accessExpiry]: {
      async run(job, now) {
        const { orderId } = payloadOf(job, false);
        const { db } = await services();
        await expireAccess(db, orderId, now);
      },
    },
  };
}
