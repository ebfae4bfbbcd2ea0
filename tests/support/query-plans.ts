/**
 * Reading the plans of the queries a piece of code runs (docs/decisions/0027): a handle that records every
 * statement it executes, and each statement's plan, flattened to one line per step, with the steps that read
 * a whole large table picked out. SQLite's `EXPLAIN QUERY PLAN` says `SCAN <table>` for a full read (and
 * `SCAN <table> USING INDEX …` for a walk along an index, which a LIMIT stops). PostgreSQL's planner prefers
 * a sequential scan of a small table even when an index would do, so its plans are read with sequential scans
 * disabled: a `Seq Scan` left in the plan is one no index could replace.
 */
import { CompiledQuery, Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import type { Database, DialectName } from "../../server/db/database.ts";
import type { DatabaseSchema } from "../../server/db/schema.ts";
import { createSqliteDialect } from "../../server/db/sqlite-dialect.ts";
import { TEST_DATABASE_URL, type TestDatabase } from "./databases.ts";

export interface RecordedQuery {
  sql: string;
  parameters: readonly unknown[];
}

/** A second handle on the test database that records every statement run through it. */
export function recordingHandle(handle: TestDatabase, recorded: RecordedQuery[]): Database {
  const log = (event: { level: string; query: { sql: string; parameters: readonly unknown[] } }) => {
    recorded.push({ sql: event.query.sql, parameters: event.query.parameters });
  };
  if (handle.dialect === "sqlite") {
    return new Kysely<DatabaseSchema>({ dialect: createSqliteDialect(handle.location), log });
  }
  const pool = new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 2, options: `-c search_path=${handle.location}` });
  return new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }), log });
}

interface PostgresPlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  Plans?: PostgresPlanNode[];
}

function postgresSteps(node: PostgresPlanNode): string[] {
  const step = [node["Node Type"], node["Relation Name"] ?? "", node["Index Name"] ? `using ${node["Index Name"]}` : ""].join(" ").trim();
  return [step, ...(node.Plans ?? []).flatMap(postgresSteps)];
}

/** The plan of one recorded statement, one line per step. */
export async function planOf(db: Database, dialect: DialectName, query: RecordedQuery): Promise<string[]> {
  if (dialect === "sqlite") {
    const result = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]));
    return result.rows.map((row) => row.detail);
  }
  return db.connection().execute(async (connection) => {
    await sql`set enable_seqscan = off`.execute(connection);
    try {
      const result = await connection.executeQuery<{ "QUERY PLAN": { Plan: PostgresPlanNode }[] }>(
        CompiledQuery.raw(`explain (format json) ${query.sql}`, [...query.parameters]),
      );
      const plan = result.rows[0]?.["QUERY PLAN"][0]?.Plan;
      return plan ? postgresSteps(plan) : [];
    } finally {
      await sql`reset enable_seqscan`.execute(connection);
    }
  });
}

/** The tables a statement names under another name (`"accesses" as "a"`): SQLite's plan says `SCAN a`. */
function aliases(statement: string): Map<string, string> {
  return new Map([...statement.matchAll(/"(\w+)" as "(\w+)"/g)].map((match) => [match[2]!, match[1]!]));
}

/** The steps of a statement's plan that read every row of one of `tables`. */
export function fullScans(statement: string, steps: readonly string[], tables: readonly string[]): string[] {
  const named = aliases(statement);
  return steps.filter((step) => {
    const scanned = /^SCAN (\w+)$/.exec(step)?.[1] ?? /^Seq Scan (\w+)$/.exec(step)?.[1];
    if (scanned === undefined) return false;
    return tables.includes(named.get(scanned) ?? scanned);
  });
}
