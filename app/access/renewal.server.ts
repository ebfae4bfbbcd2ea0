/**
 * A renewal, paid: the access it renews runs longer. Called in the transaction that marks the order paid, so
 * the payment and the new end are written together, once per order. The access's row is locked before it is
 * read (the same way app/renewals/reminder.server.ts locks an order), so two renewals of one access paid at
 * the same moment on two servers extend it one after the other: the second reads the first one's end.
 */
import { renewalPeriod } from "../../common/access-period.ts";
import { site } from "../../content/site.ts";
import { extendAccess, lockAccess } from "../../server/db/accesses.ts";
import type { Database } from "../../server/db/database.ts";
import { recordOrderEvent } from "../../server/db/order-events.ts";
import type { Access, Order } from "../../server/db/schema.ts";
import { scheduleAccessJobs } from "./schedule.server";

export interface AppliedRenewal {
  /** The renewal order, linked to the access and with the period it paid. */
  order: Order;
  /** The access with its new end, plan and viewers. */
  access: Access;
}

function monthsOf(order: Pick<Order, "plan_key" | "reference">): number {
  const plan = site.plans.find((candidate) => candidate.key === order.plan_key);
  if (!plan) throw new Error(`Order ${order.reference} has an unknown plan ${JSON.stringify(order.plan_key)}`);
  return plan.months;
}

/**
 * Extends the access the paid order renews: from its end while it runs, from now once it has ended, for the
 * order's plan; the access takes the order's plan and viewers and runs again if it had expired; its reminders
 * and expiry are scheduled for the new end. Undefined when there is nothing to do: not a renewal, already
 * applied, or the access was revoked since the checkout (a refund or a dispute): that order then waits to be
 * delivered as a new line, like any first order.
 */
export async function applyPaidRenewal(db: Database, order: Order, now: Date = new Date()): Promise<AppliedRenewal | undefined> {
  if (order.renews_access_id === null || order.access_id !== null) return undefined;
  const access = await lockAccess(db, order.renews_access_id);
  if (!access || access.status === "revoked") {
    const details = { access: access?.reference ?? null, reason: access ? "revoked" : "missing" };
    await recordOrderEvent(db, { orderId: order.id, type: "renewal-refused", actor: "system", details }, now);
    return undefined;
  }
  const period = renewalPeriod(access.ends_at, monthsOf(order), now);
  const linked = await db
    .updateTable("orders")
    .set({
      access_id: access.id,
      access_starts_at: period.startsAt.toISOString(),
      access_ends_at: period.endsAt.toISOString(),
      updated_at: now.toISOString(),
    })
    .where("id", "=", order.id)
    .where("access_id", "is", null)
    .returningAll()
    .executeTakeFirst();
  if (!linked) return undefined;
  const extended = await extendAccess(db, access.id, { endsAt: period.endsAt, planKey: order.plan_key, viewers: order.viewers }, now);
  if (!extended) throw new Error(`Access ${access.reference} could not be extended`);
  const details = { access: access.reference, from: access.ends_at, endsAt: extended.ends_at };
  await recordOrderEvent(db, { orderId: order.id, type: "renewed", actor: "system", details }, now);
  await scheduleAccessJobs(db, extended, period.endsAt, now);
  return { order: linked, access: extended };
}
