/**
 * For tests/e2e/slow-console.spec.ts: a server of its own (its database is made slow on purpose, which the
 * shared e2e servers must never be), on SQLite or PostgreSQL, and the change that makes the console's inbox
 * slow: `contact_messages` becomes a view whose every read first runs a count that never ends soon (SQLite)
 * or sleeps 30 s (PostgreSQL). Only the console reads that table on a page, so the rest of the site is as it was.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, openSync, rmSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { serverNodeFlags } from "../../scripts/support/server-flags.ts";

export type SlowTarget = { kind: "sqlite"; file: string } | { kind: "postgres"; url: string; schema: string };

export interface OwnServer {
  url: string;
  stop(): Promise<void>;
}

/** The settings that point the server, and the operator CLI, at the target's database. */
export function databaseEnv(target: SlowTarget): Record<string, string> {
  if (target.kind === "sqlite") return { SQLITE_FILE: target.file, DATABASE_URL: "" };
  const url = new URL(target.url);
  url.searchParams.set("options", `-c search_path=${target.schema}`);
  return { DATABASE_URL: url.toString() };
}

/** A fresh, empty database for the target: the SQLite file removed, or the PostgreSQL schema made anew. */
export async function emptyDatabase(target: SlowTarget): Promise<void> {
  if (target.kind === "sqlite") {
    rmSync(target.file, { force: true });
    rmSync(`${target.file}-wal`, { force: true });
    rmSync(`${target.file}-shm`, { force: true });
    return;
  }
  await onPostgres(target, `drop schema if exists ${target.schema} cascade; create schema ${target.schema}`);
}

/** Removes what the test made: the PostgreSQL schema (a SQLite file stays under .e2e/ for its log's sake). */
export async function dropDatabase(target: SlowTarget): Promise<void> {
  if (target.kind === "postgres") await onPostgres(target, `drop schema if exists ${target.schema} cascade`);
}

export async function startOwnServer(port: number, target: SlowTarget, logFile: string, env: Record<string, string>): Promise<OwnServer> {
  mkdirSync(logFile.slice(0, logFile.lastIndexOf("/")), { recursive: true });
  const log = openSync(logFile, "a");
  const child: ChildProcess = spawn(process.execPath, [...serverNodeFlags, "server/index.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PAYMENT_GATEWAY: "test",
      ALLOW_TEST_PAYMENTS: "true",
      ACCESS_ENCRYPTION_KEY: "e2e0".repeat(16),
      MAIL_OUTBOX_DIR: `${logFile}-outbox`,
      PORT: String(port),
      ...databaseEnv(target),
      ...env,
    },
    stdio: ["ignore", log, log],
  });
  const url = `http://localhost:${port}`;
  // Ready once its services are open: the migrations have made the tables this test changes.
  for (let attempt = 0; attempt < 120; attempt++) {
    const ready = await fetch(`${url}/readyz`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (ready) break;
    if (child.exitCode !== null) throw new Error(`The server stopped while starting; see ${logFile}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      await once(child, "exit");
    },
  };
}

/** Every read of `contact_messages` waits for something slow first; its rows stay where they were. */
export async function slowDownInbox(target: SlowTarget): Promise<void> {
  if (target.kind === "sqlite") {
    const db = new DatabaseSync(target.file, { timeout: 5000 });
    try {
      db.exec("alter table contact_messages rename to contact_messages_kept");
      // The count must come first whatever the read: SQLite's planner orders a plain join as it likes, and
      // for the inbox's reads (an index on the waiting messages) it put the empty table outside, so the count
      // never ran and the page answered at once. A CROSS JOIN keeps its left side the outer loop, like
      // PostgreSQL's one-time filter below.
      db.exec(`create view contact_messages as select kept.* from
        (with recursive c(x) as (select 1 union all select x + 1 from c where x < 10000000000) select count(*) as n from c) slow
        cross join contact_messages_kept kept where slow.n > 0`);
    } finally {
      db.close();
    }
    return;
  }
  await onPostgres(
    target,
    `alter table ${target.schema}.contact_messages rename to contact_messages_kept;
     create view ${target.schema}.contact_messages as select kept.* from ${target.schema}.contact_messages_kept kept
       where (select true from pg_sleep(30))`,
  );
}

/** `npm run operator -- add EMAIL` against the target's database, the password on standard input. */
export function addOperatorTo(target: SlowTarget, email: string, password: string): void {
  execFileSync(process.execPath, ["scripts/operator.ts", "add", email], {
    input: `${password}\n`,
    env: { ...process.env, ...databaseEnv(target) },
    stdio: ["pipe", "pipe", "pipe"],
  });
}

async function onPostgres(target: { url: string }, statements: string): Promise<void> {
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    await client.query(statements);
  } finally {
    await client.end();
  }
}
