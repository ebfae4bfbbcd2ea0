import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Generated, Kysely, sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { createSqliteDialect, openSqliteFile, toKyselySqliteDatabase } from "./sqlite-dialect.ts";

const folder = mkdtempSync(join(tmpdir(), "site-sqlite-dialect-test-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

interface Scratch {
  items: { id: Generated<number>; label: string; weight: number | null };
}

describe("openSqliteFile", () => {
  it("creates the missing folders and sets WAL, foreign keys, a busy timeout and secure delete", () => {
    const database = openSqliteFile(join(folder, "nested", "deeper", "a.db"), { busyTimeoutMs: 1234 });
    try {
      expect(database.prepare("PRAGMA journal_mode").get()).toEqual({ journal_mode: "wal" });
      expect(database.prepare("PRAGMA foreign_keys").get()).toEqual({ foreign_keys: 1 });
      expect(database.prepare("PRAGMA busy_timeout").get()).toEqual({ timeout: 1234 });
      expect(database.prepare("PRAGMA secure_delete").get()).toEqual({ secure_delete: 1 });
    } finally {
      database.close();
    }
  });

  it("lowers every letter, as PostgreSQL does, not A to Z only", () => {
    const database = openSqliteFile(join(folder, "lower.db"));
    try {
      expect(database.prepare("select lower('ÉLODIE Martín ÇA') as low, lower(null) as none").get()).toEqual({
        low: "élodie martín ça",
        none: null,
      });
    } finally {
      database.close();
    }
  });

  it("leaves no copy of a changed row in the file when other rows' inserts split its page (secure delete)", () => {
    const file = join(folder, "split.db");
    const [app, other] = [openSqliteFile(file), openSqliteFile(file)];
    try {
      app.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)");
      app.prepare("INSERT INTO t VALUES (3, ?)").run(`SECRET-MARTA-${"x".repeat(200)}`);
      // Enough rows to split the table's first page: its cells are copied to new pages.
      for (let id = 10; id <= 60; id++) other.prepare("INSERT INTO t VALUES (?, ?)").run(id, "z".repeat(200));
      app.prepare("UPDATE t SET v = 'erased' WHERE id = 3").run();
      app.exec("PRAGMA wal_checkpoint(TRUNCATE)");
      expect(readFileSync(file).toString("latin1")).not.toContain("SECRET-MARTA");
    } finally {
      app.close();
      other.close();
    }
  });

  it("creates the file, its WAL and shared memory readable by their owner only, in a folder only the owner opens", () => {
    const file = join(folder, "private", "site.db");
    const database = openSqliteFile(file);
    try {
      database.exec("create table secrets (value text); insert into secrets values ('access password')");
      const modeOf = (path: string) => statSync(path).mode & 0o777;
      expect([modeOf(file), modeOf(`${file}-wal`), modeOf(`${file}-shm`)]).toEqual([0o600, 0o600, 0o600]);
      expect(modeOf(join(folder, "private"))).toBe(0o700);
    } finally {
      database.close();
    }
  });
});

describe("toKyselySqliteDatabase", () => {
  const database = toKyselySqliteDatabase(openSqliteFile(join(folder, "adapter.db")));
  afterAll(() => database.close());

  it("marks statements that return columns as readers, others not", () => {
    expect(database.prepare("create table t (id integer primary key, v text)").reader).toBe(false);
    database.prepare("create table t (id integer primary key, v text)").run([]);
    expect(database.prepare("insert into t (v) values (?)").reader).toBe(false);
    expect(database.prepare("insert into t (v) values (?) returning id").reader).toBe(true);
    expect(database.prepare("select * from t").reader).toBe(true);
  });

  it("runs with parameters and reports changes and the last row id", () => {
    expect(database.prepare("insert into t (v) values (?)").run(["a"])).toEqual({ changes: 1, lastInsertRowid: 1 });
    expect(database.prepare("insert into t (v) values (?)").run([true])).toEqual({ changes: 1, lastInsertRowid: 2 });
    expect(database.prepare("update t set v = ?").run(["b"])).toMatchObject({ changes: 2 });
  });

  it("returns rows as ordinary objects, from all and from iterate", () => {
    const rows = database.prepare("select id, v from t order by id").all([]);
    expect(rows).toEqual([
      { id: 1, v: "b" },
      { id: 2, v: "b" },
    ]);
    expect(Object.getPrototypeOf(rows[0])).toBe(Object.prototype);
    expect([...database.prepare("select id from t where id > ?").iterate([1])]).toEqual([{ id: 2 }]);
  });

  it("refuses values SQLite cannot store, naming the parameter", () => {
    expect(() => database.prepare("select ?, ?").all([1, undefined])).toThrow(/parameter 2 of type undefined/);
    expect(() => database.prepare("select ?").all([new Date()])).toThrow(/parameter 1 of type object/);
  });
});

describe("createSqliteDialect with Kysely", () => {
  const db = new Kysely<Scratch>({ dialect: createSqliteDialect(join(folder, "kysely.db")) });
  afterAll(() => db.destroy());

  it("creates, inserts with returning, updates, selects, streams and runs transactions", async () => {
    await db.schema
      .createTable("items")
      .addColumn("id", "integer", (column) => column.primaryKey())
      .addColumn("label", "text", (column) => column.notNull())
      .addColumn("weight", "integer")
      .execute();
    const inserted = await db.insertInto("items").values({ label: "one", weight: 1 }).returningAll().executeTakeFirstOrThrow();
    expect(inserted).toEqual({ id: 1, label: "one", weight: 1 });
    const plain = await db.insertInto("items").values({ label: "two", weight: null }).executeTakeFirstOrThrow();
    expect(plain.insertId).toBe(2n);
    const updated = await db.updateTable("items").set({ weight: 5 }).where("weight", "is", null).executeTakeFirstOrThrow();
    expect(updated.numUpdatedRows).toBe(1n);

    const streamed = [];
    for await (const row of db.selectFrom("items").select("label").orderBy("id").stream()) streamed.push(row.label);
    expect(streamed).toEqual(["one", "two"]);

    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto("items").values({ label: "rolled back", weight: 0 }).execute();
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    const { rows } = await sql<{ count: number }>`select count(*) as count from items`.execute(db);
    expect(rows).toEqual([{ count: 2 }]);
  });

  it("takes the write lock as a transaction begins: another process's write cannot fail it halfway", async () => {
    const other = openSqliteFile(join(folder, "kysely.db"), { busyTimeoutMs: 50 });
    try {
      await db.transaction().execute(async (trx) => {
        await trx.selectFrom("items").select("id").execute();
        // Had this write gone through, the transaction's own write below would fail at once with SQLITE_BUSY.
        expect(() => other.prepare("insert into items (label) values ('from elsewhere')").run()).toThrow(/locked/);
        await trx.insertInto("items").values({ label: "after a read", weight: null }).execute();
      });
    } finally {
      other.close();
    }
    const labels = await db.selectFrom("items").select("label").orderBy("id").execute();
    expect(labels.map((row) => row.label)).toEqual(["one", "two", "after a read"]);
  });

  it("enforces foreign keys", async () => {
    await sql`create table parent (id integer primary key)`.execute(db);
    await sql`create table child (id integer primary key, parent_id integer not null references parent (id))`.execute(db);
    await expect(sql`insert into child (parent_id) values (42)`.execute(db)).rejects.toThrow(/FOREIGN KEY/);
  });
});
