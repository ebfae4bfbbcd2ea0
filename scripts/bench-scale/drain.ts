/**
 * The job runner under a flood: 100,000 mails due at once (a real kind, delivered as the servers deliver
 * without SMTP_URL: .eml files in their outbox folder), drained by two servers, while the public pages are
 * timed. The mails and their jobs are removed afterwards, so a seeded database can be reused.
 */
import { sql } from "kysely";
import type { Database, DialectName } from "../../server/db/database.ts";
import type { Figure } from "./console-pages.ts";
import { appendRows } from "./seed-write.ts";
import { percentile, request } from "./timing.ts";

export const drainBudgetSeconds = 300;
export const publicP99BudgetMs = 50;
export const publicPaths = ["/", "/about", "/blog", "/checkout", "/healthz"];

const maxId = async (db: Database, table: "mails" | "jobs") =>
  Number((await sql<{ id: number | null }>`select max(id) as id from ${sql.table(table)}`.execute(db)).rows[0]?.id ?? 0);

/** Queues `count` mails due now; returns the first mail id (jobs' unique keys are `mail:<id>`). */
export async function queueMails(db: Database, dialect: DialectName, count: number): Promise<{ firstMail: number; firstJob: number }> {
  const firstMail = (await maxId(db, "mails")) + 1;
  const firstJob = (await maxId(db, "jobs")) + 1;
  const now = new Date().toISOString();
  const ids = Array.from({ length: count }, (_, index) => firstMail + index);
  const body = "Please confirm your subscription to our newsletter: https://shop.example/newsletter/confirm?token=bench";
  await appendRows(db, dialect, {
    table: "mails",
    columns: ["id", "kind", "to_address", "subject", "body_text", "created_at", "updated_at"],
    rows: ids.map((id) => [id, "newsletter-confirmation", `reader${id}@example.org`, "Confirm your subscription", body, now, now]),
  });
  if (dialect === "postgres") await sql`select setval(pg_get_serial_sequence('mails', 'id'), ${firstMail + count - 1})`.execute(db);
  await appendRows(db, dialect, {
    table: "jobs",
    columns: ["kind", "payload", "unique_key", "run_at", "attempts", "max_attempts", "created_at", "updated_at"],
    rows: ids.map((id) => ["mail", JSON.stringify({ mailId: id }), `mail:${id}`, now, 0, 10, now, now]),
  });
  return { firstMail, firstJob };
}

async function undone(db: Database, firstJob: number): Promise<number> {
  const result = await sql<{ n: number | string }>`select count(*) as n from jobs where id >= ${firstJob} and kind = 'mail'
    and done_at is null and failed_at is null`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

/** The public pages of `base`, one after another every 20 ms, until `done` says stop. */
export async function timePublic(base: string, done: () => Promise<boolean>): Promise<{ times: number[]; failures: number }> {
  const times: number[] = [];
  let failures = 0;
  const client = { base, cookie: "", timeoutMs: 10_000 };
  for (let index = 0; !(await done()); index++) {
    const path = publicPaths[index % publicPaths.length] as string;
    const answer = await request(client, path).catch(() => null);
    if (answer && answer.status < 400) times.push(answer.ms);
    else failures++;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { times, failures };
}

/**
 * The public pages' p99 with both servers up and no job due: the floor the drain's figure stands on. This
 * machine's speed moves from minute to minute, so the drain's p99 counts beside this one, taken just before.
 */
export async function publicFloor(base: string, seconds: number): Promise<Figure> {
  // Each page rendered once first: what is timed is answering, not a first render.
  for (const path of publicPaths) await request({ base, cookie: "", timeoutMs: 10_000 }, path);
  const end = performance.now() + seconds * 1000;
  const { times, failures } = await timePublic(base, async () => performance.now() >= end);
  const p99 = percentile(times, 99);
  const note = failures ? `${failures} failed` : `${times.length} requests`;
  return {
    name: "public pages p99, nothing due (floor)",
    path: publicPaths.join(" "),
    budgetMs: null,
    p95: p99,
    p99,
    runs: times.length,
    status: 0,
    note,
  };
}

/**
 * Waits until the queued jobs are done (or the deadline), timing the public pages of `base` meanwhile. The
 * time counts from `started`, taken before the mails were queued: the runners start on them at once.
 */
export async function drain(db: Database, firstJob: number, base: string, started: number, log: (line: string) => void): Promise<Figure[]> {
  const deadline = started + (drainBudgetSeconds + 60) * 1000;
  let left = await undone(db, firstJob);
  let lastCheck = performance.now();
  const done = async () => {
    if (performance.now() - lastCheck > 2000) {
      lastCheck = performance.now();
      left = await undone(db, firstJob);
      log(`  ${((lastCheck - started) / 1000).toFixed(0)} s: ${left} jobs left`);
    }
    return left === 0 || performance.now() >= deadline;
  };
  const { times, failures } = await timePublic(base, done);
  const seconds = left === 0 ? (performance.now() - started) / 1000 : null;
  return [
    {
      name: "100,000 mail jobs drained by 2 servers (s)",
      path: "jobs",
      budgetMs: drainBudgetSeconds,
      p95: seconds,
      p99: null,
      runs: 1,
      status: 0,
      note: left ? `${left} left` : "",
    },
    {
      name: "public pages p99 while draining",
      path: publicPaths.join(" "),
      budgetMs: publicP99BudgetMs,
      p95: percentile(times, 99),
      p99: percentile(times, 99),
      runs: times.length,
      status: 0,
      note: failures ? `${failures} failed` : `${times.length} requests`,
    },
  ];
}

/** Removes the mails and jobs the drain added. */
export async function removeQueued(db: Database, firstMail: number, firstJob: number): Promise<void> {
  await sql`delete from jobs where id >= ${firstJob} and kind = 'mail'`.execute(db);
  await sql`delete from mails where id >= ${firstMail}`.execute(db);
}
