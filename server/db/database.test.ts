import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { closeDatabase, DEFAULT_SQLITE_FILE, isPostgresUrl, migrateToLatest, openDatabase } from "./database.ts";
import { migrations } from "./migrations/index.ts";

const folder = mkdtempSync(join(tmpdir(), "site-database-test-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("openDatabase", () => {
  it("chooses PostgreSQL for postgres:// and postgresql:// URLs only", () => {
    expect(isPostgresUrl("postgres://u:p@db:5432/site")).toBe(true);
    expect(isPostgresUrl("postgresql://u:p@db/site")).toBe(true);
    expect(isPostgresUrl("POSTGRES://db/site")).toBe(true);
    expect(isPostgresUrl("mysql://db/site")).toBe(false);
    expect(isPostgresUrl("")).toBe(false);
    expect(isPostgresUrl(undefined)).toBe(false);
  });

  it("uses SQLite at data/site.db unless told otherwise", () => {
    expect(DEFAULT_SQLITE_FILE).toBe("data/site.db");
  });

  it("opens a SQLite file, creating its folder, when there is no PostgreSQL URL", async () => {
    const file = join(folder, "made", "here", "site.db");
    const { db, dialect } = openDatabase({ url: "", sqliteFile: file });
    expect(dialect).toBe("sqlite");
    expect(existsSync(join(folder, "made", "here"))).toBe(true);
    expect(await migrateToLatest(db, dialect)).toEqual({ applied: Object.keys(migrations) });
    const { rows } = await sql<{ n: number }>`select count(*) as n from orders`.execute(db);
    expect(rows).toEqual([{ n: 0 }]);
    await closeDatabase(db);
  });

  it("builds a PostgreSQL handle without connecting until the first query", async () => {
    const { db, dialect } = openDatabase({ url: "postgres://nobody:secret@127.0.0.1:1/none" });
    expect(dialect).toBe("postgres");
    await closeDatabase(db);
  });

  it("refuses a schema name that is not a plain identifier", () => {
    expect(() => openDatabase({ url: "postgres://localhost/site", postgresSchema: "x; drop table orders" })).toThrow(/postgresSchema/);
  });
});
