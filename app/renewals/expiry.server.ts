/**
 * The end of an access: active → expired when its end has passed, and its delivered orders with it. The
 * update is conditional on both, so a renewal that moved the end meanwhile or a revocation wins, and a second
 * run changes nothing and writes no second timeline line. A free trial's line expires the same way.
 */
import { markAccessExpired } from "../../server/db/accesses.ts";
import type { Database } from "../../server/db/database.ts";
import { recordOrderEvent } from "../../server/db/order-events.ts";
import { markTrialExpired } from "../../server/db/trials.ts";

/** `true` when this call expired the access. */
export async function expireAccess(db: Database, accessId: number, now: Date = new Date()): Promise<boolean> {
  const at = now.toISOString();
  return db.transaction().execute(async (transaction) => {
    const expired = await markAccessExpired(transaction, accessId, now);
    if (!expired) return false;
    // A free trial's access has no orders: its trial says it ended instead.
    if (expired.kind === "trial") await markTrialExpired(transaction, accessId, now);
    const orders = await transaction
      .updateTable("orders")
      .set({ status: "expired", updated_at: at })
      .where("access_id", "=", accessId)
      .where("status", "=", "fulfilled")
      .returning("id")
      .execute();
    for (const { id } of orders) {
      await recordOrderEvent(transaction, { orderId: id, type: "expired", actor: "system", details: { endsAt: expired.ends_at } }, now);
    }
    return true;
  });
}
