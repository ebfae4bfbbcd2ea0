/**
 * Reading a console list one page at a time from a key, not an offset (docs/decisions/0027): a page starts
 * just after (or just before) the row its link names, found in the list's index, so the first page, the
 * thousandth and the last cost the same. The key is the list's sort column and the row's id, which breaks ties.
 */
import { type Expression, type Kysely, type SelectQueryBuilder, type SqlBool, sql } from "kysely";

/** A row's place in a list: its sort column's value and its id. */
export interface Cursor {
  key: string;
  id: number;
}

/** Which page: the first, the last, or the one just after or just before a row. */
export type PagePosition = { at: "first" } | { at: "last" } | { at: "after"; cursor: Cursor } | { at: "before"; cursor: Cursor };

export interface KeysetPage<Row> {
  rows: Row[];
  /** Rows come before this page (a link to the previous and the first page makes sense). */
  hasPrevious: boolean;
  /** Rows come after this page. */
  hasNext: boolean;
  /** The first and last rows' places, for the links to the pages around this one. */
  first?: Cursor;
  last?: Cursor;
}

export interface ListOrder<Row> {
  /** The sort column, as a reference the query knows (`created_at`, `a.ends_at`). */
  key: string;
  /** The id column that breaks ties (`id`, `a.id`). */
  id: string;
  direction: "asc" | "desc";
  /** The row's place, read from its selected columns. */
  cursorOf: (row: Row) => Cursor;
  /**
   * The filter finds few rows through indexes of its own (a search): sort what it finds, rather than let the
   * planner walk the sort column's index and test every row against the filter until a page is full, which is
   * what SQLite does for an ORDER BY … LIMIT when it cannot tell how few rows match.
   */
  sortMatches?: boolean;
}

const flip = (direction: "asc" | "desc") => (direction === "asc" ? "desc" : "asc");

/** `(key, id) > (…)` or `<`: rows strictly past the cursor in the order read. */
function pastCursor(order: { key: string; id: string }, readDirection: "asc" | "desc", cursor: Cursor): Expression<SqlBool> {
  const comparison = sql.raw(readDirection === "asc" ? ">" : "<");
  return sql<SqlBool>`(${sql.ref(order.key)}, ${sql.ref(order.id)}) ${comparison} (${cursor.key}, ${cursor.id})`;
}

/**
 * One page of `query` (already filtered and selecting its columns) in `order`. Reads one row more than the
 * page holds, to know whether another page follows; a page read backwards (before a row, or the last) is
 * read in the opposite order from its index and turned round.
 */
export async function readPage<DB, TB extends keyof DB, Row>(
  query: SelectQueryBuilder<DB, TB, Row>,
  order: ListOrder<Row>,
  position: PagePosition,
  size: number,
): Promise<KeysetPage<Row>> {
  const backwards = position.at === "before" || position.at === "last";
  const readDirection = backwards ? flip(order.direction) : order.direction;
  let read = query;
  if (position.at === "after" || position.at === "before") read = read.where(pastCursor(order, readDirection, position.cursor));
  // `key || ''` is the same text, but not the indexed column: no plan can walk its index instead.
  const sortKey = order.sortMatches ? sql`${sql.ref(order.key)} || ''` : sql.ref(order.key);
  const fetched = await read
    .orderBy(sortKey, readDirection)
    .orderBy(sql.ref(order.id), readDirection)
    .limit(size + 1)
    .execute();
  const more = fetched.length > size;
  const rows = fetched.slice(0, size);
  if (backwards) rows.reverse();
  const [first, last] = [rows[0], rows.at(-1)];
  return {
    rows,
    hasPrevious: backwards ? more : position.at === "after",
    hasNext: backwards ? position.at === "before" : more,
    ...(first === undefined ? {} : { first: order.cursorOf(first) }),
    ...(last === undefined ? {} : { last: order.cursorOf(last) }),
  };
}

/** A list's size, counted no further than `limit`: past it the console says "more than", and reads no more. */
export interface BoundedCount {
  count: number;
  /** More rows match than `count`. */
  more: boolean;
}

/** Counts the rows `query` selects, stopping at `limit`, so a count costs at most that many index entries. */
export async function countUpTo<DB, TB extends keyof DB, Row>(
  db: Kysely<DB>,
  query: SelectQueryBuilder<DB, TB, Row>,
  limit: number,
): Promise<BoundedCount> {
  const matching = query
    .clearSelect()
    .select(sql<number>`1`.as("one"))
    .limit(limit + 1);
  const result = await sql<{ total: number | string }>`select count(*) as total from (${matching}) as matching`.execute(db);
  // PostgreSQL's count is a bigint, which pg returns as a string.
  const total = Number(result.rows[0]?.total ?? 0);
  return { count: Math.min(total, limit), more: total > limit };
}
