/**
 * Migration 007: the outbox's rows, in every state a row could be in, become mails and mail jobs, each once,
 * with its state; the job runner then sends the ones still owed, once, and none already sent or given up.
 */
import { randomBytes } from "node:crypto";
import type { Kysely, MigrationProvider } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testTargets } from "../../tests/support/databases.ts";
import { seal } from "../admin/secret-box.ts";
import { JOB_KINDS } from "../jobs/enqueue.ts";
import { createJobRunner } from "../jobs/runner.ts";
import { mailJobHandler, queueMail } from "../mail/mail-job.ts";
import type { MailMessage } from "../mail/transport.ts";
import { migrateToLatest } from "./database.ts";
import { mailsWithState } from "./mails.ts";
import { migrations } from "./migrations/index.ts";

/** A row of `outbox_mails` as migrations 001 and 003 made the table. */
interface OutboxRow {
  id: number;
  kind: string;
  to_address: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  attempts: number;
  last_error: string | null;
  sent_at: string | null;
  next_attempt_at: string;
  created_at: string;
  updated_at: string;
  order_id: number | null;
}

const T = Date.parse("2026-03-01T10:00:00.000Z");
const at = (minutes: number) => new Date(T + minutes * 60_000).toISOString();
const key = randomBytes(32);

/** One row per state: ids out of order and with gaps, as a table that lived a while has them. */
function outboxRows(): OutboxRow[] {
  const row = (id: number, to: string, state: Partial<OutboxRow>): OutboxRow => ({
    id,
    kind: "order-confirmation",
    to_address: `${to}@example.com`,
    subject: `About ${to}`,
    body_text: `Text for ${to}`,
    body_html: `<p>HTML for ${to}</p>`,
    attempts: 0,
    last_error: null,
    sent_at: null,
    next_attempt_at: at(-1),
    created_at: at(-60),
    updated_at: at(-60),
    order_id: 7,
    ...state,
  });
  return [
    row(3, "due", {}),
    row(5, "retrying", { attempts: 3, last_error: "451 try again later", next_attempt_at: at(4), updated_at: at(-4) }),
    row(9, "claimed", { attempts: 1, last_error: "421 busy", next_attempt_at: at(5), updated_at: at(0), order_id: null }),
    row(11, "sent", { sent_at: at(-30), next_attempt_at: at(-25), updated_at: at(-30), order_id: 8 }),
    row(12, "sent-late", { attempts: 2, sent_at: at(-20), next_attempt_at: at(-15), updated_at: at(-20), order_id: 8 }),
    row(20, "given-up", { attempts: 10, last_error: "550 no such user", next_attempt_at: at(360), updated_at: at(-2) }),
    row(21, "sealed", {
      kind: "order-access",
      body_text: `sealed:${seal(key, "Password: hunter42")}`,
      body_html: `sealed:${seal(key, "<p>Password: hunter42</p>")}`,
      order_id: 9,
    }),
  ];
}

const before007: MigrationProvider = {
  getMigrations: async () => Object.fromEntries(Object.entries(migrations).filter(([name]) => name < "007")),
};
const through007: MigrationProvider = {
  getMigrations: async () => Object.fromEntries(Object.entries(migrations).filter(([name]) => name < "008")),
};

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`migration 007 (mail on the job queue) on ${target.dialect}`, () => {
    const opened: TestDatabase[] = [];
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((handle) => handle.cleanup()));
    });

    /** A database at migration 006 with the outbox rows in it, then migrated to the latest. */
    async function migratedOutbox(): Promise<{ handle: TestDatabase; seeded: OutboxRow[] }> {
      const handle = await createTestDatabase(target.dialect);
      opened.push(handle);
      await migrateToLatest(handle.db, target.dialect, { provider: before007 });
      const legacy = handle.db as unknown as Kysely<{ outbox_mails: OutboxRow }>;
      const seeded = outboxRows();
      await legacy.insertInto("outbox_mails").values(seeded).execute();
      expect(await migrateToLatest(handle.db, target.dialect, { provider: through007 })).toEqual({ applied: ["007_mail_jobs"] });
      return { handle, seeded };
    }

    it("moves every row once: its words to `mails` under its id, its state to one mail job", async () => {
      const { handle, seeded } = await migratedOutbox();
      const tables = (await handle.db.introspection.getTables())
        .filter((table) => handle.dialect === "sqlite" || table.schema === handle.location)
        .map((table) => table.name);
      expect(tables).toContain("mails");
      expect(tables).not.toContain("outbox_mails");

      const mails = await handle.db.selectFrom("mails").selectAll().orderBy("id").execute();
      expect(mails).toEqual(
        seeded.map(({ id, kind, to_address, subject, body_text, body_html, order_id, created_at }) => {
          return { id, kind, to_address, subject, body_text, body_html, order_id, created_at, updated_at: created_at };
        }),
      );
      const jobs = await handle.db.selectFrom("jobs").selectAll().where("kind", "=", "mail").orderBy("id").execute();
      expect(jobs.map((job) => job.unique_key)).toEqual(seeded.map((row) => `mail:${row.id}`));
      const job = (id: number) => jobs.find((candidate) => candidate.unique_key === `mail:${id}`);
      const common = { max_attempts: 10, locked_by: null, locked_until: null };
      expect(job(3)).toMatchObject({
        ...common,
        run_at: at(-1),
        attempts: 0,
        done_at: null,
        failed_at: null,
        payload: '{"mailId":3,"orderId":7}',
      });
      expect(job(5)).toMatchObject({ run_at: at(4), attempts: 3, last_error: "451 try again later", done_at: null, failed_at: null });
      expect(job(9)).toMatchObject({ run_at: at(5), attempts: 1, payload: '{"mailId":9}', done_at: null });
      expect(job(11)).toMatchObject({ ...common, attempts: 1, done_at: at(-30), failed_at: null });
      expect(job(12)).toMatchObject({ attempts: 3, done_at: at(-20), last_error: null });
      expect(job(20)).toMatchObject({ attempts: 10, done_at: null, failed_at: at(-2), last_error: "550 no such user" });

      // As the console shows them: sent, failing with the mail server's error, or waiting.
      const states = await mailsWithState(handle.db);
      expect(states.map(({ id, attempts, last_error, sent_at, failed_at }) => [id, attempts, last_error, sent_at, failed_at])).toEqual([
        [3, 0, null, null, null],
        [5, 3, "451 try again later", null, null],
        [9, 1, "421 busy", null, null],
        [11, 0, null, at(-30), null],
        [12, 2, null, at(-20), null],
        [20, 10, "550 no such user", null, at(-2)],
        [21, 0, null, null, null],
      ]);
    });

    it("leaves the job runner to send exactly the mails still owed, each once, when the outbox would have", async () => {
      const { handle } = await migratedOutbox();
      const sent: MailMessage[] = [];
      const transport = { send: async (mail: MailMessage) => void sent.push(mail) };
      let now = new Date(T);
      const quiet = { info: () => {}, warn: () => {}, error: () => {} };
      const handlers = { [JOB_KINDS.mail]: mailJobHandler({ db: handle.db, transport, openWith: key, log: quiet }) };
      const runner = createJobRunner({ db: handle.db, handlers, worker: "w1", clock: () => now, log: quiet });

      expect(await runner.runOnce()).toEqual({ ran: 2, failed: 0 });
      expect(sent.map((mail) => mail.to)).toEqual(["due@example.com", "sealed@example.com"]);
      expect(sent[1]).toMatchObject({ text: "Password: hunter42", html: "<p>Password: hunter42</p>" });
      now = new Date(T + 6 * 60_000);
      expect(await runner.runOnce()).toEqual({ ran: 2, failed: 0 });
      now = new Date(T + 365 * 24 * 60 * 60_000);
      expect(await runner.runOnce()).toEqual({ ran: 0, failed: 0 });
      expect(sent.map((mail) => mail.to).sort()).toEqual(["claimed", "due", "retrying", "sealed"].map((to) => `${to}@example.com`));

      // Mails queued from now on are numbered after the ones moved.
      const next = await queueMail(handle.db, { to: "new@example.com", kind: "k", subject: "s", text: "t", html: "" });
      expect(next.id).toBe(22);
    });

    it("goes back down to the same outbox rows", async () => {
      const { handle, seeded } = await migratedOutbox();
      await migrations["007_mail_jobs"]!.down!(handle.db as unknown as Kysely<unknown>);
      const legacy = handle.db as unknown as Kysely<{ outbox_mails: OutboxRow }>;
      expect(await legacy.selectFrom("outbox_mails").selectAll().orderBy("id").execute()).toEqual(seeded);
      expect(await handle.db.selectFrom("jobs").selectAll().execute()).toEqual([]);
    });
  });
}
