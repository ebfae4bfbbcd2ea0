/**
 * What a customer chose in their account (customer_preferences, one row per address at most). Today: the
 * language of the shop's mails. No row, or no language chosen, means the mail goes out in the language the
 * order was placed in, so the senders pass that as the fallback.
 */
import { defaultLanguage, isLanguage, type Language } from "../../common/languages.ts";
import type { Database } from "./database.ts";
import { normalizeEmail } from "./newsletter.ts";
import { timestamp } from "./time.ts";

/** The language the address chose for its mails, or null (each mail in its order's language). */
export async function chosenMailLanguage(db: Database, email: string): Promise<Language | null> {
  const row = await db
    .selectFrom("customer_preferences")
    .select("mail_language")
    .where("email", "=", normalizeEmail(email))
    .executeTakeFirst();
  // A language the site no longer has is as good as no choice.
  return isLanguage(row?.mail_language) ? row.mail_language : null;
}

/** The language to write to the address in: its choice, else `fallback` (the order's language, say). */
export async function mailLanguageFor(db: Database, email: string, fallback: Language): Promise<Language> {
  return (await chosenMailLanguage(db, email)) ?? fallback;
}

/** Records the address's choice; null goes back to "the language of each order". One row per address. */
export async function setMailLanguage(db: Database, email: string, language: Language | null, now: Date = new Date()): Promise<void> {
  const at = timestamp(now);
  await db
    .insertInto("customer_preferences")
    .values({ email: normalizeEmail(email), mail_language: language, created_at: at, updated_at: at })
    .onConflict((conflict) => conflict.column("email").doUpdateSet({ mail_language: language, updated_at: at }))
    .execute();
}

/** The language of a mail about an order: the address's choice, else the language the order was placed in. */
export async function orderMailLanguage(db: Database, order: { email: string; language: string }): Promise<Language> {
  return mailLanguageFor(db, order.email, isLanguage(order.language) ? order.language : defaultLanguage);
}
