/**
 * Every read the console makes, run once each way a person can ask for it: the lists unfiltered, with each
 * filter, searched, at the first, a middle and the last page; the counts; an order's, a message's, a trial's
 * and a document's page; the exports. The query-plan test records their statements and reads their plans;
 * a new console read belongs here.
 */

import { loadDocumentPage } from "../../app/admin/books/document-page.server.ts";
import { loadMonthPage } from "../../app/admin/books/month-page.server.ts";
import { monthDocuments } from "../../app/admin/books/month-zip.server.ts";
import { exportLines } from "../../app/admin/books/orders-export.server.ts";
import { monthRange } from "../../app/admin/books/period.ts";
import { loadMessage } from "../../app/admin/inbox/message.server.ts";
import type { ConsoleServices } from "../../app/admin/orders/console-services.server.ts";
import { loadOrderPage } from "../../app/admin/orders/order-page.server.ts";
import { loadTrialPage } from "../../app/admin/trials/trials.server.ts";
import { countAuditSince, listAudit } from "../../server/admin/audit.ts";
import { countCustomersByState, customerFilters, listCustomers } from "../../server/db/admin-customers.ts";
import { countWaitingMessages, inboxFilters, listContactMessages } from "../../server/db/admin-inbox.ts";
import { countAwaitingDelivery, listOrders, orderStatuses } from "../../server/db/admin-orders.ts";
import { countSubscribersByState, listSubscribers, subscriberFilters, subscribersBatch } from "../../server/db/admin-subscribers.ts";
import type { Database } from "../../server/db/database.ts";
import type { KeysetPage, PagePosition } from "../../server/db/keyset.ts";
import { listTrials, trialListStates } from "../../server/db/trials.ts";

/** A list read at its first page, the page after it, the page before that, and its last page. */
async function everyPosition<Row>(read: (position: PagePosition) => Promise<KeysetPage<Row>>): Promise<void> {
  const first = await read({ at: "first" });
  if (first.last) {
    const second = await read({ at: "after", cursor: first.last });
    if (second.first) await read({ at: "before", cursor: second.first });
  }
  await read({ at: "last" });
}

async function drain<T>(rows: AsyncIterable<T>, most: number): Promise<void> {
  let seen = 0;
  for await (const _row of rows) if (++seen >= most) return;
}

/**
 * Runs every read through `db` (the recording handle); `lookup` finds the rows to open (an order, a message…)
 * without being recorded.
 */
export async function consoleReads(db: Database, lookup: Database, now: Date): Promise<void> {
  const order = await db
    .selectFrom("orders")
    .select(["reference", "email", "first_name", "last_name"])
    .where("status", "=", "fulfilled")
    .orderBy("id")
    .executeTakeFirstOrThrow();
  for (const status of [undefined, ...orderStatuses]) await everyPosition((position) => listOrders(db, { status, position }));
  for (const search of [
    order.email,
    order.reference,
    order.reference.slice(3, 7),
    `${order.first_name} ${order.last_name}`,
    order.last_name,
    "a",
  ]) {
    await everyPosition((position) => listOrders(db, { search, position }));
    await listOrders(db, { search, status: "fulfilled" });
  }
  await countAwaitingDelivery(db);
  // The orders list's count of the processor's events refused in the last 30 days.
  await countAuditSince(db, "processor-event-refused", new Date(now.getTime() - 30 * 86_400_000));
  await loadOrderPage({ db, consoleDb: db, accessKey: null } as unknown as ConsoleServices, order.reference);

  for (const filter of customerFilters) await everyPosition((position) => listCustomers(db, { filter, position, now }));
  await countCustomersByState(db, now);

  for (const filter of inboxFilters) await everyPosition((position) => listContactMessages(db, { filter, position }));
  await countWaitingMessages(db);
  const message = await lookup.selectFrom("contact_messages").select("id").orderBy("id", "desc").executeTakeFirst();
  if (message) await loadMessage(db, String(message.id));

  for (const filter of subscriberFilters) {
    await everyPosition((position) => listSubscribers(db, { filter, position }));
    await subscribersBatch(db, filter, null, 100);
    await subscribersBatch(db, filter, { createdAt: now.toISOString(), id: 1 }, 100);
  }
  await countSubscribersByState(db);

  for (const state of trialListStates) await everyPosition((position) => listTrials(db, { state, position }));
  const trial = await lookup.selectFrom("trials").select("reference").where("status", "<>", "requested").executeTakeFirst();
  if (trial) await loadTrialPage({ db, consoleDb: db, accessKey: null } as unknown as ConsoleServices, trial.reference);

  for (const action of [undefined, "export", "refund"]) await everyPosition((position) => listAudit(db, { action, position }));

  const month = now.toISOString().slice(0, 7);
  await loadMonthPage(db, new URL(`https://shop.example/admin/invoices?month=${month}`), now);
  const invoice = await lookup.selectFrom("invoices").select("number").orderBy("id", "desc").executeTakeFirst();
  if (invoice) await loadDocumentPage(db, invoice.number);
  const range = monthRange(month);
  await drain(exportLines(db, range, "en", 50), 120);
  await drain(monthDocuments(db, range, 20), 50);
}
