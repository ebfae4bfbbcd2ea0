/**
 * The console's reads and writes of orders: the searchable list, an order's mails, the late-delivery mark.
 * Same conventions as repositories.ts: SQLite and PostgreSQL alike, and an optional `now` for tests.
 */
import type { Database } from "./database.ts";
import { type BoundedCount, countUpTo, type KeysetPage, type ListOrder, type PagePosition, readPage } from "./keyset.ts";
import { type MailWithState, mailsWithState } from "./mails.ts";
import { matchesSearch } from "./order-search.ts";
import type { Mail, Order, OrderStatus } from "./schema.ts";

export const orderStatuses: readonly OrderStatus[] = ["pending", "paid", "failed", "fulfilled", "expired", "refunded"];
export const ORDERS_PAGE_SIZE = 25;

export interface OrderListQuery {
  status?: OrderStatus;
  /** The start of a reference, an e-mail, a full name or a last name; case does not matter. */
  search?: string;
  /** Which page; the first by default. */
  position?: PagePosition;
  pageSize?: number;
}

/** `disputed`: a payment dispute was recorded on its timeline. */
export type ListedOrder = Order & { disputed: boolean };

export interface OrderListPage extends KeysetPage<ListedOrder> {
  /** How many orders match, counted up to {@link ORDERS_COUNT_LIMIT}. */
  matching: BoundedCount;
}

/** Past this many, the list says "more than": counting a million rows is work no page needs. */
export const ORDERS_COUNT_LIMIT = 10_000;

/** Newest first, the id breaking ties. */
const newestFirst: ListOrder<Order> = {
  key: "orders.created_at",
  id: "orders.id",
  direction: "desc",
  cursorOf: (order) => ({ key: order.created_at, id: order.id }),
};

export async function listOrders(db: Database, query: OrderListQuery = {}): Promise<OrderListPage> {
  const size = Math.min(Math.max(Math.trunc(query.pageSize ?? ORDERS_PAGE_SIZE) || ORDERS_PAGE_SIZE, 1), 200);
  const search = query.search?.trim().slice(0, 200) ?? "";
  let filtered = db.selectFrom("orders");
  if (query.status) filtered = filtered.where("status", "=", query.status);
  if (search !== "") filtered = filtered.where(matchesSearch(db, search));

  const withDispute = filtered
    .selectAll("orders")
    .select((select) =>
      select
        .exists(
          select
            .selectFrom("order_events")
            .select("order_events.id")
            .whereRef("order_events.order_id", "=", "orders.id")
            .where("type", "=", "disputed"),
        )
        .as("disputed"),
    );
  // Counted first, because it decides how a search's page is read: up to the limit, its matches are few enough
  // to sort; past it they are common enough that walking the orders newest first soon fills a page.
  const matching = await countUpTo(db, filtered.select("orders.id"), ORDERS_COUNT_LIMIT);
  const order = { ...newestFirst, sortMatches: search !== "" && !matching.more };
  const page = await readPage(withDispute, order, query.position ?? { at: "first" }, size);
  // SQLite answers 0 or 1, PostgreSQL a boolean.
  return { ...page, rows: page.rows.map((row) => ({ ...row, disputed: Boolean(row.disputed) })), matching };
}

/** Paid orders still waiting for their access: the operator's to-do list, counted up to {@link ORDERS_COUNT_LIMIT}. */
export async function countAwaitingDelivery(db: Database): Promise<BoundedCount> {
  return countUpTo(db, db.selectFrom("orders").select("id").where("status", "=", "paid"), ORDERS_COUNT_LIMIT);
}

/** Every mail about an order with how its sending stands, oldest first. */
export async function listOrderMails(db: Database, orderId: number): Promise<MailWithState[]> {
  return mailsWithState(db, (query) => query.where("mails.order_id", "=", orderId));
}

/** One mail, only if it is about this order: a mail id from a form can name any mail. */
export async function findOrderMail(db: Database, orderId: number, mailId: number): Promise<Mail | undefined> {
  return db.selectFrom("mails").selectAll().where("id", "=", mailId).where("order_id", "=", orderId).executeTakeFirst();
}

/**
 * Marks a paid order as late, once: set only while it is still paid and not marked yet, so of two servers
 * running the alert at once exactly one gets the order back (and sends the one mail).
 */
export async function markDeliveryAlerted(db: Database, id: number, now: Date = new Date()): Promise<Order | undefined> {
  const at = now.toISOString();
  return db
    .updateTable("orders")
    .set({ delivery_alerted_at: at, updated_at: at })
    .where("id", "=", id)
    .where("status", "=", "paid")
    .where("delivery_alerted_at", "is", null)
    .returningAll()
    .executeTakeFirst();
}
