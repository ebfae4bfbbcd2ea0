/**
 * The contact form's messages.
 * Same conventions as every repository here: SQLite and PostgreSQL alike, an optional `now`.
 */
import type { Database } from "./database.ts";
import type { ContactMessage, Language } from "./schema.ts";
import { timestamp } from "./time.ts";

export interface NewContactMessage {
  name: string;
  email: string;
  subject: string;
  message: string;
  language: Language;
}

export async function saveContactMessage(db: Database, input: NewContactMessage, now: Date = new Date()): Promise<ContactMessage> {
  const at = timestamp(now);
  return db
    .insertInto("contact_messages")
    .values({
      name: input.name,
      email: input.email,
      subject: input.subject,
      message: input.message,
      language: input.language,
      mail_sent_at: null,
      created_at: at,
      updated_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function markContactMessageMailSent(db: Database, id: number, now: Date = new Date()): Promise<boolean> {
  const at = timestamp(now);
  const result = await db
    .updateTable("contact_messages")
    .set({ mail_sent_at: at, updated_at: at })
    .where("id", "=", id)
    .where("mail_sent_at", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
