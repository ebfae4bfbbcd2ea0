/**
 * Where mail goes: an SMTP server when `SMTP_URL` is set (production), otherwise one `.eml` file per message
 * under `data/outbox/`, so in development every mail the site sends can be opened in a mail client or read
 * as text.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import nodemailer from "nodemailer";
import { OWNER_ONLY_FILE, OWNER_ONLY_FOLDER } from "../private-files.ts";
import { emlFileName, safeKind } from "./outbox-files.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The HTML alternative; an empty string sends the text part alone. */
  html: string;
  /** What the mail is for (`order-confirmation`, …): named in the .eml file and in an `X-Mail-Kind` header. */
  kind: string;
  /** Files sent with it (an invoice's PDF), drawn when the mail is sent, never stored with it. */
  attachments?: MailAttachment[];
  /** The stored mail's id: it names the outbox's file, which goes when the mail is deleted (outbox-files.ts). */
  mailId?: number;
}

export interface MailAttachment {
  filename: string;
  content: Uint8Array;
  contentType: string;
}

export interface MailTransport {
  /** Resolves once the message is handed over (accepted by the SMTP server, or written); rejects otherwise. */
  send(message: MailMessage): Promise<void>;
}

export interface MailTransportConfig {
  /** e.g. `smtps://user:password@smtp.example.com:465`; empty or absent selects the .eml files. */
  smtpUrl?: string;
  /** Folder for the .eml files; default `data/outbox` (relative to the working directory). */
  outboxDirectory?: string;
  /** The From address, e.g. `NovaStream <no-reply@novastream.example>`. */
  from: string;
}

export interface ConfiguredMailTransport extends MailTransport {
  readonly mode: "smtp" | "files";
  /** Where mail goes, without credentials, for the start-up log: `smtp://smtp.example.com:587` or the folder. */
  readonly destination: string;
  /** Closes SMTP connections (nothing to do for files). */
  close(): void;
}

export const DEFAULT_OUTBOX_DIRECTORY = "data/outbox";

/** SMTP limits, so a dead or slow mail server fails the attempt (to be retried) instead of hanging it. */
export const SMTP_TIMEOUTS_MS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 10_000, dnsTimeout: 5_000 } as const;

export function createMailTransport(config: MailTransportConfig): ConfiguredMailTransport {
  const smtpUrl = config.smtpUrl?.trim();
  return smtpUrl
    ? createSmtpTransport(smtpUrl, config.from)
    : createFileTransport(config.outboxDirectory ?? DEFAULT_OUTBOX_DIRECTORY, config.from);
}

function mailOptions(message: MailMessage, from: string) {
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.html === "" ? {} : { html: message.html }),
    ...(message.attachments?.length
      ? { attachments: message.attachments.map((file) => ({ ...file, content: Buffer.from(file.content) })) }
      : {}),
    headers: { "X-Mail-Kind": safeKind(message.kind) },
  };
}

function createSmtpTransport(smtpUrl: string, from: string): ConfiguredMailTransport {
  const transporter = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS_MS });
  return {
    mode: "smtp",
    destination: redactUrl(smtpUrl),
    async send(message) {
      await transporter.sendMail(mailOptions(message, from));
    },
    close() {
      transporter.close();
    },
  };
}

function createFileTransport(directory: string, from: string): ConfiguredMailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    mode: "files",
    destination: directory,
    async send(message) {
      const info = await transporter.sendMail(mailOptions(message, from));
      if (!Buffer.isBuffer(info.message)) throw new Error("Mail stream transport did not return a buffer");
      // `wx`: never overwrite; the random part makes a clash practically impossible anyway.
      const name = emlFileName(message.kind, new Date(), message.mailId);
      const write = () => writeFile(join(directory, name), info.message, { flag: "wx", mode: OWNER_ONLY_FILE });
      // The folder is made when a write finds it missing, not before every mail (a drain of 100,000 mails spent
      // a twentieth of its time asking for it), so one removed while the server runs still comes back.
      await write().catch(async (error: NodeJS.ErrnoException) => {
        if (error.code !== "ENOENT") throw error;
        await mkdir(directory, { recursive: true, mode: OWNER_ONLY_FOLDER });
        await write();
      });
    },
    close() {},
  };
}

/** The URL without user name, password, path or query: safe to log. */
function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return "(an SMTP_URL that is not a valid URL)";
  }
}
