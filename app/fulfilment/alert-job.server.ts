/**
 * The `delivery-alert` job, FULFILMENT_ALERT_MINUTES after the payment: a paid order still waiting for its
 * access is flagged in the console and the operator gets one mail. The flag is set conditionally, so however
 * often the job runs (a retry, two servers), only the run that set it sends the mail.
 */
import { site } from "../../content/site";
import { markDeliveryAlerted } from "../../server/db/admin-orders.ts";
import { recordOrderEvent } from "../../server/db/order-events.ts";
import { findOrderById } from "../../server/db/repositories.ts";
import type { JobHandler } from "../../server/jobs/runner.ts";
import { queueMail } from "../../server/mail/mail-job.ts";
import { OPERATOR_ALERT_MAIL_KIND, renderDeliveryAlertMail } from "../../server/mail/operator-alert-mail.ts";
import { type FulfilmentSettings, orderIdOf, type ServicesGetter } from "./settings.server";

export function deliveryAlertHandler(openServices: ServicesGetter, settings: FulfilmentSettings): JobHandler {
  return {
    async run(job, now) {
      const { db, wakeMail } = await openServices();
      const order = await findOrderById(db, orderIdOf(job));
      if (order?.status !== "paid" || order.delivery_alerted_at) return;
      const waitingSince = order.paid_at ?? order.created_at;
      const plan = site.plans.find((candidate) => candidate.key === order.plan_key)?.name ?? order.plan_key;
      // The default language: the shop does not record an operator's language.
      const mail = renderDeliveryAlertMail({ reference: order.reference, plan, paidAt: new Date(waitingSince) });

      const alerted = await db.transaction().execute(async (transaction) => {
        if (!(await markDeliveryAlerted(transaction, order.id, now))) return false;
        // No order id on the mail: it is not one of the customer's mails, which the order page offers to send again.
        await queueMail(transaction, { kind: OPERATOR_ALERT_MAIL_KIND, to: settings.operatorEmail, ...mail }, now);
        await recordOrderEvent(transaction, { orderId: order.id, type: "delivery-late", actor: "system", details: { waitingSince } }, now);
        return true;
      });
      if (alerted) wakeMail();
    },
  };
}
