/**
 * Ending an access for good: a full refund (the console's or the processor's) or a payment dispute opened at
 * the processor. The customer stops watching now, not at the period's end. Called in the transaction that
 * records the refund or the dispute; with a provisioning system an `access.revoked` event is queued (once per
 * access), without one the order's next step tells the operator to disable the line.
 */
import { revokeAccess } from "../../server/db/accesses.ts";
import type { Database } from "../../server/db/database.ts";
import { recordOrderEvent } from "../../server/db/order-events.ts";
import type { Access, Order } from "../../server/db/schema.ts";
import { scheduleAccessEvent } from "./schedule.server";
import { endSubscriptionsOfOrder } from "./subscription-end.server";

export type RevokeReason = "refund" | "dispute";

/**
 * Revokes the access the order paid for (or renews: a renewal refunded before it was applied has none yet,
 * and its refund is the renewal's, which leaves the line as it was). A full refund of a renewal ends the whole
 * access, as the issue asks: the money back means the line was not paid for. Undefined when there was no
 * access to revoke or it was revoked already.
 */
export async function revokeOrderAccess(
  db: Database,
  order: Pick<Order, "id" | "access_id" | "subscription_id">,
  reason: RevokeReason,
  now: Date = new Date(),
): Promise<Access | undefined> {
  await endSubscriptionsOfOrder(db, order, reason, now);
  if (order.access_id === null) return undefined;
  const revoked = await revokeAccess(db, order.access_id, reason, now);
  if (!revoked) return undefined;
  // Its orders' periods are over too: none of them is an access that runs any more.
  await db
    .updateTable("orders")
    .set({ status: "expired", updated_at: now.toISOString() })
    .where("access_id", "=", revoked.id)
    .where("id", "!=", order.id)
    .where("status", "=", "fulfilled")
    .execute();
  const sent = await scheduleAccessEvent(db, { type: "access.revoked", orderId: order.id, accessId: revoked.id }, now);
  const details = { access: revoked.reference, reason, provisioning: sent };
  await recordOrderEvent(db, { orderId: order.id, type: "access-revoked", actor: "system", details }, now);
  return revoked;
}
