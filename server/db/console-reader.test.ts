import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase, testTargets } from "../../tests/support/databases.ts";
import { ConsoleQueryTimeout } from "./console-query-timeout.ts";
import { openConsoleReader } from "./console-reader.ts";
import type { Database } from "./database.ts";
import type { ReadLimit } from "./sqlite-reader-pool.ts";

/** A statement that runs far longer than the limit: a count that never ends soon, or a long sleep. */
const slowStatement = {
  sqlite: sql<{
    n: number;
  }>`with recursive c(x) as (select 1 union all select x + 1 from c where x < 10000000000) select count(*) as n from c`,
  // Named by the test's schema in a comment, so that the test stops its own statement and no other run's.
  postgres: (schema: string) => sql<{ n: number }>`select 1 as n from pg_sleep(30) ${sql.raw(`/* ${schema} */`)}`,
};

/**
 * The limit, in the test's hands: a read stops when the test says its time is up, not when a timer races a
 * process starting on a busy machine. SQLite: the pool's limit, kept by the test. PostgreSQL: the server keeps
 * it (statement_timeout, checked as set); the test stops the statement as the server would, with the same code.
 */
function heldLimit(dialect: "sqlite" | "postgres", test: () => TestDatabase) {
  const pending: (() => void)[] = [];
  const limit: ReadLimit = (_ms, reached) => {
    pending.push(reached);
    return () => pending.splice(pending.indexOf(reached), 1);
  };
  async function reach(): Promise<void> {
    if (dialect === "sqlite") {
      for (const reached of pending.splice(0)) reached();
      return;
    }
    // Once the console's statement is running: its cancel answers SQLSTATE 57014, as its timeout does.
    for (;;) {
      const { rows } = await sql<{ cancelled: boolean }>`select pg_cancel_backend(pid) as cancelled from pg_stat_activity
        where application_name = 'storefront-console' and state = 'active'
        and query like ${`%/* ${test().location} */%`}`.execute(test().db);
      if (rows.some((row) => row.cancelled)) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
  return { limit, reach };
}

describe.each(testTargets)("the console's reader on $dialect", ({ dialect, enabled }) => {
  let test: TestDatabase;
  let reader: Database;
  const held = heldLimit(dialect, () => test);

  beforeEach(async () => {
    if (!enabled) return;
    test = await createTestDatabase(dialect);
    await sql`create table notes (id integer primary key, body text not null)`.execute(test.db);
    await sql`insert into notes (id, body) values (1, 'first')`.execute(test.db);
    reader =
      dialect === "sqlite"
        ? openConsoleReader({ sqliteFile: test.location, timeoutMs: 800, limit: held.limit })
        : // Never reached here: the test stops the statement itself (heldLimit).
          openConsoleReader({ url: TEST_DATABASE_URL, postgresSchema: test.location, timeoutMs: 60_000 });
  });

  afterEach(async () => {
    if (!enabled) return;
    await reader.destroy();
    await test.cleanup();
  });

  it.skipIf(!enabled)("reads what the main handle committed", async () => {
    await sql`insert into notes (id, body) values (2, 'second')`.execute(test.db);
    const { rows } = await sql<{ id: number; body: string }>`select id, body from notes order by id`.execute(reader);
    expect(rows).toEqual([
      { id: 1, body: "first" },
      { id: 2, body: "second" },
    ]);
  });

  it.skipIf(dialect !== "postgres" || !enabled)("gives PostgreSQL the limit as the statement timeout", async () => {
    const { rows } = await sql<{ statement_timeout: string }>`show statement_timeout`.execute(reader);
    expect(rows[0]?.statement_timeout).toBe("1min");
  });

  it.skipIf(!enabled)("refuses to write", async () => {
    await expect(sql`insert into notes (id, body) values (3, 'third')`.execute(reader)).rejects.toThrow();
    const { rows } = await sql<{ n: number }>`select count(*) as n from notes`.execute(test.db);
    expect(Number(rows[0]?.n)).toBe(1);
  });

  it.skipIf(!enabled)("stops a read past its limit, while the main handle keeps answering, then reads again", async () => {
    let settled = false;
    const statement = dialect === "sqlite" ? slowStatement.sqlite : slowStatement.postgres(test.location);
    const slow = statement.execute(reader).finally(() => {
      settled = true;
    });
    slow.catch(() => {});
    // While the slow read runs, the main handle (the visitors') answers, and so does the event loop.
    const { rows } = await sql<{ body: string }>`select body from notes where id = 1`.execute(test.db);
    await new Promise((resolve) => setImmediate(resolve));
    expect(rows[0]?.body).toBe("first");
    expect(settled).toBe(false);
    await held.reach();
    await expect(slow).rejects.toBeInstanceOf(ConsoleQueryTimeout);
    // The stopped reader's place is taken: the next read answers.
    const again = await sql<{ body: string }>`select body from notes where id = 1`.execute(reader);
    expect(again.rows[0]?.body).toBe("first");
  });
});
