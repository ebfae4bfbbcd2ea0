import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { Kysely, type KyselyPlugin, sql } from "kysely";
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

  // The reader lets go once a checkpoint has found it in the way, however long that took to happen.
  let holding = true;
  const letGoWhenBusy: KyselyPlugin = {
    transformQuery: ({ node }) => node,
    transformResult: async ({ result }) => {
      if (holding && (result.rows[0] as { busy?: number } | undefined)?.busy === 1) {
        holding = false;
        reader.exec("COMMIT");
      }
      return result;
    },
  };
  await forgetErasedPages(db.withPlugin(letGoWhenBusy));
  expect(holding).toBe(false);
  expect(statSync(`${file}-wal`).size).toBe(0);
});
