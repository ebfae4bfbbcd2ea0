/**
 * The end of an order's access: fulfilled → expired, when the access period is over. The update is
 * conditional on both, so a refund in the meantime or an access extended by an operator wins, and a second
 * run changes nothing and writes no second timeline line.
 */
import type { Database } from "../../server/db/database.ts";
import { recordOrderEvent } from "../../server/db/order-events.ts";

/** `true` when this call expired the order. */
export async function expireAccess(db: Database, orderId: number, now: Date = new Date()): Promise<boolean> {
  const at = now.toISOString();
  return db.transaction().execute(async (transaction) => {
    const expired = await transaction
      .updateTable("orders")
      .set({ status: "expired", updated_at: at })
      .where("id", "=", orderId)
      .where("status", "=", "fulfilled")
      .where("access_ends_at", "<=", at)
      .returning(["id", "access_ends_at"])
      .executeTakeFirst();
    if (!expired) return false;
    await recordOrderEvent(transaction, { orderId, type: "expired", actor: "system", details: { endsAt: expired.access_ends_at } }, now);
    return true;
  });
}
