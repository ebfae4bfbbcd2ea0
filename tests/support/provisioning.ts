/**
 * Test support for the fulfilment jobs: an order test bed with a provisioning system on 127.0.0.1 (checking
 * each request with the operator's snippet), and attempts made as the runner makes them.
 */

import { fulfilmentJobHandlers } from "../../app/fulfilment/handlers.server";
import type { DialectName } from "../../server/db/database.ts";
import { listOrderEvents } from "../../server/db/order-events.ts";
import type { Job, Order } from "../../server/db/schema.ts";
import { JOB_KINDS } from "../../server/jobs/enqueue.ts";
import type { JobHandler } from "../../server/jobs/runner.ts";
import { startTestReceiver, type TestReceiver } from "./fake-provisioning.ts";
import { createOrderTestBed, type OrderTestBed } from "./orders";

export const T0 = new Date("2026-01-31T09:30:00.000Z");
export const at = (ms: number) => new Date(T0.getTime() + ms);
export const sharedSecret = "a-shared-secret-of-at-least-32-characters";
export const answeredAccess = {
  username: "carmen_2026",
  password: "Sup3r-secret-pass",
  serverUrl: "https://tv.example.net:8080",
  playlistUrl: "https://tv.example.net/get.php?type=m3u",
  note: "Instala IPTV Smarters primero.",
};

/** A job row as the runner hands it over, after it counted the attempt. */
export function claimedJob(kind: string, order: Pick<Order, "id">, createdAt: Date, attempts = 1): Job {
  const stamp = createdAt.toISOString();
  return {
    id: order.id,
    kind,
    payload: JSON.stringify({ orderId: order.id }),
    unique_key: null,
    run_at: stamp,
    attempts,
    max_attempts: 1000,
    last_error: null,
    locked_by: "test",
    locked_until: null,
    done_at: null,
    failed_at: null,
    created_at: stamp,
    updated_at: stamp,
  };
}

export interface WebhookTestBed {
  bed: OrderTestBed;
  receiver: TestReceiver;
  /** The simulated time: the receiver checks signatures' timestamps against it. */
  clock: { now: Date };
  handler(options?: { secret?: string; withKey?: boolean }): JobHandler;
  /** One attempt of a job created at T0: its error, if any, and the runner's wait before the next. */
  attempt(
    order: Order,
    number: number,
    now: Date,
    handler?: JobHandler,
  ): Promise<{ error: Error | undefined; retryIn: number | null | undefined }>;
  /** The timeline after the payment. */
  eventsOf(order: Order): ReturnType<typeof listOrderEvents>;
  cleanup(): Promise<void>;
}

export async function createWebhookTestBed(dialect: DialectName): Promise<WebhookTestBed> {
  const bed = await createOrderTestBed(dialect);
  const clock = { now: T0 };
  const receiver = await startTestReceiver(sharedSecret, () => clock.now.getTime() / 1000);
  const handler = ({ secret = sharedSecret, withKey = true } = {}) =>
    fulfilmentJobHandlers(async () => ({ ...bed.services, accessKey: withKey ? bed.services.accessKey : null }), {
      webhook: { url: receiver.url, secret },
      operatorEmail: "ops@example.com",
    })[JOB_KINDS.fulfilmentWebhook];
  return {
    bed,
    receiver,
    clock,
    handler,
    async attempt(order, number, now, run = handler()) {
      clock.now = now;
      const job = claimedJob(JOB_KINDS.fulfilmentWebhook, order, T0, number);
      const error = await run.run(job, now).then(
        () => undefined,
        (thrown: unknown) => thrown as Error,
      );
      return { error, retryIn: run.retryDelayMs?.(number, job, now) };
    },
    eventsOf: async (order) => (await listOrderEvents(bed.handle.db, order.id)).filter((event) => event.type !== "paid"),
    async cleanup() {
      await receiver.stop();
      await bed.handle.cleanup();
    },
  };
}
