/**
 * The `fulfilment-webhook` job: asks the provisioning system to create a paid order's access, and delivers
 * the order when the answer carries the details. Every attempt lands on the order's timeline (status or a
 * short error, never a body), so the operator sees what happened without reading logs. The job is retried
 * with a growing wait for 24 hours after the payment; after that the order simply waits for the operator.
 */
import type { Database } from "../../server/db/database.ts";
import { listOrderEvents, recordOrderEvent } from "../../server/db/order-events.ts";
import { findOrderById } from "../../server/db/repositories.ts";
import type { Job } from "../../server/db/schema.ts";
import { sendFulfilment } from "../../server/fulfilment/client.ts";
import { paidOrderEvent } from "../../server/fulfilment/payload.ts";
import { defaultRetryDelayMs, GiveUp, type JobHandler } from "../../server/jobs/runner.ts";
import { logger } from "../../server/logger.ts";
import { fulfilOrder, PROVISIONING_ACTOR } from "../access/deliver.server";
import { accessFromAnswer } from "./answer";
import { type FulfilmentSettings, orderIdOf, type ServicesGetter } from "./settings.server";

/** How long after the payment the shop keeps asking. */
export const PROVISIONING_WINDOW_MS = 24 * 60 * 60_000;

/** 30 s, 1 min, 2 min … at most an hour between attempts; null once the next would fall past the 24 hours. */
export function provisioningRetryDelayMs(attempts: number, job: Pick<Job, "created_at">, now: Date): number | null {
  const delay = defaultRetryDelayMs(attempts);
  return now.getTime() + delay > Date.parse(job.created_at) + PROVISIONING_WINDOW_MS ? null : delay;
}

const ACCEPTED_EVENT = "provisioning-accepted";

const wasAccepted = async (db: Database, orderId: number) =>
  (await listOrderEvents(db, orderId)).some((event) => event.type === ACCEPTED_EVENT);

export function fulfilmentWebhookHandler(openServices: ServicesGetter, settings: FulfilmentSettings): JobHandler {
  return {
    retryDelayMs: provisioningRetryDelayMs,
    async run(job, now) {
      const services = await openServices();
      const { db } = services;
      const order = await findOrderById(db, orderIdOf(job));
      // Delivered by hand meanwhile, or refunded: nothing left to ask for.
      if (order?.status !== "paid") return;
      // Already answered 2xx without details, by a run whose end was not recorded (its server stopped, or its
      // claim lapsed): asking again would only be a repeat.
      if (await wasAccepted(db, order.id)) return;
      if (!settings.webhook) throw new GiveUp("FULFILMENT_WEBHOOK_URL is not set on this server");

      const outcome = await sendFulfilment(settings.webhook, paidOrderEvent(order, now), {
        now,
        timeoutMs: settings.timeoutMs,
        fetch: settings.fetch,
      });
      const attempt = job.attempts;
      const attempted = (details: Record<string, unknown>) =>
        ({ orderId: order.id, type: "provisioning-attempt", actor: "system", details: { attempt, ...details } }) as const;

      if (!outcome.ok) {
        await recordOrderEvent(db, attempted({ status: outcome.status, error: outcome.reason }), now);
        if (provisioningRetryDelayMs(attempt, job, now) === null) {
          await recordOrderEvent(
            db,
            { orderId: order.id, type: "provisioning-gave-up", actor: "system", details: { attempts: attempt } },
            now,
          );
          throw new GiveUp(`the provisioning system did not take order ${order.reference} within 24 hours (${outcome.reason})`);
        }
        throw new Error(`the provisioning system did not take order ${order.reference}: ${outcome.reason}`);
      }

      const details = accessFromAnswer(outcome.answer);
      if (details && services.accessKey) {
        await recordOrderEvent(db, attempted({ status: outcome.status }), now);
        const delivered = await fulfilOrder(services, order, details, PROVISIONING_ACTOR, now);
        if (!delivered)
          logger.info(
            { order: order.reference },
            "The order was no longer paid when the provisioning system answered (delivered by hand or refunded)",
          );
        return;
      }
      if (details) {
        // Never stored in plaintext: the operator delivers, and the server's missing key is said in the log.
        logger.warn({ order: order.reference }, "The provisioning system answered access details, but ACCESS_ENCRYPTION_KEY is not set");
      }
      // The attempt and its acceptance in one transaction: a later run of the job finds both (and asks nothing
      // again) or neither.
      const accepted = { attempt, status: outcome.status };
      await db.transaction().execute(async (transaction) => {
        await recordOrderEvent(transaction, attempted({ status: outcome.status }), now);
        await recordOrderEvent(transaction, { orderId: order.id, type: ACCEPTED_EVENT, actor: "system", details: accepted }, now);
      });
    },
  };
}
