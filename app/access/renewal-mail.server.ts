/**
 * Queues the renewal mails (server/mail/renewal-mail.ts) in the customer's language. A paid renewal's mail
 * links its invoice and, like the first order's confirmation, has the mail job attach the PDF.
 */
import { orderMailLanguage } from "../../server/db/customer-preferences.ts";
import type { Database } from "../../server/db/database.ts";
import { findInvoiceOfOrder } from "../../server/db/invoices.ts";
import type { Access, Order } from "../../server/db/schema.ts";
import { queueMail } from "../../server/mail/mail-job.ts";
import { RENEWAL_MAIL_KINDS, type RenewalMailInput, renderRenewalMail } from "../../server/mail/renewal-mail.ts";
import { invoiceLink } from "../mail.server";

export async function queueRenewalMail(
  db: Database,
  occasion: RenewalMailInput["occasion"],
  order: Order,
  access: Access,
  now: Date = new Date(),
): Promise<void> {
  const language = await orderMailLanguage(db, order);
  const invoice = occasion === "paid" ? await findInvoiceOfOrder(db, order.id) : undefined;
  const input = {
    ...(invoice ? { invoice: invoiceLink(invoice, language) } : {}),
    occasion,
    reference: order.reference,
    access: access.reference,
    firstName: order.first_name,
    planKey: access.plan_key,
    viewers: access.viewers,
    endsAt: new Date(access.ends_at),
  };
  const mail = renderRenewalMail(input, language);
  await queueMail(db, { kind: RENEWAL_MAIL_KINDS[occasion], to: order.email, ...mail, orderId: order.id, invoiceId: invoice?.id }, now);
}
