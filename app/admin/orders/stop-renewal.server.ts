/**
 * "Stop automatic renewal" on the order page: the subscription the page shows renews no more (Stripe is told
 * by stopSubscription, which writes the timeline line), and the audit log says which operator did it, from
 * where. Only the subscription the page names stops: a stale form for another one is refused.
 */

import { type FormValues, formText } from "../../../common/read-form.ts";
import { recordAudit } from "../../../server/admin/audit.ts";
import { subscriptionOfOrderPage } from "../../../server/db/admin-subscriptions.ts";
import type { Order } from "../../../server/db/schema.ts";
import { LIVE_STATUSES } from "../../../server/db/subscriptions.ts";
import { stopSubscription } from "../../subscriptions/stop.server";
import { type ActionResult, failed, succeeded } from "./action-result";
import type { ConsoleOperator, ConsoleServices } from "./console-services.server";

export const STOP_RENEWAL_AUDIT = "stop-renewal";

export async function stopRenewalFromConsole(
  services: ConsoleServices,
  operator: ConsoleOperator,
  order: Order,
  form: FormValues,
  address: string,
  now: Date = new Date(),
): Promise<ActionResult> {
  const subscription = await subscriptionOfOrderPage(services.db, order);
  if (!subscription || String(subscription.id) !== formText(form, "subscription", 20)) {
    return failed("stop-renewal", "orders.subscription.stop.notFound");
  }
  if (!LIVE_STATUSES.includes(subscription.status)) return failed("stop-renewal", "orders.subscription.stop.already");
  const stopped = await stopSubscription(services, subscription, operator.email, now);
  if (!stopped) return failed("stop-renewal", "orders.subscription.stop.already");
  await recordAudit(
    services.db,
    {
      operatorId: operator.id,
      operatorEmail: operator.email,
      action: STOP_RENEWAL_AUDIT,
      subject: order.reference,
      address,
      details: { subscription: subscription.id, processor: subscription.processor },
    },
    now,
  );
  return succeeded("stop-renewal", "orders.subscription.stop.done");
}
