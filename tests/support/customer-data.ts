/**
 * Test support for the customer's data (export and erasure): one customer with a row in every table that
 * can hold their address, made with the repositories the shop uses, and a search of every table for text.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { sql } from "kysely";
import { issueInvoice } from "../../app/invoices/issue.server.ts";
import { createCustomerSession } from "../../server/db/customer-sessions.ts";
import type { Database } from "../../server/db/database.ts";
import { recordOrderEvent } from "../../server/db/order-events.ts";
import {
  createOrder,
  findOrderById,
  markOrderFailed,
  markOrderPaid,
  saveContactMessage,
  subscribeToNewsletter,
} from "../../server/db/repositories.ts";
import type { DatabaseSchema, Order } from "../../server/db/schema.ts";
import { startSubscription } from "../../server/db/subscriptions.ts";
import { enqueueJob, JOB_KINDS } from "../../server/jobs/enqueue.ts";
import { queueMail } from "../../server/mail/mail-job.ts";
import { newOrder } from "./new-order.ts";

/** Every table, so that a table added later must be listed here (and thought about) to compile. */
const everyTable: Record<keyof DatabaseSchema, true> = {
  orders: true,
  contact_messages: true,
  newsletter_subscribers: true,
  mails: true,
  payment_events: true,
  rate_limit_counters: true,
  test_gateway_payments: true,
  operators: true,
  operator_recovery_codes: true,
  operator_sessions: true,
  audit_log: true,
  order_events: true,
  jobs: true,
  reminder_opt_outs: true,
  accesses: true,
  customer_sign_ins: true,
  customer_sessions: true,
  customer_preferences: true,
  document_counters: true,
  invoices: true,
  credit_notes: true,
  trials: true,
  trial_connections: true,
  subscriptions: true,
  test_gateway_cards: true,
  tallies: true,
  month_tax_totals: true,
  backup_runs: true,
};

/** Where each text occurs: `table.column` of every row holding it (case-insensitive). */
export async function whereFound(db: Database, texts: string[]): Promise<string[]> {
  const needles = texts.map((text) => text.toLowerCase());
  const found = new Set<string>();
  for (const table of Object.keys(everyTable) as (keyof DatabaseSchema)[]) {
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db)).rows;
    for (const row of rows) {
      for (const [column, value] of Object.entries(row)) {
        const text = String(value ?? "").toLowerCase();
        for (const needle of needles) if (text.includes(needle)) found.add(`${table}.${column}: ${needle}`);
      }
    }
  }
  return [...found].sort();
}

export interface Customer {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  clientAddress: string;
}

export const someCustomer = (): Customer => {
  const id = randomUUID().slice(0, 8);
  return {
    email: `Marta.${id}@Example.com`,
    firstName: `Marta${id}`,
    lastName: `Quintero${id}`,
    phone: `+34 611 ${id.slice(0, 3)} ${id.slice(3, 6)}`,
    clientAddress: "198.51.100.23",
  };
};

const yearMs = 365.25 * 24 * 60 * 60_000;

/**
 * The customer's rows: a paid and delivered order (with its invoice, an access, a running Stripe subscription, a
 * timeline line holding the client address, its mails and a pending reminder), a paid order 11 years old with its
 * invoice and an ended subscription on a card the test gateway kept, a failed one, a contact message (and the
 * operator's copy), a newsletter sign-up, a reminder opt-out, preferences, a sign-in and a session.
 */
export async function customerWithEverything(db: Database, who: Customer, now: Date) {
  const person = { first_name: who.firstName, last_name: who.lastName, email: who.email, phone: who.phone };
  const paid = (await createOrder(db, newOrder({ ...person, client_address: who.clientAddress }), now)).order;
  await markOrderPaid(db, paid.id, { gatewayReference: `test_${randomUUID()}` }, now);
  await db.updateTable("orders").set({ status: "fulfilled" }).where("id", "=", paid.id).execute();
  const old = new Date(now.getTime() - 11 * yearMs);
  const ancient = (await createOrder(db, newOrder(person), old)).order;
  await markOrderPaid(db, ancient.id, { gatewayReference: `test_${randomUUID()}` }, old);
  for (const [order, at] of [
    [paid, now],
    [ancient, old],
  ] as const) {
    await issueInvoice(db, (await findOrderById(db, order.id))!, { now: at, taxMode: "eu-oss" });
  }
  const failed = (await createOrder(db, newOrder({ ...person, client_address: who.clientAddress }), now)).order;
  await markOrderFailed(db, failed.id, { reason: "declined" }, now);

  const at = now.toISOString();
  const access = await db
    .insertInto("accesses")
    .values({
      reference: paid.reference,
      email: who.email.toLowerCase(),
      plan_key: paid.plan_key,
      viewers: paid.viewers,
      status: "active",
      details: "sealed-details",
      starts_at: at,
      ends_at: new Date(now.getTime() + 30 * 24 * 3600_000).toISOString(),
      revoked_at: null,
      revoke_reason: null,
      created_at: at,
      updated_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db.updateTable("orders").set({ access_id: access.id }).where("id", "=", paid.id).execute();
  const subscriptions = await subscriptionsOf(db, { paid: { ...paid, access_id: access.id }, ancient }, now);
  await recordOrderEvent(
    db,
    { orderId: paid.id, type: "access-revealed", actor: "customer", details: { address: who.clientAddress } },
    now,
  );
  await recordOrderEvent(db, { orderId: paid.id, type: "paid", actor: "processor", details: { gatewayReference: "test_x" } }, now);
  await queueMail(
    db,
    { kind: "order-confirmation", to: who.email, subject: "Your order", text: `Hello ${who.firstName}`, html: "", orderId: paid.id },
    now,
  );
  await queueMail(
    db,
    { kind: "operator-alert", to: "ops@shop.example", subject: "Late", text: `${who.firstName} waits`, html: "", orderId: paid.id },
    now,
  );
  const accessMail = {
    kind: "access-details",
    to: who.email,
    subject: "Your access",
    text: "user: secret-login",
    html: "",
    orderId: paid.id,
  };
  await queueMail(db, { ...accessMail, sealWith: randomBytes(32) }, now);
  const reminder = {
    kind: JOB_KINDS.renewalReminder,
    payload: { orderId: paid.id, days: 7 },
    runAt: now,
    uniqueKey: `reminder-7:${paid.id}`,
  };
  await enqueueJob(db, reminder, now);

  await saveContactMessage(
    db,
    { name: `${who.firstName} ${who.lastName}`, email: who.email, subject: "Hi", message: "A question", language: "es" },
    now,
  );
  await queueMail(
    db,
    { kind: "contact-notification", to: "ops@shop.example", subject: "Hi", text: `From ${who.email}: A question`, html: "" },
    now,
  );
  await subscribeToNewsletter(db, { email: who.email, language: "es" }, now);
  await db.insertInto("reminder_opt_outs").values({ email: who.email.toLowerCase(), created_at: at, updated_at: at }).execute();
  await db
    .insertInto("customer_preferences")
    .values({ email: who.email.toLowerCase(), mail_language: "es", created_at: at, updated_at: at })
    .execute();
  await db
    .insertInto("customer_sign_ins")
    .values({
      email: who.email.toLowerCase(),
      language: "es",
      token_hash: randomUUID(),
      code_hash: randomUUID(),
      customer_session_id: null,
      wrong_codes: 0,
      expires_at: at,
      used_at: at,
      created_at: at,
      updated_at: at,
    })
    .execute();
  await createCustomerSession(db, { email: who.email, address: who.clientAddress }, now);
  return { paid, ancient, failed, accessId: access.id, ...subscriptions };
}

/**
 * A running subscription at Stripe for the paid order (its processor's ids, card and unpaid invoice's page),
 * and, for the old order, one that ended long ago on a card the test gateway kept.
 */
async function subscriptionsOf(db: Database, orders: { paid: Order; ancient: Order }, now: Date) {
  const id = randomUUID();
  const running = await startSubscription(
    db,
    {
      order: { ...orders.paid, payment_processor: "stripe" },
      processorSubscriptionId: `sub_${id}`,
      processorCustomerId: `cus_${id}`,
      card: { brand: "visa", last4: "4242" },
      nextChargeAt: new Date(now.getTime() + 29 * 24 * 3600_000),
    },
    now,
  );
  await db
    .updateTable("subscriptions")
    .set({ pay_url: `https://invoice.stripe.com/i/${id}` })
    .where("id", "=", running.subscription.id)
    .execute();
  const old = orders.ancient.created_at;
  const card = { id: `tcard_${id}`, brand: "mastercard", last4: "4444", outcome: "approved", created_at: old, updated_at: old };
  await db.insertInto("test_gateway_cards").values(card).execute();
  const ended = await startSubscription(
    db,
    { order: orders.ancient, paymentMethod: card.id, card: { brand: card.brand, last4: card.last4 }, nextChargeAt: null },
    new Date(old),
  );
  await db
    .updateTable("subscriptions")
    .set({ status: "ended", end_reason: "payment-failed", ended_at: old })
    .where("id", "=", ended.subscription.id)
    .execute();
  return { subscriptionId: running.subscription.id, endedSubscriptionId: ended.subscription.id, keptCardId: card.id };
}
