import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/support/databases.ts";
import { type Database, migrateToLatest } from "../db/database.ts";
import { mailRetryDelayMs } from "../db/repositories.ts";
import { createOutboxWorker, type MailLog, queueMail } from "./outbox.ts";
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

function recordingLog(): MailLog & { infos: string[]; errors: string[] } {
  const infos: string[] = [];
  const errors: string[] = [];
  return { infos, errors, info: (line) => infos.push(line), error: (line) => errors.push(line) };
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

describe("mail outbox on SQLite", () => {
  let handle: TestDatabase;
  const rows = () => handle.db.selectFrom("outbox_mails").selectAll().orderBy("id").execute();

  beforeAll(async () => {
    handle = await createTestDatabase("sqlite");
    await migrateToLatest(handle.db, "sqlite");
  });
  afterAll(async () => {
    await handle.cleanup();
  });
  beforeEach(async () => {
    await handle.db.deleteFrom("outbox_mails").execute();
  });

  it("queueMail stores the whole message, due at once", async () => {
    const stored = await queueMail(handle.db, message("ana@example.com"), T0);
    expect(stored).toMatchObject({
      kind: "order-confirmation",
      to_address: "ana@example.com",
      subject: "Hello ana@example.com",
      body_text: "Text body",
      body_html: "<p>HTML body</p>",
      attempts: 0,
      sent_at: null,
      next_attempt_at: T0.toISOString(),
    });
    expect((await queueMail(handle.db, message("bob@example.com", { html: "" }), T0)).body_html).toBeNull();
  });

  it("sends due mails and marks them sent", async () => {
    await queueMail(handle.db, message("ana@example.com"), T0);
    await queueMail(handle.db, message("bob@example.com"), T0);
    const transport = recordingTransport();
    const log = recordingLog();
    const worker = createOutboxWorker({ db: handle.db, transport, log });

    expect(await worker.runOnce(T0)).toEqual({ sent: 2, failed: 0 });
    expect(transport.sent.map((mail) => mail.to)).toEqual(["ana@example.com", "bob@example.com"]);
    expect(transport.sent[0]).toEqual(message("ana@example.com"));
    expect((await rows()).every((row) => row.sent_at === T0.toISOString())).toBe(true);
    expect(await worker.runOnce(later(60 * 60_000))).toEqual({ sent: 0, failed: 0 });
    expect(transport.sent).toHaveLength(2);
    expect(log.errors).toEqual([]);
  });

  it("keeps a mail queued with a key sealed in the table, and sends it opened", async () => {
    const key = randomBytes(32);
    const secret = message("ana@example.com", { text: "Password: hunter42", html: "<p>Password: hunter42</p>" });
    await queueMail(handle.db, { ...secret, sealWith: key }, T0);
    const [stored] = await rows();
    expect(`${stored?.body_text}${stored?.body_html}`).not.toContain("hunter42");
    const transport = recordingTransport();
    expect(await createOutboxWorker({ db: handle.db, transport, log: recordingLog(), openWith: key }).runOnce(T0)).toEqual({
      sent: 1,
      failed: 0,
    });
    expect(transport.sent[0]).toEqual(secret);
  });

  it("does not send a sealed mail without the key, and says why", async () => {
    await queueMail(handle.db, { ...message("ana@example.com"), sealWith: randomBytes(32) }, T0);
    const log = recordingLog();
    expect(await createOutboxWorker({ db: handle.db, transport: recordingTransport(), log }).runOnce(T0)).toEqual({ sent: 0, failed: 1 });
    expect(log.errors.join()).toMatch(/stored encrypted and ACCESS_ENCRYPTION_KEY is not set/);
  });

  it("records a failure, waits for the backoff, then retries and sends", async () => {
    const { id } = await queueMail(handle.db, message("ana@example.com"), T0);
    const log = recordingLog();
    const failing = createOutboxWorker({ db: handle.db, transport: recordingTransport(new Set(["ana@example.com"])), log });

    expect(await failing.runOnce(T0)).toEqual({ sent: 0, failed: 1 });
    const [afterFailure] = await rows();
    expect(afterFailure).toMatchObject({ id, attempts: 1, sent_at: null, last_error: "550 mailbox unavailable: ana@example.com" });
    expect(afterFailure?.next_attempt_at).toBe(later(mailRetryDelayMs(1)).toISOString());
    expect(log.errors).toHaveLength(1);
    expect(log.errors[0]).toMatch(/mail #\d+ \(order-confirmation\) failed \(attempt 1 of 10/);

    const healthy = recordingTransport();
    const worker = createOutboxWorker({ db: handle.db, transport: healthy, log });
    expect(await worker.runOnce(later(mailRetryDelayMs(1) - 1))).toEqual({ sent: 0, failed: 0 }); // not yet due
    expect(await worker.runOnce(later(mailRetryDelayMs(1)))).toEqual({ sent: 1, failed: 0 });
    expect(healthy.sent.map((mail) => mail.to)).toEqual(["ana@example.com"]);
    expect((await rows())[0]).toMatchObject({ attempts: 1, last_error: null, sent_at: later(mailRetryDelayMs(1)).toISOString() });
  });

  it("goes on past a failing mail", async () => {
    await queueMail(handle.db, message("first@example.com"), T0);
    await queueMail(handle.db, message("broken@example.com"), T0);
    await queueMail(handle.db, message("third@example.com"), T0);
    const transport = recordingTransport(new Set(["broken@example.com"]));
    const worker = createOutboxWorker({ db: handle.db, transport, log: recordingLog() });

    expect(await worker.runOnce(T0)).toEqual({ sent: 2, failed: 1 });
    expect(transport.sent.map((mail) => mail.to)).toEqual(["first@example.com", "third@example.com"]);
    const byAddress = new Map((await rows()).map((row) => [row.to_address, row]));
    expect(byAddress.get("broken@example.com")).toMatchObject({ attempts: 1, sent_at: null });
    expect(byAddress.get("third@example.com")?.sent_at).toBe(T0.toISOString());
  });

  it("drains more mails than one batch holds in one run", async () => {
    for (let index = 0; index < 7; index++) await queueMail(handle.db, message(`reader${index}@example.com`), T0);
    const transport = recordingTransport();
    const worker = createOutboxWorker({ db: handle.db, transport, log: recordingLog(), batchSize: 3 });
    expect(await worker.runOnce(T0)).toEqual({ sent: 7, failed: 0 });
    expect(transport.sent).toHaveLength(7);
  });

  it("sendSoon sends a queued mail at once; its errors go to the log, never thrown", async () => {
    const transport = recordingTransport();
    const log = recordingLog();
    const worker = createOutboxWorker({ db: handle.db, transport, log });
    await queueMail(handle.db, message("ana@example.com"));
    await worker.sendSoon();
    expect(transport.sent.map((mail) => mail.to)).toEqual(["ana@example.com"]);
    expect(log.infos.some((line) => /mail #\d+ \(order-confirmation\) sent/.test(line))).toBe(true);

    const unreadable = {
      selectFrom() {
        throw new Error("database is locked");
      },
    } as unknown as Database;
    const broken = createOutboxWorker({ db: unreadable, transport, log });
    await expect(broken.sendSoon()).resolves.toBeUndefined();
    expect(log.errors).toContain("Mail: could not read the outbox: database is locked");
    await expect(broken.runOnce()).rejects.toThrow("database is locked");
  });

  it("start() sends at once and then on its timer; stop() waits for the batch being sent", async () => {
    const gate = deferred();
    const started = deferred();
    const sent: string[] = [];
    const transport: MailTransport = {
      async send(mail) {
        started.resolve();
        await gate.promise;
        sent.push(mail.to);
      },
    };
    await queueMail(handle.db, message("ana@example.com"));
    await queueMail(handle.db, message("bob@example.com"));
    const worker = createOutboxWorker({ db: handle.db, transport, log: recordingLog(), intervalMs: 10 });
    worker.start();
    await started.promise; // the first mail is being sent

    let stopped = false;
    const stopping = worker.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(stopped).toBe(false);

    gate.resolve();
    await stopping;
    expect(sent).toEqual(["ana@example.com", "bob@example.com"]);
    expect((await rows()).every((row) => row.sent_at !== null)).toBe(true);

    // Stopped: a mail queued now stays queued.
    await queueMail(handle.db, message("carol@example.com"));
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(sent).toHaveLength(2);
  });

  it("its timer picks up mails queued later, and runs never overlap", async () => {
    let running = 0;
    let overlapped = false;
    const sent: string[] = [];
    const transport: MailTransport = {
      async send(mail) {
        running++;
        if (running > 1) overlapped = true;
        await new Promise((resolve) => setTimeout(resolve, 5));
        sent.push(mail.to);
        running--;
      },
    };
    const worker = createOutboxWorker({ db: handle.db, transport, log: recordingLog(), intervalMs: 10 });
    worker.start();
    worker.start(); // idempotent
    await queueMail(handle.db, message("ana@example.com"));
    void worker.sendSoon();
    void worker.sendSoon();
    await queueMail(handle.db, message("bob@example.com"));
    for (let wait = 0; wait < 100 && sent.length < 2; wait++) await new Promise((resolve) => setTimeout(resolve, 10));
    await worker.stop();
    expect(sent.sort()).toEqual(["ana@example.com", "bob@example.com"]);
    expect(overlapped).toBe(false);
  });

  it("when stopping, leaves the rest of a batch after a failure instead of failing mail after mail", async () => {
    await queueMail(handle.db, message("ana@example.com"), T0);
    await queueMail(handle.db, message("bob@example.com"), T0);
    await queueMail(handle.db, message("carol@example.com"), T0);
    const gate = deferred();
    const started = deferred();
    let attempts = 0;
    const transport: MailTransport = {
      async send() {
        attempts++;
        started.resolve();
        await gate.promise;
        throw new Error("connection timed out");
      },
    };
    const worker = createOutboxWorker({ db: handle.db, transport, log: recordingLog() });
    const run = worker.runOnce(T0);
    await started.promise;
    const stopping = worker.stop();
    gate.resolve();
    await stopping;
    expect(await run).toEqual({ sent: 0, failed: 1 });
    expect(attempts).toBe(1);
    const byAddress = new Map((await rows()).map((row) => [row.to_address, row]));
    expect(byAddress.get("ana@example.com")?.attempts).toBe(1);
    expect(byAddress.get("bob@example.com")).toMatchObject({ attempts: 0, sent_at: null }); // due again when its lease ends
  });
});
