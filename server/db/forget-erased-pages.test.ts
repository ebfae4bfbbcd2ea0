import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { Kysely, sql } from "kysely";
import { afterEach, expect, it } from "vitest";
import { forgetErasedPages } from "./customer-erasure.ts";
import type { DatabaseSchema } from "./schema.ts";
import { createSqliteDialect } from "./sqlite-dialect.ts";

let cleanup = () => {};
afterEach(() => cleanup());

it("empties the write-ahead log even when a reader held an older snapshot at first", async () => {
  const folder = mkdtempSync(join(tmpdir(), "erasure-checkpoint-"));
  const file = join(folder, "shop.db");
  // A short busy timeout, so the first checkpoint gives up while the reader still holds its snapshot.
  const db = new Kysely<DatabaseSchema>({ dialect: createSqliteDialect(file, { busyTimeoutMs: 50 }) });
  const reader = new DatabaseSync(file, { readOnly: true });
  cleanup = () => {
    reader.close();
    void db.destroy();
    rmSync(folder, { recursive: true, force: true });
  };
  await sql`create table t (x text)`.execute(db);
  await sql`insert into t values ('before')`.execute(db);
  reader.exec("BEGIN");
  reader.prepare("select * from t").all();
  await sql`insert into t values ('erased')`.execute(db);

  const checkpoint = forgetErasedPages(db);
  setTimeout(() => reader.exec("COMMIT"), 400);
  await checkpoint;
  expect(statSync(`${file}-wal`).size).toBe(0);
});
