import { type Kysely, sql } from "kysely";
import { isPostgres } from "./portable.ts";

/**
 * Counts the console shows that no index gives cheaply (docs/decisions/0027): how many accesses of each kind
 * are in each status, how many newsletter addresses in each state. A row per count in `tallies`, kept by
 * triggers in the transaction that changes the row counted, so the figure is always exact and reading it
 * costs one row, at ten rows or a million.
 *
 * A status change moves one from its old count to its new one in a single UPDATE of both tally rows: every
 * transaction then locks them in the same (key) order, so two changes in opposite directions (an expiry and
 * a renewal) wait for each other but never deadlock.
 */
const accessKinds = ["paid", "trial"];
const accessStatuses = ["active", "expired", "revoked"];
const subscriberStates = ["confirmed", "awaiting", "unsubscribed"];

const accessName = (row: "new" | "old") => `'accesses:' || ${row}.kind || ':' || ${row}.status`;
const subscriberState = (row: "new" | "old") =>
  `case when ${row}.unsubscribed_at is not null then 'unsubscribed' when ${row}.confirmed_at is not null then 'confirmed' else 'awaiting' end`;
const subscriberName = (row: "new" | "old") => `'newsletter:' || ${subscriberState(row)}`;

interface Tallied {
  table: string;
  /** The columns whose change can move a row to another count. */
  columns: string[];
  name: (row: "new" | "old") => string;
}

const tallied: Tallied[] = [
  { table: "accesses", columns: ["kind", "status"], name: accessName },
  { table: "newsletter_subscribers", columns: ["confirmed_at", "unsubscribed_at"], name: subscriberName },
];

const add = (name: string, by: number) => `update tallies set count = count + ${by} where name = ${name}`;
const move = (from: string, to: string) =>
  `update tallies set count = count + case when name = ${to} then 1 else -1 end where name in (${from}, ${to})`;

/**
 * Sets every tally to the count of its rows, as the triggers would have kept it: here, and after a bulk
 * write made with the triggers off (the scale bench's seed on PostgreSQL).
 */
export async function countTallies(db: Kysely<unknown>): Promise<void> {
  await sql`update tallies set count = (select count(*) from accesses where 'accesses:' || kind || ':' || status = tallies.name)
    where name like 'accesses:%'`.execute(db);
  await sql`update tallies set count = (select count(*) from newsletter_subscribers
    where 'newsletter:' || ${sql.raw(subscriberState("newsletter_subscribers" as "new"))} = tallies.name)
    where name like 'newsletter:%'`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("tallies")
    .addColumn("name", "text", (column) => column.primaryKey())
    .addColumn("count", "integer", (column) => column.notNull())
    .execute();
  const names = [
    ...accessKinds.flatMap((kind) => accessStatuses.map((status) => `accesses:${kind}:${status}`)),
    ...subscriberStates.map((state) => `newsletter:${state}`),
  ];
  for (const name of names) await sql`insert into tallies (name, count) values (${name}, 0)`.execute(db);
  await countTallies(db);
  for (const table of tallied) await (isPostgres(db) ? postgresTriggers(db, table) : sqliteTriggers(db, table));
}

async function sqliteTriggers(db: Kysely<unknown>, { table, columns, name }: Tallied): Promise<void> {
  await sql.raw(`create trigger ${table}_tally_insert after insert on ${table} begin ${add(name("new"), 1)}; end`).execute(db);
  await sql.raw(`create trigger ${table}_tally_delete after delete on ${table} begin ${add(name("old"), -1)}; end`).execute(db);
  await sql
    .raw(`create trigger ${table}_tally_update after update of ${columns.join(", ")} on ${table}
      when ${name("old")} <> ${name("new")} begin ${move(name("old"), name("new"))}; end`)
    .execute(db);
}

async function postgresTriggers(db: Kysely<unknown>, { table, columns, name }: Tallied): Promise<void> {
  await sql
    .raw(`create function ${table}_tally() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then ${add(name("new"), 1)};
        elsif tg_op = 'DELETE' then ${add(name("old"), -1)};
        else ${move(name("old"), name("new"))};
        end if;
        return null;
      end $$`)
    .execute(db);
  await sql
    .raw(`create trigger ${table}_tally_insert_delete after insert or delete on ${table} for each row execute function ${table}_tally()`)
    .execute(db);
  await sql
    .raw(`create trigger ${table}_tally_update after update of ${columns.join(", ")} on ${table} for each row
      when (${name("old")} is distinct from ${name("new")}) execute function ${table}_tally()`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { table } of tallied) {
    if (isPostgres(db)) {
      await sql.raw(`drop trigger ${table}_tally_insert_delete on ${table}`).execute(db);
      await sql.raw(`drop trigger ${table}_tally_update on ${table}`).execute(db);
      await sql.raw(`drop function ${table}_tally()`).execute(db);
    } else {
      for (const event of ["insert", "delete", "update"]) await sql.raw(`drop trigger ${table}_tally_${event}`).execute(db);
    }
  }
  await db.schema.dropTable("tallies").execute();
}
