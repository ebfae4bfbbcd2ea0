import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase, testTargets } from "../../tests/support/databases.ts";
import { ConsoleQueryTimeout } from "./console-query-timeout.ts";
import { openConsoleReader } from "./console-reader.ts";
import type { Database } from "./database.ts";

/** A statement that runs far longer than the limit: a count that never ends soon, or a long sleep. */
const slowStatement = {
  sqlite: sql<{
    n: number;
  }>`with recursive c(x) as (select 1 union all select x + 1 from c where x < 10000000000) select count(*) as n from c`,
  postgres: sql<{ n: number }>`select 1 as n from pg_sleep(30)`,
};

describe.each(testTargets)("the console's reader on $dialect", ({ dialect, enabled }) => {
  let test: TestDatabase;
  let reader: Database;

  beforeEach(async () => {
    if (!enabled) return;
    test = await createTestDatabase(dialect);
    await sql`create table notes (id integer primary key, body text not null)`.execute(test.db);
    await sql`insert into notes (id, body) values (1, 'first')`.execute(test.db);
    reader =
      dialect === "sqlite"
        ? openConsoleReader({ sqliteFile: test.location, timeoutMs: 800 })
        : openConsoleReader({ url: TEST_DATABASE_URL, postgresSchema: test.location, timeoutMs: 800 });
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

  it.skipIf(!enabled)("refuses to write", async () => {
    await expect(sql`insert into notes (id, body) values (3, 'third')`.execute(reader)).rejects.toThrow();
    const { rows } = await sql<{ n: number }>`select count(*) as n from notes`.execute(test.db);
    expect(Number(rows[0]?.n)).toBe(1);
  });

  it.skipIf(!enabled)("stops a read past its limit, while the main handle keeps answering, then reads again", async () => {
    let settled = false;
    const slow = slowStatement[dialect].execute(reader).finally(() => {
      settled = true;
    });
    slow.catch(() => {});
    // While the slow read runs, the main handle (the visitors') answers, and so does the event loop.
    const { rows } = await sql<{ body: string }>`select body from notes where id = 1`.execute(test.db);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(rows[0]?.body).toBe("first");
    expect(settled).toBe(false);
    await expect(slow).rejects.toBeInstanceOf(ConsoleQueryTimeout);
    // The stopped reader's place is taken: the next read answers.
    const again = await sql<{ body: string }>`select body from notes where id = 1`.execute(reader);
    expect(again.rows[0]?.body).toBe("first");
  });
});
