import { type FormValues, formText } from "../../../common/read-form.ts";
import { recordOperatorAction } from "../../../server/admin/operator-action.ts";
import { findOrderMail } from "../../../server/db/admin-orders.ts";
import type { Order } from "../../../server/db/schema.ts";
import { queueStoredMail } from "../../../server/mail/mail-job.ts";
import { type ActionResult, failed, succeeded } from "./action-result";
import type { ConsoleOperator, ConsoleServices } from "./console-services.server";

/**
 * Queues a copy of one of the order's mails, as it was first sent (same words, same address): the customer
 * lost it, or it went to spam. A mail id from the form is only taken if the mail belongs to this order.
 */
export async function resendMail(
  services: ConsoleServices,
  operator: ConsoleOperator,
  order: Order,
  form: FormValues,
  address: string,
  now: Date = new Date(),
): Promise<ActionResult> {
  const mailId = Number(formText(form, "mailId", 20));
  const mail = Number.isSafeInteger(mailId) && mailId > 0 ? await findOrderMail(services.db, order.id, mailId) : undefined;
  if (!mail) return failed("resend", "orders.resend.notFound");

  await services.db.transaction().execute(async (transaction) => {
    const copy = await queueStoredMail(
      transaction,
      {
        kind: mail.kind,
        to_address: mail.to_address,
        subject: mail.subject,
        body_text: mail.body_text,
        body_html: mail.body_html,
        order_id: order.id,
        invoice_id: mail.invoice_id ?? null,
      },
      now,
    );
    const details = { mailId: mail.id, copyId: copy.id, kind: mail.kind };
    await recordOperatorAction(transaction, operator, order, { name: "resend", event: "mail-resent", details }, address, now);
  });
  services.wakeMail();
  return succeeded("resend", "orders.resend.done", { to: mail.to_address });
}
