import { type CreateTableBuilder, type Kysely, sql } from "kysely";
import { idColumn, isPostgres, timestampType } from "./portable.ts";

/** The outbox's last attempt, as this migration found it: a row with that many failures was no longer tried. */
const OUTBOX_MAX_ATTEMPTS = 10;

/**
 * Mail becomes a kind of job (docs/decisions/0014-mail-on-the-job-queue.md). What each mail says moves from
 * `outbox_mails` to `mails`, keeping its id (the console's forms, the audit log and the timeline name mails by
 * it); how its sending stands becomes one `mail` job per row:
 * - unsent, attempts left: pending, due when the outbox would have tried it (`next_attempt_at`, which for a
 *   mail claimed at this moment is its lease's end), with its failed attempts and last error;
 * - sent: done at `sent_at`, its claims counted as the queue counts them (the failures and the one that sent);
 * - unsent, attempts spent: given up at its last change, with its last error.
 * Then the outbox goes, with the worker that read it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withWords(db, db.schema.createTable("mails"))
    .addColumn("order_id", "integer")
    .addColumn("created_at", timestampType, (column) => column.notNull())
    .addColumn("updated_at", timestampType, (column) => column.notNull())
    .execute();
  await db.schema.createIndex("mails_order_idx").on("mails").column("order_id").execute();

  await sql`
    insert into mails (id, kind, to_address, subject, body_text, body_html, order_id, created_at, updated_at)
    select id, kind, to_address, subject, body_text, body_html, order_id, created_at, created_at from outbox_mails`.execute(db);
  // The rows brought their ids: new mails are numbered after the highest.
  if (isPostgres(db))
    await sql`select setval(pg_get_serial_sequence('mails', 'id'), (select coalesce(max(id), 0) + 1 from mails), false)`.execute(db);

  const spent = sql.lit(OUTBOX_MAX_ATTEMPTS);
  // The payload as JSON.stringify writes it in server/mail/mail-job.ts, so `jobsFor({ orderId })` finds these too.
  await sql`
    insert into jobs (kind, payload, unique_key, run_at, attempts, max_attempts, last_error, locked_by, locked_until,
      done_at, failed_at, created_at, updated_at)
    select 'mail',
      '{"mailId":' || cast(id as text) || case when order_id is null then '' else ',"orderId":' || cast(order_id as text) end || '}',
      'mail:' || cast(id as text),
      next_attempt_at,
      case when sent_at is null then attempts else attempts + 1 end,
      ${spent}, last_error, null, null, sent_at,
      case when sent_at is null and attempts >= ${spent} then updated_at end,
      created_at, updated_at
    from outbox_mails order by id`.execute(db);

  await db.schema.dropTable("outbox_mails").execute();
}

/** Back to the outbox, each mail with the state its job had reached; the mail jobs go. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await withWords(db, db.schema.createTable("outbox_mails"))
    .addColumn("attempts", "integer", (column) => column.notNull().defaultTo(0).check(sql`attempts >= 0`))
    .addColumn("last_error", "text")
    .addColumn("sent_at", timestampType)
    .addColumn("next_attempt_at", timestampType, (column) => column.notNull())
    .addColumn("created_at", timestampType, (column) => column.notNull())
    .addColumn("updated_at", timestampType, (column) => column.notNull())
    .addColumn("order_id", "integer")
    .execute();
  await db.schema
    .createIndex("outbox_mails_due_idx")
    .on("outbox_mails")
    .column("next_attempt_at")
    .where(sql.ref("sent_at"), "is", null)
    .execute();
  await db.schema.createIndex("outbox_mails_order_idx").on("outbox_mails").column("order_id").execute();

  await sql`
    insert into outbox_mails (id, kind, to_address, subject, body_text, body_html, attempts, last_error, sent_at, next_attempt_at,
      created_at, updated_at, order_id)
    select m.id, m.kind, m.to_address, m.subject, m.body_text, m.body_html,
      case when j.done_at is not null and j.attempts > 0 then j.attempts - 1 else coalesce(j.attempts, 0) end,
      j.last_error, j.done_at, coalesce(j.run_at, m.created_at), m.created_at, coalesce(j.updated_at, m.updated_at), m.order_id
    from mails m left join jobs j on j.unique_key = 'mail:' || cast(m.id as text)
    order by m.id`.execute(db);
  if (isPostgres(db)) {
    await sql`select setval(pg_get_serial_sequence('outbox_mails', 'id'), (select coalesce(max(id), 0) + 1 from outbox_mails), false)`.execute(
      db,
    );
  }
  await sql`delete from jobs where kind = 'mail'`.execute(db);
  await db.schema.dropTable("mails").execute();
}

/** A mail's id and words: the same columns in `mails` as they were in `outbox_mails`. */
function withWords<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T>) {
  return table
    .addColumn("id", "integer", idColumn(db))
    .addColumn("kind", "text", (column) => column.notNull())
    .addColumn("to_address", "text", (column) => column.notNull())
    .addColumn("subject", "text", (column) => column.notNull())
    .addColumn("body_text", "text", (column) => column.notNull())
    .addColumn("body_html", "text");
}
