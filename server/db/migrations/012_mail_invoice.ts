import type { Kysely } from "kysely";

/**
 * The invoice a mail carries (docs/decisions/0022-invoice-pdf-and-mail.md): the order confirmation
 * names its invoice, and the mail job draws that invoice's PDF from its snapshot when it sends the mail and
 * attaches it. The PDF itself is never stored in `mails`. Null for every other mail, and for mails queued
 * before this migration (they go as they were written).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("mails").addColumn("invoice_id", "integer").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("mails").dropColumn("invoice_id").execute();
}
