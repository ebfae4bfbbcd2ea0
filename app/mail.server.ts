import { defaultLanguage, isLanguage, type Language, localizePath } from "../common/languages";
import { site } from "../content/site";
import { serverConfig } from "../server/config.ts";
import { orderMailLanguage } from "../server/db/customer-preferences.ts";
import type { Database } from "../server/db/database.ts";
import { findInvoiceOfOrder } from "../server/db/invoices.ts";
import type { ContactMessage, Invoice, NewsletterSubscriber, Order } from "../server/db/schema.ts";
import { AFTER_SALE_MAIL_KINDS, renderRefundMail } from "../server/mail/access-mail.ts";
import type { InvoiceLink } from "../server/mail/invoice-section.ts";
import { queueMail } from "../server/mail/mail-job.ts";
import { NEWSLETTER_ALREADY_SUBSCRIBED_KIND, renderNewsletterAlreadySubscribed } from "../server/mail/newsletter-mail.ts";
import {
  MAIL_KINDS,
  orderConfirmationInput,
  renderContactNotification,
  renderNewsletterConfirmation,
  renderOrderConfirmation,
} from "../server/mail/templates.ts";
import { formatPrice } from "./content/plans";

/** Where contact messages go: OPERATOR_EMAIL, else the support address of content/site.ts. */
const operatorAddress = serverConfig().OPERATOR_EMAIL ?? site.brand.supportEmail;

const languageOf = (value: string): Language => (isLanguage(value) ? value : defaultLanguage);

/**
 * Mails are stored first and sent as jobs, so a mail server that is down never loses one. Queued only: the
 * caller wakes the job runner (`Services.wakeMail`) once the mail is committed.
 */
async function queue(db: Database, kind: string, to: string, mail: { subject: string; text: string; html: string }, orderId?: number) {
  await queueMail(db, { kind, to, ...mail, orderId });
}

/** Where the customer finds an invoice: its page in their account, in the mail's language. */
export function invoiceLink(invoice: Pick<Invoice, "number">, language: Language): InvoiceLink {
  const path = localizePath(`/account/invoices/${encodeURIComponent(invoice.number)}`, language);
  return { number: invoice.number, url: new URL(path, site.brand.origin).href };
}

/**
 * The order's confirmation, in the customer's language. The invoice issued with the payment (in the same
 * transaction, just before) is linked to its page in the account, and named on the stored mail so that the
 * mail job attaches its PDF when it sends it (server/mail/invoice-attachment.ts): the PDF is drawn then, from
 * the invoice's snapshot, never stored with the mail.
 */
export async function queueOrderConfirmation(db: Database, order: Order) {
  const language = await orderMailLanguage(db, order);
  const invoice = await findInvoiceOfOrder(db, order.id);
  const link = invoice && invoiceLink(invoice, language);
  const input = orderConfirmationInput(order, formatPrice(order.amount_cents, language, order.currency), link);
  const mail = renderOrderConfirmation(input, language);
  await queueMail(db, { kind: MAIL_KINDS.orderConfirmation, to: order.email, ...mail, orderId: order.id, invoiceId: invoice?.id });
}

/**
 * The customer's notice of a refund, in their language: queued by whichever call records the refund (the
 * console, or Stripe's webhook for a refund it told of first or made in the Dashboard), in the transaction
 * that records it, so each refund recorded is mailed once.
 */
export async function queueRefundNotice(db: Database, order: Order, refundedCents: number, refundedAt: Date = new Date()) {
  const language = await orderMailLanguage(db, order);
  const amount = formatPrice(refundedCents, language, order.currency);
  const mail = renderRefundMail({ reference: order.reference, firstName: order.first_name, amount, refundedAt }, language);
  await queueMail(db, { kind: AFTER_SALE_MAIL_KINDS.refund, to: order.email, ...mail, orderId: order.id }, refundedAt);
}

export function queueContactNotification(db: Database, message: ContactMessage) {
  const mail = renderContactNotification({ ...message, language: languageOf(message.language), receivedAt: new Date(message.created_at) });
  return queue(db, MAIL_KINDS.contactNotification, operatorAddress, mail);
}

/** The confirm and unsubscribe links of a subscriber, on the site's public origin, in their language. */
export function newsletterLinks(subscriber: NewsletterSubscriber) {
  const language = languageOf(subscriber.language);
  const link = (path: string) => new URL(`${localizePath(path, language)}?token=${subscriber.confirmation_token}`, site.brand.origin).href;
  return { confirmUrl: link("/newsletter/confirm"), unsubscribeUrl: link("/newsletter/unsubscribe") };
}

/** To an address signed up again while already subscribed: nothing changed, and how to leave. */
export function queueNewsletterAlreadySubscribed(db: Database, subscriber: NewsletterSubscriber) {
  const mail = renderNewsletterAlreadySubscribed(newsletterLinks(subscriber), languageOf(subscriber.language));
  return queue(db, NEWSLETTER_ALREADY_SUBSCRIBED_KIND, subscriber.email, mail);
}

export function queueNewsletterConfirmation(db: Database, subscriber: NewsletterSubscriber) {
  const mail = renderNewsletterConfirmation(newsletterLinks(subscriber), languageOf(subscriber.language));
  return queue(db, MAIL_KINDS.newsletterConfirmation, subscriber.email, mail);
}
