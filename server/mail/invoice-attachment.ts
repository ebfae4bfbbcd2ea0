/**
 * The invoice PDF a mail carries (docs/decisions/0022-invoice-pdf-and-mail.md). A mail names its invoice
 * (`mails.invoice_id`); the mail job draws the PDF when it sends the mail, from the invoice's snapshot, and
 * attaches it when it is small enough. Drawing it is the app's (app/invoices/pdf.server.ts): the job is handed
 * the function. Whatever goes wrong, the mail still goes, with its link to the invoice's page only.
 */
import type { JobLog } from "../jobs/runner.ts";
import type { MailAttachment } from "./transport.ts";

/**
 * Above this the PDF is not attached (the link in the mail stays): an invoice is a few kilobytes, so a
 * bigger one is a sign that something is wrong, and some mailboxes refuse large mails.
 */
export const MAX_INVOICE_ATTACHMENT_BYTES = 200 * 1024;

/** Draws an invoice's PDF by the invoice's id: undefined when there is no such invoice. */
export type InvoicePdfSource = (invoiceId: number) => Promise<{ fileName: string; bytes: Uint8Array } | undefined>;

/**
 * The attachments of a mail about `invoiceId`: its PDF, or none when the mail names no invoice, no source is
 * given, the invoice is gone, the PDF is too big, or drawing it fails. A failure is logged by the mail's and
 * the invoice's ids and the error's name only: the message could quote the customer's details.
 */
export async function invoiceAttachments(
  mail: { id: number; invoice_id: number | null },
  source: InvoicePdfSource | undefined,
  log: Pick<JobLog, "warn">,
  limit: number = MAX_INVOICE_ATTACHMENT_BYTES,
): Promise<MailAttachment[]> {
  if (mail.invoice_id === null || !source) return [];
  const label = `Mail #${mail.id}: invoice #${mail.invoice_id}`;
  let pdf: Awaited<ReturnType<InvoicePdfSource>>;
  try {
    pdf = await source(mail.invoice_id);
  } catch (error) {
    log.warn(`${label} could not be drawn as a PDF (${error instanceof Error ? error.name : "error"}); sent with the link only`);
    return [];
  }
  if (!pdf) {
    log.warn(`${label} is not stored; sent with the link only`);
    return [];
  }
  if (pdf.bytes.byteLength > limit) {
    log.warn(`${label}'s PDF is ${pdf.bytes.byteLength} bytes, over ${limit}; sent with the link only`);
    return [];
  }
  return [{ filename: pdf.fileName, content: pdf.bytes, contentType: "application/pdf" }];
}
