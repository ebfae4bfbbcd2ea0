/**
 * Everything the shop holds about an address, as rows, for "Download my data" (GDPR articles 15 and 20).
 * app/account/data/export.ts decides what of each row the customer receives; here only what belongs to them.
 */
import { sql } from "kysely";
import type { Database } from "./database.ts";
import { type MailWithState, mailsWithState } from "./mails.ts";
import { normalizeEmail } from "./newsletter.ts";
import type {
  Access,
  ContactMessage,
  CreditNote,
  CustomerPreferences,
  CustomerSession,
  CustomerSignIn,
  Invoice,
  NewsletterSubscriber,
  Order,
  OrderEvent,
  Subscription,
  Timestamp,
  Trial,
} from "./schema.ts";

export interface CustomerRecords {
  email: string;
  /** Newest first. */
  orders: Order[];
  /** The lines of those orders' timelines, oldest first. */
  events: OrderEvent[];
  accesses: Access[];
  /** Automatic renewals the address started, oldest first. */
  subscriptions: Subscription[];
  /** The invoices and credit notes of those orders, oldest first. */
  invoices: Invoice[];
  creditNotes: CreditNote[];
  contactMessages: ContactMessage[];
  newsletter: NewsletterSubscriber | undefined;
  /** When the address asked for no more renewal reminders; undefined when it did not. */
  reminderOptOutAt: Timestamp | undefined;
  preferences: CustomerPreferences | undefined;
  sessions: CustomerSession[];
  signIns: CustomerSignIn[];
  /** Free trials asked for and confirmed with the address (a request never confirmed is not one), oldest first. */
  trials: Trial[];
  /** Mails written to the address, with their sending state, oldest first. */
  mails: MailWithState[];
}

const lowerEmail = (column: string) => sql<string>`lower(${sql.ref(column)})`;

export async function customerRecords(db: Database, address: string): Promise<CustomerRecords> {
  const email = normalizeEmail(address);
  const orders = await db
    .selectFrom("orders")
    .selectAll()
    .where(lowerEmail("email"), "=", email)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  const orderIds = orders.map((order) => order.id);
  const ofOrders = <T>(read: () => Promise<T[]>) => (orderIds.length ? read() : Promise.resolve([] as T[]));
  const [
    events,
    accesses,
    subscriptions,
    invoices,
    creditNotes,
    contactMessages,
    newsletter,
    optOut,
    preferences,
    sessions,
    signIns,
    mails,
    trials,
  ] = await Promise.all([
    orderIds.length
      ? db.selectFrom("order_events").selectAll().where("order_id", "in", orderIds).orderBy("created_at").orderBy("id").execute()
      : [],
    db.selectFrom("accesses").selectAll().where("email", "=", email).orderBy("starts_at").orderBy("id").execute(),
    db.selectFrom("subscriptions").selectAll().where("email", "=", email).orderBy("created_at").orderBy("id").execute(),
    ofOrders(() => db.selectFrom("invoices").selectAll().where("order_id", "in", orderIds).orderBy("id").execute()),
    ofOrders(() => db.selectFrom("credit_notes").selectAll().where("order_id", "in", orderIds).orderBy("id").execute()),
    db.selectFrom("contact_messages").selectAll().where(lowerEmail("email"), "=", email).orderBy("created_at").orderBy("id").execute(),
    db.selectFrom("newsletter_subscribers").selectAll().where("email", "=", email).executeTakeFirst(),
    db.selectFrom("reminder_opt_outs").select("created_at").where(lowerEmail("email"), "=", email).executeTakeFirst(),
    db.selectFrom("customer_preferences").selectAll().where("email", "=", email).executeTakeFirst(),
    db.selectFrom("customer_sessions").selectAll().where("email", "=", email).orderBy("created_at").orderBy("id").execute(),
    db.selectFrom("customer_sign_ins").selectAll().where("email", "=", email).orderBy("created_at").orderBy("id").execute(),
    mailsWithState(db, (query) => query.where(lowerEmail("mails.to_address"), "=", email)),
    db.selectFrom("trials").selectAll().where("email", "=", email).where("status", "<>", "requested").orderBy("id").execute(),
  ]);
  return {
    email,
    orders,
    events,
    accesses,
    subscriptions,
    invoices,
    creditNotes,
    contactMessages,
    newsletter,
    reminderOptOutAt: optOut?.created_at,
    preferences,
    sessions,
    signIns,
    mails,
    trials,
  };
}
