/**
 * The newsletter's subscribers as the console lists and exports them. The state is derived from the two
 * timestamps (unsubscribed wins over confirmed, since a confirmed address can leave later), and nothing here
 * ever reads the confirmation token: it is the secret in the subscriber's links.
 */
import type { Database } from "./database.ts";
import { type KeysetPage, type PagePosition, readPage } from "./keyset.ts";
import type { NewsletterSubscriber } from "./schema.ts";
import { readTallies } from "./tallies.ts";

export const subscriberStates = ["confirmed", "awaiting", "unsubscribed"] as const;
export type SubscriberState = (typeof subscriberStates)[number];
export type SubscriberFilter = SubscriberState | "all";
export const subscriberFilters: readonly SubscriberFilter[] = ["all", ...subscriberStates];

export type SubscriberRow = Pick<NewsletterSubscriber, "id" | "email" | "language" | "created_at" | "confirmed_at" | "unsubscribed_at">;

const columns = ["id", "email", "language", "created_at", "confirmed_at", "unsubscribed_at"] as const;

export function subscriberState(row: Pick<SubscriberRow, "confirmed_at" | "unsubscribed_at">): SubscriberState {
  if (row.unsubscribed_at !== null) return "unsubscribed";
  return row.confirmed_at !== null ? "confirmed" : "awaiting";
}

function inState(db: Database, filter: SubscriberFilter) {
  const query = db.selectFrom("newsletter_subscribers");
  switch (filter) {
    case "unsubscribed":
      return query.where("unsubscribed_at", "is not", null);
    case "confirmed":
      return query.where("unsubscribed_at", "is", null).where("confirmed_at", "is not", null);
    case "awaiting":
      return query.where("unsubscribed_at", "is", null).where("confirmed_at", "is", null);
    default:
      return query;
  }
}

/** How many addresses are in each state, in one pass over the table. */
/** How many addresses are in each state: counts the database keeps (tallies.ts), so one small read. */
export async function countSubscribersByState(db: Database): Promise<Record<SubscriberState, number>> {
  const counts = await readTallies(db, "newsletter:");
  return { confirmed: counts.confirmed ?? 0, awaiting: counts.awaiting ?? 0, unsubscribed: counts.unsubscribed ?? 0 };
}

/** One page of the addresses in `filter`, newest first. */
export async function listSubscribers(
  db: Database,
  { filter, position = { at: "first" }, pageSize = 50 }: { filter: SubscriberFilter; position?: PagePosition; pageSize?: number },
): Promise<KeysetPage<SubscriberRow>> {
  const size = Math.min(Math.max(Math.trunc(pageSize) || 50, 1), 500);
  return readPage(
    inState(db, filter).select(columns),
    { key: "created_at", id: "id", direction: "desc", cursorOf: (row) => ({ key: row.created_at, id: row.id }) },
    position,
    size,
  );
}

/** The next batch of addresses in `filter` after `after`, oldest first (by created_at, then id): what the export reads. */
export async function subscribersBatch(
  db: Database,
  filter: SubscriberFilter,
  after: { createdAt: string; id: number } | null,
  size: number,
): Promise<SubscriberRow[]> {
  let query = inState(db, filter).select(columns);
  if (after) query = query.where((where) => where(where.refTuple("created_at", "id"), ">", where.tuple(after.createdAt, after.id)));
  return query.orderBy("created_at", "asc").orderBy("id", "asc").limit(size).execute();
}
