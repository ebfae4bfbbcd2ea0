/**
 * The console's inbox: contact messages as operators read and settle them. A message waits until an operator
 * marks it handled; either state can be undone. Each change is conditional on the state it starts from, so
 * two operators clicking at once change it once, and the second is told it was already done.
 */
import type { Database } from "./database.ts";
import { type KeysetPage, type PagePosition, readPage } from "./keyset.ts";
import type { ContactMessage } from "./schema.ts";

export const inboxFilters = ["waiting", "handled", "all"] as const;
export type InboxFilter = (typeof inboxFilters)[number];

/** A row of the inbox's table: everything but the message itself, which only its own page needs. */
export type InboxRow = Pick<ContactMessage, "id" | "name" | "email" | "subject" | "language" | "created_at" | "handled_at">;

function filtered(db: Database, filter: InboxFilter) {
  const query = db.selectFrom("contact_messages");
  if (filter === "waiting") return query.where("handled_at", "is", null);
  if (filter === "handled") return query.where("handled_at", "is not", null);
  return query;
}

/** One page (from 1) of the messages in `filter`, newest first. Out-of-range numbers are clamped, never an error. */
/** One page of the messages in `filter`, newest first. */
export async function listContactMessages(
  db: Database,
  { filter, position = { at: "first" }, pageSize = 25 }: { filter: InboxFilter; position?: PagePosition; pageSize?: number },
): Promise<KeysetPage<InboxRow>> {
  const size = Math.min(Math.max(Math.trunc(pageSize) || 25, 1), 500);
  return readPage(
    filtered(db, filter).select(["id", "name", "email", "subject", "language", "created_at", "handled_at"]),
    { key: "created_at", id: "id", direction: "desc", cursorOf: (row) => ({ key: row.created_at, id: row.id }) },
    position,
    size,
  );
}

export async function countWaitingMessages(db: Database): Promise<number> {
  const count = await filtered(db, "waiting")
    .select((select) => select.fn.countAll().as("total"))
    .executeTakeFirstOrThrow();
  return Number(count.total);
}

export async function findContactMessage(db: Database, id: number): Promise<ContactMessage | undefined> {
  return db.selectFrom("contact_messages").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Marks a waiting message handled by `operatorEmail`; undefined when it is unknown or already handled. */
export async function markMessageHandled(
  db: Database,
  id: number,
  operatorEmail: string,
  now: Date = new Date(),
): Promise<ContactMessage | undefined> {
  const at = now.toISOString();
  return db
    .updateTable("contact_messages")
    .set({ handled_at: at, handled_by: operatorEmail, updated_at: at })
    .where("id", "=", id)
    .where("handled_at", "is", null)
    .returningAll()
    .executeTakeFirst();
}

/** Puts a handled message back in the inbox; undefined when it is unknown or already waiting. */
export async function markMessageWaiting(db: Database, id: number, now: Date = new Date()): Promise<ContactMessage | undefined> {
  return db
    .updateTable("contact_messages")
    .set({ handled_at: null, handled_by: null, updated_at: now.toISOString() })
    .where("id", "=", id)
    .where("handled_at", "is not", null)
    .returningAll()
    .executeTakeFirst();
}
