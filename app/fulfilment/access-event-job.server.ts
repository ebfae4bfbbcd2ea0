/**
 * The `access-event` job: tells the provisioning system that an access it has was extended (a renewal paid)
 * or revoked (a full refund, a dispute), signed like `order.paid`, retried the same way for 24 hours. Each
 * event is sent once: a 2xx is recorded on the order's timeline in one transaction with what it settles, and
 * a later run that finds it asks nothing again. A 2xx to `access.extended` fulfils the renewal order: there is
 * nothing to deliver, it is the same line.
 */
import { findAccessById } from "../../server/db/accesses.ts";
import type { Database } from "../../server/db/database.ts";
import { listOrderEvents, recordOrderEvent } from "../../server/db/order-events.ts";
import { findOrderById } from "../../server/db/repositories.ts";
import type { Job } from "../../server/db/schema.ts";
import { ACCESS_EVENT_TYPES, type AccessEventType, accessEvent } from "../../server/fulfilment/access-payload.ts";
import { sendFulfilment } from "../../server/fulfilment/client.ts";
import { GiveUp, type JobHandler } from "../../server/jobs/runner.ts";
import { extendByProvisioning } from "../access/extend.server";
import type { FulfilmentSettings, ServicesGetter } from "./settings.server";
import { provisioningRetryDelayMs } from "./webhook-job.server";

const SENT_EVENT = "access-event-sent";

function payloadOf(job: Job): { type: AccessEventType; orderId: number; accessId: number } {
  let payload: { type?: unknown; orderId?: unknown; accessId?: unknown } | null;
  try {
    payload = JSON.parse(job.payload) as typeof payload;
  } catch {
    throw new GiveUp(`job #${job.id} has a payload that is not JSON`);
  }
  const ok = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;
  const type = payload?.type;
  if (!(ACCESS_EVENT_TYPES as readonly unknown[]).includes(type) || !ok(payload?.orderId) || !ok(payload?.accessId)) {
    throw new GiveUp(`job #${job.id} has an unexpected payload`);
  }
  return { type: type as AccessEventType, orderId: payload.orderId, accessId: payload.accessId };
}

const wasSent = async (db: Database, orderId: number, type: AccessEventType) =>
  (await listOrderEvents(db, orderId)).some((event) => event.type === SENT_EVENT && JSON.parse(event.details ?? "{}").event === type);

export function accessEventHandler(openServices: ServicesGetter, settings: FulfilmentSettings): JobHandler {
  return {
    retryDelayMs: provisioningRetryDelayMs,
    async run(job, now) {
      const { type, orderId, accessId } = payloadOf(job);
      const { db } = await openServices();
      const [order, access] = await Promise.all([findOrderById(db, orderId), findAccessById(db, accessId)]);
      if (!order || !access) throw new GiveUp(`order ${orderId} or access ${accessId} does not exist`);
      // Already answered 2xx by a run whose end was not recorded: a repeat would be a second event.
      if (await wasSent(db, order.id, type)) return;
      // Extended by hand meanwhile, or revoked before the event went: nothing left to tell of the extension.
      if (type === "access.extended" && (order.status !== "paid" || access.status === "revoked")) return;
      if (!settings.webhook) throw new GiveUp("FULFILMENT_WEBHOOK_URL is not set on this server");

      const event = accessEvent(type, access, order, now);
      const outcome = await sendFulfilment(settings.webhook, event, { now, timeoutMs: settings.timeoutMs, fetch: settings.fetch });
      const attempt = job.attempts;
      const line = (details: Record<string, unknown>) =>
        ({ orderId, type: "provisioning-attempt", actor: "system", details: { event: type, attempt, ...details } }) as const;
      if (!outcome.ok) {
        await recordOrderEvent(db, line({ status: outcome.status, error: outcome.reason }), now);
        if (provisioningRetryDelayMs(attempt, job, now) === null) {
          await recordOrderEvent(
            db,
            { orderId, type: "provisioning-gave-up", actor: "system", details: { event: type, attempts: attempt } },
            now,
          );
          throw new GiveUp(`the provisioning system did not take ${type} for ${access.reference} within 24 hours (${outcome.reason})`);
        }
        throw new Error(`the provisioning system did not take ${type} for ${access.reference}: ${outcome.reason}`);
      }
      await db.transaction().execute(async (transaction) => {
        await recordOrderEvent(transaction, line({ status: outcome.status }), now);
        await recordOrderEvent(
          transaction,
          { orderId, type: SENT_EVENT, actor: "system", details: { event: type, status: outcome.status } },
          now,
        );
        if (type === "access.extended") await extendByProvisioning(transaction, order, access, now);
      });
    },
  };
}
