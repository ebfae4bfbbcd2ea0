import { seal } from "../../../server/admin/secret-box.ts";
import { addCalendarMonths, markOrderDelivered } from "../../../server/db/admin-orders.ts";
import type { Order } from "../../../server/db/schema.ts";
import { AFTER_SALE_MAIL_KINDS, renderAccessMail } from "../../../server/mail/access-mail.ts";
import { queueMail } from "../../../server/mail/outbox.ts";
import { findPlan } from "../../content/plans";
import { isLanguage } from "../../i18n/languages";
import { scheduleAccessJobs } from "../../jobs/schedule.server";
import { wakeMailWorker } from "../../services.server";
import { parseAccessForm } from "./access-form";
import { type ActionResult, type FormValues, failed, succeeded } from "./action-result";
import type { ConsoleOperator, ConsoleServices } from "./console-services.server";
import { recordOperatorAction } from "./operator-action.server";

/**
 * Delivers a paid order: the details typed by the operator are sealed, the order becomes fulfilled with its
 * access period (plan months, calendar months, from now), and the "Your access" mail is queued, all in one
 * transaction. The update only moves a paid order, so a second tab delivering at the same time changes
 * nothing. The details are never logged, and the timeline and audit log only learn the period.
 */
export async function deliverAccess(
  services: ConsoleServices,
  operator: ConsoleOperator,
  order: Order,
  form: FormValues,
  address: string,
  now: Date = new Date(),
): Promise<ActionResult> {
  const checked = parseAccessForm(form);
  const refuse = (key: Parameters<typeof failed>[1]) => ({ ...failed("deliver", key), values: checked.values });
  if (order.status === "fulfilled") return refuse("orders.deliver.already");
  if (order.status !== "paid") return refuse("orders.deliver.notPaid");
  const key = services.accessKey;
  if (!key) return refuse("orders.deliver.noKey");
  if (!checked.ok) return { ...refuse("orders.deliver.invalid"), errors: checked.errors };

  const plan = findPlan(order.plan_key);
  if (!plan) throw new Error(`Order ${order.reference} has an unknown plan ${JSON.stringify(order.plan_key)}`);
  const period = { startsAt: now, endsAt: addCalendarMonths(now, plan.months) };
  const sealedDetails = seal(key, JSON.stringify(checked.details));
  const language = isLanguage(order.language) ? order.language : "en";
  const mail = renderAccessMail({ reference: order.reference, firstName: order.first_name, details: checked.details, ...period }, language);

  const delivered = await services.db.transaction().execute(async (transaction) => {
    const updated = await markOrderDelivered(transaction, order.id, { sealedDetails, ...period }, now);
    if (!updated) return undefined;
    await scheduleAccessJobs(transaction, order, period.endsAt, now);
    // The mail carries the details: it is stored sealed too, and opened only to be sent.
    const message = { kind: AFTER_SALE_MAIL_KINDS.access, to: order.email, ...mail, orderId: order.id, sealWith: key };
    await queueMail(transaction, message, now);
    const details = { startsAt: period.startsAt.toISOString(), endsAt: period.endsAt.toISOString() };
    await recordOperatorAction(transaction, operator, order, { name: "deliver", event: "delivered", details }, address, now);
    return updated;
  });
  if (!delivered) return refuse("orders.deliver.already");
  wakeMailWorker();
  return succeeded("deliver", "orders.deliver.done", { email: order.email });
}
