import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testTargets } from "../../tests/support/databases.ts";
import { type Database, migrateToLatest } from "../db/database.ts";
import { mailJobKey, mailsWithState } from "../db/mails.ts";
import { enqueueJob, JOB_KINDS } from "../jobs/enqueue.ts";
import { createJobRunner } from "../jobs/runner.ts";
import { MAX_MAIL_ATTEMPTS, mailJobHandler, mailRetryDelayMs, queueMail } from "./mail-job.ts";
import type { MailMessage, MailTransport } from "./transport.ts";

const T0 = new Date("2026-03-01T09:30:00.000Z");
const later = (ms: number) => new Date(T0.getTime() + ms);

function message(to: string, overrides: Partial<MailMessage> = {}): MailMessage {
  return { to, kind: "order-confirmation", subject: `Hello ${to}`, text: "Text body", html: "<p>HTML body</p>", ...overrides };
}

/** A transport that records what it sends and fails for the addresses in `failFor`. */
function recordingTransport(failFor: ReadonlySet<string> = new Set()): MailTransport & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(mail) {
      if (failFor.has(mail.to)) throw new Error(`550 mailbox unavailable: ${mail.to}`);
      sent.push(mail);
    },
  };
}

describe("mail retry delay", () => {
  it("doubles from one minute and stops growing at six hours", () => {
    expect([1, 2, 3, 4].map(mailRetryDelayMs)).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(mailRetryDelayMs(30)).toBe(6 * 60 * 60_000);
  });
});

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`mail on the job queue, ${target.dialect}`, () => {
    let handle: TestDatabase;
    let now: Date;
    let lines: string[];
    const log = { info: (m: string) => lines.push(m), warn: (m: string) => lines.push(m), error: (m: string) => lines.push(m) };
    const runner = (transport: MailTransport, more: { db?: Database; worker?: string; openWith?: Buffer; batchSize?: number } = {}) => {
      const db = more.db ?? handle.db;
      const handlers = { [JOB_KINDS.mail]: mailJobHandler({ db, transport, openWith: more.openWith, log }) };
      return createJobRunner({ db, handlers, worker: more.worker ?? "w1", clock: () => now, log, batchSize: more.batchSize });
    };
    const states = () => mailsWithState(handle.db);
    const jobOf = (mailId: number) =>
      handle.db.selectFrom("jobs").selectAll().where("unique_key", "=", mailJobKey(mailId)).executeTakeFirstOrThrow();

    beforeAll(async () => {
      handle = await createTestDatabase(target.dialect);
      await migrateToLatest(handle.db, target.dialect);
    });
    afterAll(async () => {
      await handle?.cleanup();
    });
    beforeEach(async () => {
      await handle.db.deleteFrom("jobs").execute();
      await handle.db.deleteFrom("mails").execute();
      now = T0;
      lines = [];
    });

    it("queueMail stores what the mail says and one mail job, due at once", async () => {
      const stored = await queueMail(handle.db, { ...message("ana@example.com"), orderId: 42 }, T0);
      expect(stored).toMatchObject({ to_address: "ana@example.com", subject: "Hello ana@example.com", body_text: "Text body" });
      expect(stored).toMatchObject({ body_html: "<p>HTML body</p>", order_id: 42, created_at: T0.toISOString() });
      expect(await jobOf(stored.id)).toMatchObject({
        kind: "mail",
        payload: JSON.stringify({ mailId: stored.id, orderId: 42 }),
        run_at: T0.toISOString(),
        attempts: 0,
        max_attempts: MAX_MAIL_ATTEMPTS,
        done_at: null,
      });
      expect((await queueMail(handle.db, message("bob@example.com", { html: "" }), T0)).body_html).toBeNull();
    });

    it("writes the mail and its job together: a transaction rolled back keeps neither", async () => {
      const attempt = handle.db.transaction().execute(async (transaction) => {
        await queueMail(transaction, message("ana@example.com"), T0);
        throw new Error("the order could not be recorded");
      });
      await expect(attempt).rejects.toThrow("the order could not be recorded");
      expect(await handle.db.selectFrom("mails").selectAll().execute()).toEqual([]);
      expect(await handle.db.selectFrom("jobs").selectAll().execute()).toEqual([]);
    });

    it("the job runner sends due mails, once, each with its id for the outbox's file, and they show as sent", async () => {
      const ana = await queueMail(handle.db, message("ana@example.com"), T0);
      const bob = await queueMail(handle.db, message("bob@example.com"), T0);
      const transport = recordingTransport();
      expect(await runner(transport).runOnce()).toEqual({ ran: 2, failed: 0 });
      expect(transport.sent).toEqual([
        { ...message("ana@example.com"), mailId: ana.id },
        { ...message("bob@example.com"), mailId: bob.id },
      ]);
      expect((await states()).map((mail) => [mail.sent_at, mail.attempts])).toEqual([
        [T0.toISOString(), 0],
        [T0.toISOString(), 0],
      ]);
      now = later(60 * 60_000);
      expect(await runner(transport).runOnce()).toEqual({ ran: 0, failed: 0 });
      expect(transport.sent).toHaveLength(2);
      expect(lines.filter((line) => /^Mail #\d+ \(order-confirmation\) sent$/.test(line))).toHaveLength(2);
    });

    it("keeps a mail queued with a key sealed in the table, and sends it opened", async () => {
      const key = randomBytes(32);
      const secret = message("ana@example.com", { text: "Password: hunter42", html: "<p>Password: hunter42</p>" });
      const queued = await queueMail(handle.db, { ...secret, sealWith: key }, T0);
      const [stored] = await states();
      expect(`${stored?.body_text}${stored?.body_html}`).not.toContain("hunter42");
      const transport = recordingTransport();
      expect(await runner(transport, { openWith: key }).runOnce()).toEqual({ ran: 1, failed: 0 });
      expect(transport.sent).toEqual([{ ...secret, mailId: queued.id }]);
    });

    it("does not send a sealed mail without the key, and says why", async () => {
      await queueMail(handle.db, { ...message("ana@example.com"), sealWith: randomBytes(32) }, T0);
      expect(await runner(recordingTransport()).runOnce()).toEqual({ ran: 0, failed: 1 });
      expect((await states())[0]?.last_error).toMatch(/stored encrypted and ACCESS_ENCRYPTION_KEY is not set/);
    });

    it("records the mail server's error, tries again after a minute, and sends", async () => {
      const { id } = await queueMail(handle.db, message("ana@example.com"), T0);
      expect(await runner(recordingTransport(new Set(["ana@example.com"]))).runOnce()).toEqual({ ran: 0, failed: 1 });
      const [failed] = await states();
      expect(failed).toMatchObject({ id, attempts: 1, sent_at: null, last_error: "550 mailbox unavailable: ana@example.com" });
      expect(failed?.changed_at).toBe(T0.toISOString());
      expect((await jobOf(id)).run_at).toBe(later(mailRetryDelayMs(1)).toISOString());
      expect(lines).toEqual([expect.stringMatching(/^Job #\d+ \(mail, attempt 1 of 10\) failed, next try at .*: 550 mailbox unavailable/)]);

      const healthy = recordingTransport();
      now = later(mailRetryDelayMs(1) - 1);
      expect(await runner(healthy).runOnce()).toEqual({ ran: 0, failed: 0 });
      now = later(mailRetryDelayMs(1));
      expect(await runner(healthy).runOnce()).toEqual({ ran: 1, failed: 0 });
      expect(healthy.sent.map((mail) => mail.to)).toEqual(["ana@example.com"]);
      expect((await states())[0]).toMatchObject({ attempts: 1, sent_at: now.toISOString() });
    });

    it("waits 1 min, 2, 4 … between attempts and gives up after the tenth, keeping the last error", async () => {
      const { id } = await queueMail(handle.db, message("ana@example.com"), T0);
      const failing = recordingTransport(new Set(["ana@example.com"]));
      for (let attempt = 1; attempt <= MAX_MAIL_ATTEMPTS; attempt++) {
        expect(await runner(failing).runOnce()).toEqual({ ran: 0, failed: 1 });
        if (attempt < MAX_MAIL_ATTEMPTS)
          expect((await jobOf(id)).run_at).toBe(new Date(now.getTime() + mailRetryDelayMs(attempt)).toISOString());
        now = new Date(now.getTime() + mailRetryDelayMs(attempt));
      }
      expect(await jobOf(id)).toMatchObject({ attempts: 10, failed_at: expect.any(String), last_error: expect.stringMatching(/^550/) });
      expect((await states())[0]).toMatchObject({ attempts: 10, sent_at: null, failed_at: expect.any(String) });
      now = later(365 * 24 * 60 * 60_000);
      expect(await runner(recordingTransport()).runOnce()).toEqual({ ran: 0, failed: 0 });
    });

    it("goes on past a failing mail", async () => {
      for (const to of ["first@example.com", "broken@example.com", "third@example.com"]) await queueMail(handle.db, message(to), T0);
      const transport = recordingTransport(new Set(["broken@example.com"]));
      expect(await runner(transport).runOnce()).toEqual({ ran: 2, failed: 1 });
      expect(transport.sent.map((mail) => mail.to)).toEqual(["first@example.com", "third@example.com"]);
      const byAddress = new Map((await states()).map((mail) => [mail.to_address, mail]));
      expect(byAddress.get("broken@example.com")).toMatchObject({ attempts: 1, sent_at: null });
      expect(byAddress.get("third@example.com")?.sent_at).toBe(T0.toISOString());
    });

    it("sends each mail once when two servers' runners take them at the same time", async () => {
      const addresses = Array.from({ length: 30 }, (_, n) => `reader${n}@example.com`);
      for (const to of addresses) await queueMail(handle.db, message(to), T0);
      const transport = recordingTransport();
      const first = runner(transport, { batchSize: 4 });
      const second = runner(transport, { db: handle.openAnother(), worker: "w2", batchSize: 4 });
      const results = await Promise.all([first.runOnce(), second.runOnce()]);
      expect(results.reduce((sum, result) => sum + result.ran, 0)).toBe(30);
      expect(transport.sent.map((mail) => mail.to).sort()).toEqual([...addresses].sort());
      expect((await states()).every((mail) => mail.sent_at !== null)).toBe(true);
    });

    it("gives up at once on a job whose mail is not stored", async () => {
      await enqueueJob(handle.db, { kind: JOB_KINDS.mail, payload: { mailId: 987_654 }, runAt: T0, uniqueKey: mailJobKey(987_654) }, T0);
      expect(await runner(recordingTransport()).runOnce()).toEqual({ ran: 0, failed: 1 });
      expect(await jobOf(987_654)).toMatchObject({ attempts: 1, failed_at: T0.toISOString(), last_error: "mail #987654 is not stored" });
    });
  });
}
