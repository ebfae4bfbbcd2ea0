/**
 * The job handlers of renewals, for the runner of server/jobs/runner.ts: the reminders before an access
 * ends and the expiry when it does (scheduled by app/access/schedule.server.ts for each end of an access).
 * Jobs queued before accesses existed carry `{ orderId }`: they act on that order's access, for the end that
 * order paid, so a reminder whose end has moved since is skipped like any other.
 */
import type { Database } from "../../server/db/database.ts";
import { findOrderById } from "../../server/db/repositories.ts";
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

interface AccessJob {
  accessId: number;
  endsAt: string;
  days: number;
}

function parse(job: Job): Record<string, unknown> {
  try {
    const payload: unknown = JSON.parse(job.payload);
    if (typeof payload === "object" && payload !== null && !Array.isArray(payload)) return payload as Record<string, unknown>;
  } catch {
    throw new GiveUp(`the payload is not JSON: ${job.payload.slice(0, 100)}`);
  }
  throw new GiveUp(`unexpected payload ${job.payload.slice(0, 100)}`);
}

/**
 * The payload's access, end (and lead time); undefined for an old order-keyed job whose order has no access
 * (never delivered, or refunded before): nothing to remind of or expire. A payload no retry can mend gives up.
 */
async function payloadOf(db: Database, job: Job, withDays: boolean): Promise<AccessJob | undefined> {
  const payload = parse(job);
  const days = withDays ? payload.days : 1;
  if (!isPositiveInteger(days)) throw new GiveUp(`unexpected payload ${job.payload.slice(0, 100)}`);
  if (isPositiveInteger(payload.accessId) && typeof payload.endsAt === "string") {
    return { accessId: payload.accessId, endsAt: payload.endsAt, days };
  }
  if (!isPositiveInteger(payload.orderId)) throw new GiveUp(`unexpected payload ${job.payload.slice(0, 100)}`);
  const order = await findOrderById(db, payload.orderId);
  if (!order) throw new GiveUp(`order ${payload.orderId} does not exist`);
  if (order.access_id === null || order.access_ends_at === null) return undefined;
  return { accessId: order.access_id, endsAt: order.access_ends_at, days };
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
        const { db, wakeMail } = await services();
        const request = await payloadOf(db, job, true);
        if (request && (await sendRenewalReminder(db, request, now, key())) === "sent") wakeMail();
      },
    },
    [JOB_KINDS.accessExpiry]: {
      async run(job, now) {
        const { db } = await services();
        const request = await payloadOf(db, job, false);
        // Expires only once the access's end (whatever it is now) has passed: an old job for an end that
        // moved finds it still running and leaves it.
        if (request) await expireAccess(db, request.accessId, now);
      },
    },
  };
}
