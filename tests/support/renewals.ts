/**
 * Test support for renewals: a migrated database, a links key, and orders delivered at a chosen time with
 * their jobs scheduled as delivery schedules them, for the tests of app/renewals/.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { accessExpiryKey, scheduleAccessJobs } from "../../app/access/schedule.server";
import { deriveLinkKey } from "../../app/renewals/links.server";
import { addCalendarMonths } from "../../common/access-period.ts";
import { markOrderDelivered } from "../../server/db/accesses.ts";
import { type DialectName, migrateToLatest } from "../../server/db/database.ts";
import { createOrder, markOrderPaid, type NewOrder } from "../../server/db/repositories.ts";
import type { Job, Order } from "../../server/db/schema.ts";
import { createTestDatabase, type TestDatabase } from "./databases.ts";
import { someonesOrder } from "./new-order.ts";

export interface RenewalTestBed {
  handle: TestDatabase;
  key: Buffer;
  /** A pending order, created at `at`. */
  order(overrides?: Partial<NewOrder>, at?: Date): Promise<Order>;
  /** Paid and delivered at `at` for the plan's months, its reminders and expiry scheduled. */
  deliveredOrder(overrides?: Partial<NewOrder>, at?: Date): Promise<Order>;
  /** The job scheduled under this unique key. */
  job(uniqueKey: string): Promise<Job>;
  /** The reminder `days` before the end of the delivered order's access, as delivery scheduled it. */
  reminderJob(order: Order, days: number): Promise<Job>;
  /** The expiry of the delivered order's access at its end. */
  expiryJob(order: Order): Promise<Job>;
}

export async function createRenewalTestBed(dialect: DialectName = "sqlite"): Promise<RenewalTestBed> {
  const handle = await createTestDatabase(dialect);
  await migrateToLatest(handle.db, dialect);
  const { db } = handle;

  const order = async (overrides: Partial<NewOrder> = {}, at = new Date()) =>
    (await createOrder(db, someonesOrder({ language: "en", ...overrides }), at)).order;

  const deliveredOrder = async (overrides: Partial<NewOrder> = {}, at = new Date()) => {
    const created = await order(overrides, at);
    await markOrderPaid(db, created.id, { gatewayReference: `test_${randomUUID()}` }, at);
    const endsAt = addCalendarMonths(at, 3);
    const delivered = await markOrderDelivered(db, created.id, { sealedDetails: "v1.not.a.secret", startsAt: at, endsAt }, at);
    if (!delivered) throw new Error("The order was not delivered");
    await scheduleAccessJobs(db, { id: delivered.access_id ?? 0 }, endsAt, at);
    return delivered;
  };

  const job = (uniqueKey: string) => db.selectFrom("jobs").selectAll().where("unique_key", "=", uniqueKey).executeTakeFirstOrThrow();

  const reminderJob = (order: Order, days: number) => job(`reminder-${days}:access-${order.access_id}:${order.access_ends_at}`);
  const expiryJob = (order: Order) => job(accessExpiryKey(order.access_id ?? 0, order.access_ends_at ?? ""));

  return { handle, key: deriveLinkKey(randomBytes(32)), order, deliveredOrder, job, reminderJob, expiryJob };
}
