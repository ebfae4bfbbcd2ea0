/**
 * Test support for automatic renewal on the test gateway: a migrated database, the gateway with no pause, a
 * purchase placed as the checkout places it (box ticked), delivered as the console delivers, and the jobs run
 * at the moment they are due (the clock is the job's `run_at`, never a wait).
 */
import { randomBytes } from "node:crypto";
import { fulfilOrder } from "../../app/access/deliver.server";
import { placeCardOrder } from "../../app/checkout/place-order.server";
import { subscriptionJobHandlers } from "../../app/subscriptions/handlers.server";
import { type DialectName, migrateToLatest } from "../../server/db/database.ts";
import { findOrderByReference } from "../../server/db/repositories.ts";
import type { Access, Job, Order, Subscription } from "../../server/db/schema.ts";
import { JOB_KINDS } from "../../server/jobs/enqueue.ts";
import { createTestGateway } from "../../server/payments/test-gateway.ts";
import { cardCheckout } from "./checkout-details.ts";
import { createTestDatabase, type TestDatabase } from "./databases.ts";

export interface SubscriptionTestBed {
  handle: TestDatabase;
  services: { db: TestDatabase["db"]; gateway: ReturnType<typeof createTestGateway>; wakeMail: () => void };
  /** Bought with "renew automatically" ticked, paid, then delivered at `at`. */
  subscribed(cardNumber?: string, at?: Date): Promise<{ order: Order; access: Access; subscription: Subscription }>;
  subscriptionOf(order: Order): Promise<Subscription>;
  accessOf(id: number): Promise<Access>;
  /** The pending job of a kind for an access, the one due first. */
  dueJob(kind: string, accessId: number): Promise<Job | undefined>;
  /** Runs a job as the runner would at its `run_at` (or `now`), and marks it done. */
  run(job: Job, now?: Date): Promise<void>;
}

export async function createSubscriptionTestBed(dialect: DialectName = "sqlite"): Promise<SubscriptionTestBed> {
  const handle = await createTestDatabase(dialect);
  await migrateToLatest(handle.db, dialect);
  const { db } = handle;
  const services = { db, gateway: createTestGateway({ db, delayMs: 0 }), wakeMail: () => {} };
  const handlers = subscriptionJobHandlers(async () => services);
  const accessKey = randomBytes(32);

  const subscriptionOf = (order: Order) =>
    db.selectFrom("subscriptions").selectAll().where("order_id", "=", order.id).executeTakeFirstOrThrow();
  const accessOf = (id: number) => db.selectFrom("accesses").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  const subscribed = async (cardNumber = "4242424242424242", at = new Date()) => {
    const form = cardCheckout(cardNumber, { renewAutomatically: true, plan: "standard", viewers: 1 });
    const outcome = await placeCardOrder(form, services, { language: "en", address: "198.51.100.7", origin: "http://localhost" });
    if (outcome.status !== "paid") throw new Error(`The purchase was not paid: ${outcome.status}`);
    const paid = await findOrderByReference(db, outcome.reference);
    if (!paid) throw new Error("The order vanished");
    const details = { username: "u", password: "p", serverUrl: "https://tv.example", playlistUrl: "https://tv.example/list" };
    const order = await fulfilOrder({ db, wakeMail: () => {}, accessKey }, paid, details, "provisioning", at);
    if (!order?.access_id) throw new Error("The order was not delivered");
    return { order, access: await accessOf(order.access_id), subscription: await subscriptionOf(order) };
  };

  const dueJob = (kind: string, accessId: number) =>
    db
      .selectFrom("jobs")
      .selectAll()
      .where("kind", "=", kind)
      .where("done_at", "is", null)
      .where("payload", "like", `{"accessId":${accessId},%`)
      .orderBy("run_at")
      .executeTakeFirst();

  const run = async (job: Job, now = new Date(job.run_at)) => {
    const handler = handlers[job.kind];
    if (!handler) throw new Error(`No handler for ${job.kind}`);
    await handler.run(job, now);
    await db.updateTable("jobs").set({ done_at: now.toISOString() }).where("id", "=", job.id).execute();
  };

  return { handle, services, subscribed, subscriptionOf, accessOf, dueJob, run };
}

export { JOB_KINDS };
