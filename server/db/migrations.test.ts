import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { type MigrationProvider, sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testTargets } from "../../tests/support/databases.ts";
import { type Database, type DialectName, migrateToLatest } from "./database.ts";
import { migrations } from "./migrations/index.ts";

const TABLES = [
  "accesses",
  "audit_log",
  "backup_runs",
  "contact_messages",
  "credit_notes",
  "customer_preferences",
  "customer_sessions",
  "customer_sign_ins",
  "document_counters",
  "invoices",
  "jobs",
  "mails",
  "month_tax_totals",
  "newsletter_subscribers",
  "operator_recovery_codes",
  "operator_sessions",
  "operators",
  "order_events",
  "orders",
  "payment_events",
  "rate_limit_counters",
  "reminder_opt_outs",
  "subscriptions",
  "tallies",
  "test_gateway_cards",
  "test_gateway_payments",
  "trial_connections",
  "trials",
];
const ALL_MIGRATIONS = Object.keys(migrations);

async function tableNames(handle: TestDatabase): Promise<string[]> {
  const tables = await handle.db.introspection.getTables();
  return tables
    .filter((table) => handle.dialect === "sqlite" || table.schema === handle.location)
    .map((table) => table.name)
    .sort();
}

async function indexNames(db: Database, dialect: DialectName): Promise<string[]> {
  const query =
    dialect === "sqlite"
      ? sql<{ name: string }>`select name from sqlite_master where type = 'index' and name not like 'sqlite_%'`
      : sql<{ name: string }>`select indexname as name from pg_indexes where schemaname = current_schema()`;
  const { rows } = await query.execute(db);
  return rows.map((row) => row.name);
}

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`migrations on ${target.dialect}`, () => {
    const opened: TestDatabase[] = [];
    async function fresh(): Promise<TestDatabase> {
      const handle = await createTestDatabase(target.dialect);
      opened.push(handle);
      return handle;
    }
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((handle) => handle.cleanup()));
    });

    it("apply on an empty database and create every table and index", async () => {
      const handle = await fresh();
      expect(await tableNames(handle)).toEqual([]);
      expect(await migrateToLatest(handle.db, target.dialect)).toEqual({ applied: ALL_MIGRATIONS });
      expect(await tableNames(handle)).toEqual(TABLES);
      expect(await indexNames(handle.db, target.dialect)).toEqual(
        expect.arrayContaining([
          "orders_reference_key",
          "orders_idempotency_key_key",
          "orders_email_idx",
          "orders_created_idx",
          "contact_messages_created_idx",
          "orders_search_email_idx",
          "newsletter_subscribers_email_key",
          "newsletter_subscribers_confirmation_token_key",
          "mails_order_idx",
          "orders_payment_session_id_key",
          "orders_pending_idx",
          "payment_events_event_key",
          "trials_confirmed_email_key_key",
          "jobs_due_order_idx",
          "mails_kind_created_idx",
          "backup_runs_started_idx",
        ]),
      );
    });

    it("are idempotent: a second run applies nothing and changes nothing", async () => {
      const handle = await fresh();
      await migrateToLatest(handle.db, target.dialect);
      expect(await migrateToLatest(handle.db, target.dialect)).toEqual({ applied: [] });
      expect(await migrateToLatest(handle.openAnother(), target.dialect)).toEqual({ applied: [] });
      expect(await tableNames(handle)).toEqual(TABLES);
      // Three runs over every migration: on a machine busy with other suites, PostgreSQL's can pass 5 s.
    }, 30_000);

    it("give database-assigned integer ids on both databases", async () => {
      const handle = await fresh();
      await migrateToLatest(handle.db, target.dialect);
      const at = new Date().toISOString();
      const values = {
        name: "A",
        email: "a@example.com",
        subject: "s",
        message: "m",
        language: "en" as const,
        created_at: at,
        updated_at: at,
      };
      const first = await handle.db.insertInto("contact_messages").values(values).returning("id").executeTakeFirstOrThrow();
      const second = await handle.db.insertInto("contact_messages").values(values).returning("id").executeTakeFirstOrThrow();
      expect(typeof first.id).toBe("number");
      expect(second.id).toBeGreaterThan(first.id);
    });

    it("enforce the check constraints", async () => {
      const handle = await fresh();
      await migrateToLatest(handle.db, target.dialect);
      const at = new Date().toISOString();
      const insert = (viewers: number, status: string) =>
        sql`insert into orders (reference, idempotency_key, plan_key, viewers, amount_cents, currency, language, first_name, last_name,
              email, phone, country, city, postal_code, address, card_brand, card_last4, status, created_at, updated_at)
            values (${`R-${viewers}-${status}`}, ${`K-${viewers}-${status}`}, 'vip', ${viewers}, 100, 'EUR', 'en', 'A', 'B',
              'a@example.com', '+1', 'FR', 'Paris', '75001', '1 rue', 'visa', '4242', ${status}, ${at}, ${at})`.execute(handle.db);
      await expect(insert(4, "pending")).rejects.toThrow();
      await expect(insert(0, "pending")).rejects.toThrow();
      await expect(insert(1, "shipped")).rejects.toThrow();
      await expect(insert(2, "refunded")).resolves.toBeDefined();
      await expect(insert(3, "paid")).resolves.toBeDefined();
    });

    it("throw an Error naming the failing migration and leave the schema as it was", async () => {
      const handle = await fresh();
      const broken: MigrationProvider = {
        getMigrations: async () => ({
          ...migrations,
          "999_broken": {
            up: async (db) => {
              await sql`create table half_done (id integer)`.execute(db);
              await sql`select * from no_such_table`.execute(db);
            },
          },
        }),
      };
      const failure = migrateToLatest(handle.db, target.dialect, { provider: broken });
      await expect(failure).rejects.toThrow(/migration "999_broken" failed/);
      // Both databases run the pending migrations in one transaction: nothing of the run remains.
      expect(await tableNames(handle)).toEqual([]);
      expect(await migrateToLatest(handle.db, target.dialect)).toEqual({ applied: ALL_MIGRATIONS });
    });

    if (target.dialect === "postgres") {
      it("run safely from several servers at once (advisory lock)", async () => {
        const handle = await fresh();
        const servers = [handle.db, handle.openAnother(), handle.openAnother(), handle.openAnother()];
        const summaries = await Promise.all(servers.map((db) => migrateToLatest(db, "postgres")));
        expect(summaries.flatMap((summary) => summary.applied)).toEqual(ALL_MIGRATIONS);
        expect(await tableNames(handle)).toEqual(TABLES);
      });

      it("keep each schema's bookkeeping separate", async () => {
        const [first, second] = [await fresh(), await fresh()];
        expect(await migrateToLatest(first.db, "postgres")).toEqual({ applied: ALL_MIGRATIONS });
        expect(await migrateToLatest(second.db, "postgres")).toEqual({ applied: ALL_MIGRATIONS });
      });
    }

    if (target.dialect === "sqlite") {
      it("run safely from several processes on one file at once", async () => {
        const handle = await fresh();
        const databaseModule = fileURLToPath(new URL("./database.ts", import.meta.url));
        const script = `
          const { openDatabase, migrateToLatest, closeDatabase } = await import(${JSON.stringify(databaseModule)});
          const { db } = openDatabase({ sqliteFile: ${JSON.stringify(handle.location)} });
          const summary = await migrateToLatest(db, "sqlite");
          await closeDatabase(db);
          process.stdout.write(JSON.stringify(summary));`;
        const run = promisify(execFile);
        const outputs = await Promise.all(
          [1, 2, 3, 4].map(() => run(process.execPath, ["--input-type=module", "--no-warnings", "-e", script], { timeout: 60_000 })),
        );
        const applied = outputs.flatMap(({ stdout }) => (JSON.parse(stdout) as { applied: string[] }).applied);
        expect(applied).toEqual(ALL_MIGRATIONS);
        expect(await tableNames(handle)).toEqual(TABLES);
      }, 90_000);
    }
  });
}
