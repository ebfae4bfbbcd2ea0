/**
 * The console's customers: one row per e-mail address (case does not matter), with the latest order whose
 * access was delivered, and where that access stands. Plans never renew by themselves, so this is the list
 * an operator reads to see who is about to leave. A refunded order is not an access: it never counts.
 */
import { type ExpressionBuilder, sql } from "kysely";
import type { Database } from "./database.ts";
import type { DatabaseSchema, Order } from "./schema.ts";

export const customerStates = ["active", "ending", "expired"] as const;
/** `ending`: the access ends within {@link ENDING_SOON_DAYS} days; `expired`: it has ended. */
export type CustomerState = (typeof customerStates)[number];
export type CustomerFilter = CustomerState | "all";
export const customerFilters: readonly CustomerFilter[] = ["all", ...customerStates];
export const ENDING_SOON_DAYS = 7;

export type CustomerRow = Pick<Order, "id" | "reference" | "email" | "first_name" | "last_name" | "plan_key" | "viewers" | "status"> & {
  access_ends_at: string;
  state: CustomerState;
};

const columns = [
  "o.id",
  "o.reference",
  "o.email",
  "o.first_name",
  "o.last_name",
  "o.plan_key",
  "o.viewers",
  "o.status",
  "o.access_ends_at",
] as const;
const delivered = ["fulfilled", "expired"] as const;
type Where = ExpressionBuilder<DatabaseSchema & { o: DatabaseSchema["orders"] }, "o">;

const soonAfter = (now: Date) => new Date(now.getTime() + ENDING_SOON_DAYS * 24 * 60 * 60_000).toISOString();

/** The same rule as the filters below, for one row: an access ends at its end, even before the expiry job ran. */
export function customerState(row: Pick<Order, "status" | "access_ends_at">, now: Date): CustomerState {
  const ends = row.access_ends_at ?? "";
  if (row.status !== "fulfilled" || ends <= now.toISOString()) return "expired";
  return ends <= soonAfter(now) ? "ending" : "active";
}

function inState(where: Where, state: CustomerState, now: Date) {
  const at = now.toISOString();
  const soon = soonAfter(now);
  if (state === "expired") return where.or([where("o.status", "=", "expired"), where("o.access_ends_at", "<=", at)]);
  const running = [where("o.status", "=", "fulfilled"), where("o.access_ends_at", ">", at)];
  if (state === "ending") return where.and([...running, where("o.access_ends_at", "<=", soon)]);
  return where.and([...running, where("o.access_ends_at", ">", soon)]);
}

/** Each address's latest delivered order: no later delivered order of the same address exists. */
function latestDelivered(db: Database) {
  return db
    .selectFrom("orders as o")
    .where("o.status", "in", delivered)
    .where("o.access_ends_at", "is not", null)
    .where((where) =>
      where.not(
        where.exists(
          where
            .selectFrom("orders as newer")
            .select("newer.id")
            .where("newer.status", "in", delivered)
            .where("newer.access_ends_at", "is not", null)
            .where(sql<string>`lower(${sql.ref("newer.email")})`, "=", sql<string>`lower(${sql.ref("o.email")})`)
            .where((newer) =>
              newer.or([
                newer("newer.created_at", ">", newer.ref("o.created_at")),
                newer.and([newer("newer.created_at", "=", newer.ref("o.created_at")), newer("newer.id", ">", newer.ref("o.id"))]),
              ]),
            ),
        ),
      ),
    );
}

/** How many customers are in each state, in one pass. */
export async function countCustomersByState(db: Database, now: Date = new Date()): Promise<Record<CustomerState, number>> {
  const counts = await latestDelivered(db)
    .select((select) =>
      customerStates.map((state) =>
        select.fn
          .countAll()
          .filterWhere((where) => inState(where, state, now))
          .as(state),
      ),
    )
    .executeTakeFirstOrThrow();
  // PostgreSQL's count is a bigint, which pg returns as a string.
  return { active: Number(counts.active), ending: Number(counts.ending), expired: Number(counts.expired) };
}

/**
 * One page (from 1) of the customers in `filter`. Running accesses are listed soonest end first (who needs a
 * reminder next); ended ones, and everyone together, latest end first.
 */
export async function listCustomers(
  db: Database,
  { filter, page, pageSize = 50, now = new Date() }: { filter: CustomerFilter; page: number; pageSize?: number; now?: Date },
): Promise<{ customers: CustomerRow[]; total: number }> {
  const size = Math.min(Math.max(Math.trunc(pageSize) || 50, 1), 500);
  const offset = (Math.max(Math.trunc(page) || 1, 1) - 1) * size;
  const query = filter === "all" ? latestDelivered(db) : latestDelivered(db).where((where) => inState(where, filter, now));
  const direction = filter === "active" || filter === "ending" ? "asc" : "desc";
  const [rows, count] = await Promise.all([
    query.select(columns).orderBy("o.access_ends_at", direction).orderBy("o.id", direction).limit(size).offset(offset).execute(),
    query.select((select) => select.fn.countAll().as("total")).executeTakeFirstOrThrow(),
  ]);
  const customers = rows.map((row) => ({ ...row, access_ends_at: row.access_ends_at ?? "", state: customerState(row, now) }));
  return { customers, total: Number(count.total) };
}
