/**
 * Mail as a kind of job (docs/decisions/0014-mail-on-the-job-queue.md). `queueMail` stores what the mail says
 * in `mails` and adds its `mail` job in the same transaction, so a mail server that is down loses nothing;
 * every server's job runner sends it (`mailJobHandler`) under the queue's claims and leases, and a failed
 * attempt is tried again after 1 min, 2, 4 … up to 6 h, at most `MAX_MAIL_ATTEMPTS` times.
 */
import { open, seal } from "../admin/secret-box.ts";
import type { Database } from "../db/database.ts";
import { findMail, insertMail, mailJobKey, type NewMail } from "../db/mails.ts";
import type { Job, Mail } from "../db/schema.ts";
import { enqueueJob, JOB_KINDS } from "../jobs/enqueue.ts";
import { GiveUp, type JobHandler, type JobLog } from "../jobs/runner.ts";
import { type InvoicePdfSource, invoiceAttachments } from "./invoice-attachment.ts";
import type { MailMessage, MailTransport } from "./transport.ts";

/** After this many failed attempts a mail is given up (its job keeps the last error, for the console). */
export const MAX_MAIL_ATTEMPTS = 10;
const FIRST_RETRY_DELAY_MS = 60_000;
const MAX_RETRY_DELAY_MS = 6 * 60 * 60_000;

/** Wait before the next try after `attempts` failures: 1 min, 2, 4, 8 … capped at 6 hours. */
export function mailRetryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_DELAY_MS * 2 ** Math.max(0, Math.min(attempts - 1, 20)), MAX_RETRY_DELAY_MS);
}

/** Marks a body stored sealed (AES-256-GCM with ACCESS_ENCRYPTION_KEY): the handler opens it to send it. */
const sealedPrefix = "sealed:";

/**
 * Queues the mail, due at `now`; `orderId` ties it to the order it is about. A mail carrying secrets (the
 * access details of an order) is queued with `sealWith`: its bodies are encrypted in the table, like the
 * details themselves, and opened only to be sent. Wake the job runner afterwards (after the commit, when
 * called in a transaction) to send it without waiting for the runner's next round.
 */
export async function queueMail(
  db: Database,
  message: MailMessage & { orderId?: number; invoiceId?: number; sealWith?: Buffer },
  now: Date = new Date(),
): Promise<Mail> {
  const { sealWith } = message;
  const stored = (body: string) => (sealWith ? `${sealedPrefix}${seal(sealWith, body)}` : body);
  const mail = {
    kind: message.kind,
    to_address: message.to,
    subject: message.subject,
    body_text: stored(message.text),
    body_html: message.html ? stored(message.html) : null,
    order_id: message.orderId ?? null,
    invoice_id: message.invoiceId ?? null,
  };
  return queueStoredMail(db, mail, now);
}

/** Queues a mail whose bodies are as they are to be stored (sealed already, say: a copy of a stored mail). */
export async function queueStoredMail(db: Database, mail: NewMail, now: Date = new Date()): Promise<Mail> {
  // Both rows or neither: a mail without its job would never be sent.
  const store = async (transaction: Database) => {
    const stored = await insertMail(transaction, mail, now);
    const payload = stored.order_id === null ? { mailId: stored.id } : { mailId: stored.id, orderId: stored.order_id };
    const job = { kind: JOB_KINDS.mail, payload, runAt: now, uniqueKey: mailJobKey(stored.id), maxAttempts: MAX_MAIL_ATTEMPTS };
    await enqueueJob(transaction, job, now);
    return stored;
  };
  return db.isTransaction ? store(db) : db.transaction().execute(store);
}

/** A stored body as it is sent: opened when it was sealed (and failing clearly without the key). */
export function openedBody(stored: string, key: Buffer | undefined): string {
  if (!stored.startsWith(sealedPrefix)) return stored;
  if (!key) throw new Error("This mail is stored encrypted and ACCESS_ENCRYPTION_KEY is not set");
  return open(key, stored.slice(sealedPrefix.length));
}

export interface MailJobOptions {
  db: Database;
  transport: MailTransport;
  /** The key that opens mails queued sealed (ACCESS_ENCRYPTION_KEY). */
  openWith?: Buffer;
  /** Where a sent mail is noted, and an invoice that could not be attached; failures are the runner's to log. */
  log?: Pick<JobLog, "info" | "warn">;
  /** Draws the PDF of the invoice a mail names, to attach it (app/invoices/pdf.server.ts, invoicePdfById). */
  invoicePdf?: InvoicePdfSource;
}

/** Sends the mail a `mail` job names. A failure throws the mail server's error, which the job records. */
export function mailJobHandler({ db, transport, openWith, log = console, invoicePdf }: MailJobOptions): JobHandler {
  return {
    async run(job) {
      const mailId = mailIdOf(job);
      const mail = await findMail(db, mailId);
      if (!mail) throw new GiveUp(`mail #${mailId} is not stored`);
      const html = mail.body_html ? openedBody(mail.body_html, openWith) : "";
      // Drawn now, at each attempt, from the invoice's snapshot: never stored with the mail.
      const attachments = await invoiceAttachments(mail, invoicePdf, log);
      await transport.send({
        to: mail.to_address,
        subject: mail.subject,
        text: openedBody(mail.body_text, openWith),
        html,
        kind: mail.kind,
        mailId: mail.id,
        ...(attachments.length > 0 ? { attachments } : {}),
      });
      log.info(`Mail #${mail.id} (${mail.kind}) sent`);
    },
    retryDelayMs: mailRetryDelayMs,
  };
}

function mailIdOf(job: Job): number {
  const { mailId } = JSON.parse(job.payload) as { mailId?: unknown };
  if (typeof mailId !== "number" || !Number.isSafeInteger(mailId)) throw new GiveUp(`job #${job.id} names no mail`);
  return mailId;
}
