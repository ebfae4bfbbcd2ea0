/**
 * The reliable sending path. A mail is first stored in the `outbox_mails` table (`queueMail`), so a mail
 * server that is down loses nothing; a worker then claims due mails, sends them and records the outcome.
 * A failed attempt is retried later with the repository's backoff (1 min, 2, 4 … up to 6 h, at most
 * `MAX_MAIL_ATTEMPTS` tries). Several servers may run a worker on one database: `dueMails` gives each mail
 * to one of them.
 */
import { open, seal } from "../admin/secret-box.ts";
import type { Database } from "../db/database.ts";
import { DEFAULT_MAIL_LEASE_MS, dueMails, enqueueMail, MAX_MAIL_ATTEMPTS, markMailFailed, markMailSent } from "../db/repositories.ts";
import type { OutboxMail } from "../db/schema.ts";
import type { MailMessage, MailTransport } from "./transport.ts";

/** Where the worker reports; `console` fits. */
export interface MailLog {
  info(message: string): void;
  error(message: string): void;
}

/** Marks a body stored sealed (AES-256-GCM with ACCESS_ENCRYPTION_KEY): the worker opens it to send it. */
const sealedPrefix = "sealed:";

/**
 * Stores the mail, due at once; `orderId` ties it to the order it is about. A mail carrying secrets (the
 * access details of an order) is stored with `sealWith`: its bodies are encrypted in the table, like the
 * details themselves, and opened only to be sent. Call the worker's `sendSoon()` afterwards to send it
 * without waiting.
 */
export async function queueMail(
  db: Database,
  message: MailMessage & { orderId?: number; sealWith?: Buffer },
  now: Date = new Date(),
): Promise<OutboxMail> {
  const { sealWith } = message;
  const stored = (body: string) => (sealWith ? `${sealedPrefix}${seal(sealWith, body)}` : body);
  return enqueueMail(
    db,
    {
      kind: message.kind,
      to_address: message.to,
      subject: message.subject,
      body_text: stored(message.text),
      body_html: message.html ? stored(message.html) : null,
      order_id: message.orderId ?? null,
    },
    now,
  );
}

/** A stored body as it is sent: opened when it was sealed (and failing clearly without the key). */
export function openedBody(stored: string, key: Buffer | undefined): string {
  if (!stored.startsWith(sealedPrefix)) return stored;
  if (!key) throw new Error("This mail is stored encrypted and ACCESS_ENCRYPTION_KEY is not set");
  return open(key, stored.slice(sealedPrefix.length));
}

export interface OutboxWorkerOptions {
  db: Database;
  transport: MailTransport;
  /** How often the timer looks for due mails (retries, mails queued by another server). Default 5 s. */
  intervalMs?: number;
  log?: MailLog;
  /** Mails claimed per query; a full batch is followed at once by another. Default 20. */
  batchSize?: number;
  /** How long a claimed mail is reserved for this worker (see `dueMails`). Default 5 min. */
  leaseMs?: number;
  /** The key that opens mails queued sealed (ACCESS_ENCRYPTION_KEY). */
  openWith?: Buffer;
}

export interface OutboxRunResult {
  sent: number;
  failed: number;
}

export interface OutboxWorker {
  /** Runs at once, then every `intervalMs` (the timer does not keep the process alive). Idempotent. */
  start(): void;
  /**
   * Stops the timer and waits for a run in progress. That run claims nothing more; it finishes the mails it
   * already claimed, unless one of them fails, in which case it leaves the rest: they fall due again when
   * their lease ends, so a mail server that is down cannot hold up the shutdown mail after mail.
   */
  stop(): Promise<void>;
  /**
   * Sends every mail due at `now` (default: the clock). Runs one at a time: a call made during a run waits
   * for it. Rejects only when the database cannot be read; a failing mail is recorded, never thrown.
   */
  runOnce(now?: Date): Promise<OutboxRunResult>;
  /** Starts a run as soon as possible (right after the current one). Never rejects: errors go to the log. */
  sendSoon(): Promise<void>;
}

export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, transport, intervalMs = 5_000, log = console, batchSize = 20, leaseMs = DEFAULT_MAIL_LEASE_MS, openWith } = options;

  let started = false;
  let stopRequested = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** The end of the last run queued: runs happen one after the other. */
  let tail: Promise<unknown> = Promise.resolve();
  /** A `sendSoon` run queued and not started yet, which a further `sendSoon` joins instead of queuing another. */
  let pendingSoon: Promise<void> | undefined;

  function enqueue<T>(work: () => Promise<T>): Promise<T> {
    const run = tail.then(work);
    tail = run.catch(() => undefined);
    return run;
  }

  async function sendOne(mail: OutboxMail, now: Date): Promise<boolean> {
    const label = `mail #${mail.id} (${mail.kind})`;
    try {
      await transport.send({
        to: mail.to_address,
        subject: mail.subject,
        text: openedBody(mail.body_text, openWith),
        html: mail.body_html ? openedBody(mail.body_html, openWith) : "",
        kind: mail.kind,
      });
    } catch (error) {
      const reason = describeError(error);
      try {
        const failed = await markMailFailed(db, mail.id, reason, now);
        const attempts = failed?.attempts ?? mail.attempts + 1;
        const next = attempts >= MAX_MAIL_ATTEMPTS ? "giving up" : `next try after ${failed?.next_attempt_at ?? "the lease ends"}`;
        log.error(`Mail: ${label} failed (attempt ${attempts} of ${MAX_MAIL_ATTEMPTS}, ${next}): ${reason}`);
      } catch (recordError) {
        log.error(`Mail: ${label} failed (${reason}) and the failure could not be recorded: ${describeError(recordError)}`);
      }
      return false;
    }
    try {
      await markMailSent(db, mail.id, now);
      log.info(`Mail: ${label} sent.`);
    } catch (recordError) {
      // It went out, but the database still lists it as claimed: it may be sent again when the lease ends.
      log.error(`Mail: ${label} was sent but could not be marked sent: ${describeError(recordError)}`);
    }
    return true;
  }

  async function run(now: Date | undefined): Promise<OutboxRunResult> {
    const result: OutboxRunResult = { sent: 0, failed: 0 };
    while (!stopRequested) {
      const batchTime = now ?? new Date();
      const mails = await dueMails(db, batchTime, batchSize, leaseMs);
      for (const mail of mails) {
        const sent = await sendOne(mail, now ?? new Date());
        if (sent) result.sent++;
        else result.failed++;
        if (!sent && stopRequested) return result;
      }
      if (mails.length < batchSize) break;
    }
    return result;
  }

  function runOnce(now?: Date): Promise<OutboxRunResult> {
    return enqueue(() => run(now));
  }

  function sendSoon(): Promise<void> {
    if (pendingSoon) return pendingSoon;
    const soon = enqueue(async () => {
      pendingSoon = undefined;
      try {
        await run(undefined);
      } catch (error) {
        log.error(`Mail: could not read the outbox: ${describeError(error)}`);
      }
    });
    pendingSoon = soon;
    return soon;
  }

  function tick(): void {
    timer = undefined;
    void sendSoon().then(() => {
      if (started && !stopRequested && timer === undefined) {
        timer = setTimeout(tick, intervalMs);
        timer.unref?.();
      }
    });
  }

  return {
    start() {
      if (started) return;
      started = true;
      stopRequested = false;
      tick();
    },
    async stop() {
      started = false;
      stopRequested = true;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      await tail;
    },
    runOnce,
    sendSoon,
  };
}

function describeError(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
