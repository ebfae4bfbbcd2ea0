/**
 * The customer's preferences, read and changed from the dashboard: renewal reminders (reminder_opt_outs),
 * the newsletter (newsletter_subscribers) and the language of their mails (customer_preferences).
 */
import { isLanguage, type Language } from "../../../common/languages";
import { chosenMailLanguage, setMailLanguage } from "../../../server/db/customer-preferences.ts";
import type { Database } from "../../../server/db/database.ts";
import { newConfirmationToken, normalizeEmail } from "../../../server/db/newsletter.ts";
import { hasOptedOut, recordOptOut } from "../../renewals/opt-outs.server";

export interface Preferences {
  reminders: boolean;
  newsletter: boolean;
  /** null: each mail in the language its order was placed in. */
  mailLanguage: Language | null;
}

/** Subscribed means receiving it: confirmed and not unsubscribed. */
async function receivesNewsletter(db: Database, email: string): Promise<boolean> {
  const row = await db
    .selectFrom("newsletter_subscribers")
    .select(["confirmed_at", "unsubscribed_at"])
    .where("email", "=", normalizeEmail(email))
    .executeTakeFirst();
  return row !== undefined && row.confirmed_at !== null && row.unsubscribed_at === null;
}

export async function readPreferences(db: Database, email: string): Promise<Preferences> {
  const [optedOut, newsletter, mailLanguage] = await Promise.all([
    hasOptedOut(db, email),
    receivesNewsletter(db, email),
    chosenMailLanguage(db, email),
  ]);
  return { reminders: !optedOut, newsletter, mailLanguage };
}

/** What the form sent, checked: undefined when a value is not one the form offers (nothing is then changed). */
export function parsePreferences(form: Record<string, FormDataEntryValue>): Preferences | undefined {
  const onOff = (name: string) => (form[name] === "on" ? true : form[name] === "off" ? false : undefined);
  const reminders = onOff("reminders");
  const newsletter = onOff("newsletter");
  const language = form.mailLanguage;
  const mailLanguage = language === "order" ? null : isLanguage(language) ? language : undefined;
  if (reminders === undefined || newsletter === undefined || mailLanguage === undefined) return undefined;
  return { reminders, newsletter, mailLanguage };
}

async function setReminders(db: Database, email: string, on: boolean, now: Date): Promise<void> {
  if (!on) {
    await recordOptOut(db, email, now);
    return;
  }
  await db.deleteFrom("reminder_opt_outs").where("email", "=", normalizeEmail(email)).execute();
}

/**
 * On: the address is subscribed confirmed at once. The newsletter's double opt-in exists to prove the
 * subscriber reads the mailbox; a signed-in customer proved exactly that to open their session (a code or
 * link mailed to the address), so a second confirmation mail would prove nothing more.
 */
async function setNewsletter(db: Database, email: string, on: boolean, language: Language, now: Date): Promise<void> {
  const address = normalizeEmail(email);
  const at = now.toISOString();
  if (!on) {
    await db
      .updateTable("newsletter_subscribers")
      .set({ unsubscribed_at: at, updated_at: at })
      .where("email", "=", address)
      .where("unsubscribed_at", "is", null)
      .execute();
    return;
  }
  const existing = await db.selectFrom("newsletter_subscribers").selectAll().where("email", "=", address).executeTakeFirst();
  if (!existing) {
    const values = { email: address, language, confirmation_token: newConfirmationToken(), confirmed_at: at, unsubscribed_at: null };
    await db
      .insertInto("newsletter_subscribers")
      .values({ ...values, created_at: at, updated_at: at })
      .onConflict((conflict) => conflict.column("email").doNothing())
      .execute();
    return;
  }
  if (existing.confirmed_at !== null && existing.unsubscribed_at === null) return;
  // A fresh token on coming back, as a re-subscription gets: links in older mails stop working.
  const token = existing.unsubscribed_at === null ? existing.confirmation_token : newConfirmationToken();
  await db
    .updateTable("newsletter_subscribers")
    .set({ confirmed_at: at, unsubscribed_at: null, confirmation_token: token, updated_at: at })
    .where("id", "=", existing.id)
    .execute();
}

/** Applies every choice of the form (each is idempotent: a choice left as it was changes nothing). */
export async function savePreferences(
  db: Database,
  email: string,
  chosen: Preferences,
  language: Language,
  now: Date = new Date(),
): Promise<void> {
  await db.transaction().execute(async (transaction) => {
    await setReminders(transaction, email, chosen.reminders, now);
    await setNewsletter(transaction, email, chosen.newsletter, language, now);
    await setMailLanguage(transaction, email, chosen.mailLanguage, now);
  });
}
