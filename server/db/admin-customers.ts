/**
 * The console's customers: one row per access (one line in the operator's panel), with its end and where it
 * stands, and the name of the customer who bought it: the list an operator reads to see who is about to leave
 * (an access renews by itself only with automatic renewal, which the renewal filters show). A revoked access (refunded, disputed) runs no more: it is left
 * out. A renewal moves its access's end, so a customer who renewed shows once, with the new end.
 */
import { type ExpressionBuilder, sql } from "kysely";
import type { Database } from "./database.ts";
import { type KeysetPage, type PagePosition, readPage } from "./keyset.ts";
import type { Access, DatabaseSchema, Order } from "./schema.ts";
import { LIVE_STATUSES } from "./subscriptions.ts";
import { readTallies } from "./tallies.ts";

export const customerStates = ["active", "ending", "expired"] as const;
/** `ending`: the access ends within {@link ENDING_SOON_DAYS} days; `expired`: it has ended. */
export type CustomerState = (typeof customerStates)[number];
/**
 * Automatic renewal: `renews` has a live subscription that is paid up, `failing` one whose last
 * charge was refused, `no-renewal` an access still running with no live subscription (it ends unless renewed).
 */
export const renewalFilters = ["renews", "failing", "no-renewal"] as const;
export type RenewalFilter = (typeof renewalFilters)[number];
export type CustomerFilter = CustomerState | RenewalFilter | "all";
export const customerFilters: readonly CustomerFilter[] = ["all", ...customerStates, ...renewalFilters];
export const ENDING_SOON_DAYS = 7;

export type CustomerRow = Pick<Access, "id" | "reference" | "email" | "plan_key" | "viewers" | "status"> &
  Pick<Order, "first_name" | "last_name"> & {
    access_ends_at: string;
    state: CustomerState;
    /** Its live subscription's status: it renews by itself (`active`), or its last charge was refused. */
    renewal: "active" | "failing" | null;
  };

type Where = ExpressionBuilder<DatabaseSchema & { a: DatabaseSchema["accesses"]; s: DatabaseSchema["subscriptions"] }, "a" | "s">;

const soonAfter = (now: Date) => new Date(now.getTime() + ENDING_SOON_DAYS * 24 * 60 * 60_000).toISOString();

/** The same rule as the filters below, for one row: an access ends at its end, even before the expiry job ran. */
export function customerState(row: { status: Access["status"]; access_ends_at: string | null }, now: Date): CustomerState {
  const ends = row.access_ends_at ?? "";
  if (row.status !== "active" || ends <= now.toISOString()) return "expired";
  return ends <= soonAfter(now) ? "ending" : "active";
}

function inState(where: Where, state: CustomerState, now: Date) {
  const at = now.toISOString();
  const soon = soonAfter(now);
  // An access is marked expired only once its end has passed, and moving its end makes it active again
  // (accesses.ts): so "ended" is exactly "its end has passed", a range of the ends_at index.
  if (state === "expired") return where("a.ends_at", "<=", at);
  const running = [where("a.status", "=", "active"), where("a.ends_at", ">", at)];
  if (state === "ending") return where.and([...running, where("a.ends_at", "<=", soon)]);
  return where.and([...running, where("a.ends_at", ">", soon)]);
}

function inRenewal(where: Where, filter: RenewalFilter, now: Date) {
  // Many renew (tens of thousands a few years in): the list walks the running accesses in order of their end and
  // asks each whether it renews, rather than sorting every renewing access to show fifty. A subscription is
  // charged before its access ends, so one that renews has a running access.
  if (filter === "renews") {
    const renewing = where
      .selectFrom("subscriptions as renewing")
      .select("renewing.id")
      .whereRef("renewing.access_id", "=", "a.id")
      .where("renewing.status", "=", "active");
    return where.and([where("a.status", "=", "active"), where.exists(renewing)]);
  }
  // Few are failing at any time: found from the subscriptions' status index, then sorted. Said as a list of
  // accesses, not only as the joined subscription's status: SQLite's statistics average the statuses (a
  // quarter of the subscriptions each), and with 2 failing in a million-order seed it walked all 600,000
  // accesses by their end instead, 2 s for 2 rows.
  if (filter === "failing") {
    const failing = where.selectFrom("subscriptions as failing").select("failing.access_id").where("failing.status", "=", "failing");
    return where.and([where("s.status", "=", "failing"), where("a.id", "in", failing)]);
  }
  // Most running accesses have no subscription: walk them by their end and ask each, as for "renews".
  const renewing = where
    .selectFrom("subscriptions as live")
    .select("live.id")
    .whereRef("live.access_id", "=", "a.id")
    .where("live.status", "in", LIVE_STATUSES);
  return where.and([where("a.status", "=", "active"), where("a.ends_at", ">", now.toISOString()), where.not(where.exists(renewing))]);
}

const isRenewalFilter = (filter: CustomerFilter): filter is RenewalFilter => (renewalFilters as readonly string[]).includes(filter);

/**
 * Every access bought (not a free trial's) and not revoked, with the order that created it (same reference)
 * for the name, and its live subscription if any (at most one: a checkout offers none to an access that has
 * one), joined on the indexed subscriptions.access_id.
 */
function accessesWithOwner(db: Database) {
  return db
    .selectFrom("accesses as a")
    .innerJoin("orders as o", "o.reference", "a.reference")
    .leftJoin("subscriptions as s", (join) => join.onRef("s.access_id", "=", "a.id").on("s.status", "in", LIVE_STATUSES))
    .where("a.kind", "=", "paid")
    .where("a.status", "!=", "revoked");
}

/**
 * How many customers are in each state, from counts the database keeps (tallies.ts: accesses bought, by
 * status) and two short ranges of the accesses' (kind, status, ends_at) index: those ending within the week,
 * and those still marked active whose end has passed since the expiry job last ran. Counting the 127,000
 * running accesses of a million-order shop took 30-40 ms on PostgreSQL; these read a few hundred entries.
 */
export async function countCustomersByState(db: Database, now: Date = new Date()): Promise<Record<CustomerState, number>> {
  const at = now.toISOString();
  const active = db.selectFrom("accesses").where("kind", "=", "paid").where("status", "=", "active");
  const count = async (query: typeof active) =>
    // PostgreSQL's count is a bigint, which pg returns as a string.
    Number((await query.select((select) => select.fn.countAll().as("total")).executeTakeFirstOrThrow()).total);
  const [ending, ended, paid] = await Promise.all([
    count(active.where("ends_at", ">", at).where("ends_at", "<=", soonAfter(now))),
    count(active.where("ends_at", "<=", at)),
    readTallies(db, "accesses:paid:"),
  ]);
  const running = (paid.active ?? 0) - ended;
  return { active: running - ending, ending, expired: (paid.expired ?? 0) + ended };
}

/**
 * One page of the customers in `filter`. Running accesses are listed soonest end first (who needs a reminder
 * next); ended ones, and everyone together, latest end first.
 */
export async function listCustomers(
  db: Database,
  {
    filter,
    position = { at: "first" },
    pageSize = 50,
    now = new Date(),
  }: { filter: CustomerFilter; position?: PagePosition; pageSize?: number; now?: Date },
): Promise<KeysetPage<CustomerRow>> {
  const size = Math.min(Math.max(Math.trunc(pageSize) || 50, 1), 500);
  const all = accessesWithOwner(db);
  const query =
    filter === "all"
      ? all
      : all.where((where) =>
          isRenewalFilter(filter) ? inRenewal(where as unknown as Where, filter, now) : inState(where as unknown as Where, filter, now),
        );
  const direction = filter === "active" || filter === "ending" || isRenewalFilter(filter) ? "asc" : "desc";
  const page = await readPage(
    query
      .select([
        "a.id",
        "a.reference",
        "a.email",
        "a.plan_key",
        "a.viewers",
        "a.status",
        "o.first_name",
        "o.last_name",
        "s.status as renewal",
      ])
      .select(sql<string>`${sql.ref("a.ends_at")}`.as("access_ends_at")),
    { key: "a.ends_at", id: "a.id", direction, cursorOf: (row) => ({ key: row.access_ends_at, id: row.id }) },
    position,
    size,
  );
  const customers = page.rows.map((row) => ({
    ...row,
    state: customerState(row, now),
    renewal: row.renewal === "active" || row.renewal === "failing" ? row.renewal : null,
  }));
  return { ...page, rows: customers };
}
