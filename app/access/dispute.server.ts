/**
 * A payment dispute opened at the processor (a chargeback): recorded on the order's timeline, flagged in the
 * console, and the access ends as after a full refund: the bank is taking the money back.
 */
import type { Database } from "../../server/db/database.ts";
import { recordOrderEvent } from "../../server/db/order-events.ts";
import type { Order } from "../../server/db/schema.ts";
import { revokeOrderAccess } from "./revoke.server";

export const DISPUTED_EVENT = "disputed";

/** `true` when this call recorded the dispute; a dispute told of twice is recorded once (the event's id too). */
export async function recordDispute(db: Database, order: Order, eventId: string, now: Date = new Date()): Promise<boolean> {
  return db.transaction().execute(async (transaction) => {
    // The order's row lock first, so a second notice at the same moment waits and then finds the first line.
    await transaction
      .updateTable("orders")
      .set((set) => ({ updated_at: set.ref("updated_at") }))
      .where("id", "=", order.id)
      .execute();
    const earlier = await transaction
      .selectFrom("order_events")
      .select("id")
      .where("order_id", "=", order.id)
      .where("type", "=", DISPUTED_EVENT)
      .executeTakeFirst();
    if (earlier) return false;
    await recordOrderEvent(transaction, { orderId: order.id, type: DISPUTED_EVENT, actor: "processor", details: { eventId } }, now);
    await revokeOrderAccess(transaction, order, "dispute", now);
    return true;
  });
}
