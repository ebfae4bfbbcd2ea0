/**
 * The notice 7 days before an automatic charge (it replaces the reminders to renew for an access that renews
 * by itself). Sent while the subscription still renews and the access still ends where it was scheduled for,
 * once per access and end: the mail and its timeline line are written in one transaction with the check.
 */
import { lockAccess } from "../../server/db/accesses.ts";
import type { Database } from "../../server/db/database.ts";
import { recordOrderEvent } from "../../server/db/order-events.ts";
import { liveSubscriptionOfAccess } from "../../server/db/subscriptions.ts";
import { GiveUp } from "../../server/jobs/runner.ts";
import { chargeTimeOf, shopCharges } from "../access/subscription-timing";
import { queueChargeNotice } from "./mails.server";

export type ChargeNoticeOutcome = "sent" | "done-before" | "moved" | "not-renewing";

export async function sendChargeNotice(
  db: Database,
  request: { accessId: number; endsAt: string },
  now: Date = new Date(),
): Promise<ChargeNoticeOutcome> {
  return db.transaction().execute(async (transaction) => {
    const access = await lockAccess(transaction, request.accessId);
    if (!access) throw new GiveUp(`access ${request.accessId} does not exist`);
    if (access.ends_at !== request.endsAt) return "moved";
    const subscription = await liveSubscriptionOfAccess(transaction, access.id);
    if (subscription?.status !== "active" || access.status === "revoked") return "not-renewing";
    const earlier = await transaction
      .selectFrom("order_events")
      .select("details")
      .where("order_id", "=", subscription.order_id)
      .where("type", "=", "charge-notice-sent")
      .execute();
    if (earlier.some((event) => (JSON.parse(event.details ?? "{}") as { endsAt?: string }).endsAt === request.endsAt)) return "done-before";
    const chargeDate =
      chargeTimeOf({ shopCharges: shopCharges(subscription), accessEndsAt: access.ends_at }) ??
      new Date(subscription.next_charge_at ?? access.ends_at);
    await queueChargeNotice(transaction, subscription, chargeDate, now);
    const details = { endsAt: request.endsAt, chargeAt: chargeDate.toISOString(), amountCents: subscription.amount_cents };
    await recordOrderEvent(transaction, { orderId: subscription.order_id, type: "charge-notice-sent", actor: "system", details }, now);
    return "sent";
  });
}
