/**
 * The `mails` table: what each mail says, written once. Whether it went out is the state of its job in
 * `jobs` (docs/decisions/0014-mail-on-the-job-queue.md), so reading a mail's state reads the two together.
 * Same conventions as every repository here: SQLite and PostgreSQL alike, an optional `now`.
 */
import { type SelectQueryBuilder, sql } from "kysely";
import type { Database } from "./database.ts";
import type { DatabaseSchema, Mail, Timestamp } from "./schema.ts";

export interface NewMail {
  kind: string;
  to_address: string;
  subject: string;
  body_text: string;
  body_html?: string | null;
  /** The order the mail is about, for the order's timeline. */
  order_id?: number | null;
  /** The invoice whose PDF the mail job attaches when it sends the mail (drawn then, never stored here). */
  invoice_id?: number | null;
}

/** The unique key of a mail's job: one job per mail, and the link the reads below join on. */
export function mailJobKey(mailId: number): string {
  return `mail:${mailId}`;
}

/**
 * Deletes these mails with their jobs (sent or not: a job left behind would find no mail). Their files in the
 * outbox, if the server writes mails to files, are the caller's to remove once this is committed
 * (server/mail/outbox-files.ts).
 */
export async function deleteMails(db: Database, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  await db.deleteFrom("jobs").where("unique_key", "in", ids.map(mailJobKey)).execute();
  return Number((await db.deleteFrom("mails").where("id", "in", ids).executeTakeFirst()).numDeletedRows);
}

export async function insertMail(db: Database, mail: NewMail, now: Date = new Date()): Promise<Mail> {
  const at = now.toISOString();
  return db
    .insertInto("mails")
    .values({
      kind: mail.kind,
      to_address: mail.to_address,
      subject: mail.subject,
      body_text: mail.body_text,
      body_html: mail.body_html ?? null,
      order_id: mail.order_id ?? null,
      // Written only when there is one: queueing any other mail works on a database migrated only as far as an
      // older migration, as server/db/mail-migration.test.ts runs it at 007.
      ...(mail.invoice_id ? { invoice_id: mail.invoice_id } : {}),
      created_at: at,
      updated_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findMail(db: Database, id: number): Promise<Mail | undefined> {
  return db.selectFrom("mails").selectAll().where("id", "=", id).executeTakeFirst();
}

/** A mail and where its sending stands, as the console shows it. */
export interface MailWithState extends Omit<Mail, "invoice_id"> {
  /** The invoice the mail job attaches (read, so a copy sent again attaches it too); optional for the views. */
  invoice_id?: number | null;
  /** Failed attempts: a claim still in progress is not one. */
  attempts: number;
  /** The mail server's last refusal, or why the mail could not be sent. */
  last_error: string | null;
  sent_at: Timestamp | null;
  /** Given up after its last attempt. */
  failed_at: Timestamp | null;
  /** When its sending last changed: queued, claimed, failed, sent. */
  changed_at: Timestamp;
}

type MailQuery = SelectQueryBuilder<DatabaseSchema, "mails", Mail>;

/** Mails with their jobs' state, oldest first; `narrow` picks which (an order's, a kind, since a time). */
export async function mailsWithState(db: Database, narrow: (query: MailQuery) => MailQuery = (query) => query): Promise<MailWithState[]> {
  const rows = await narrow(db.selectFrom("mails").selectAll("mails"))
    .leftJoin("jobs", (join) => join.on(sql<boolean>`${sql.ref("jobs.unique_key")} = 'mail:' || cast(${sql.ref("mails.id")} as text)`))
    .select(["jobs.attempts", "jobs.last_error", "jobs.locked_by", "jobs.done_at", "jobs.failed_at", "jobs.updated_at as changed_at"])
    .orderBy("mails.created_at")
    .orderBy("mails.id")
    .execute();
  return rows.map(({ attempts, locked_by, done_at, changed_at, ...row }) => {
    // Every claim counts an attempt; one that has not ended (neither done, nor given up, nor released for a
    // retry, which clears `locked_by`) is not a failure yet.
    const inProgress = locked_by !== null && done_at === null && row.failed_at === null;
    const failures = (attempts ?? 0) - (done_at !== null || inProgress ? 1 : 0);
    return { ...row, attempts: Math.max(0, failures), sent_at: done_at, changed_at: changed_at ?? row.created_at };
  });
}
