/**
 * A backup taken while 100 checkouts are in flight, with the real commands (`npm run backup`, `npm run restore`),
 * then the database deleted and restored. Every order told "paid" before the backup began must be there and
 * paid, the books' numbering unbroken, and the access details sealed before it must still open with the
 * server's key.
 */
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { generateX25519Identity } from "age-encryption";
import { sql } from "kysely";
import { open, parseEncryptionKey, seal } from "../../server/admin/secret-box.ts";
import { createAccess } from "../../server/db/accesses.ts";
import { checkNumbering, isUnbroken } from "../../server/db/numbering-check.ts";
import { closeDatabase, type Database, openSiteDatabase } from "./database.ts";
import { checkoutFields } from "./forms.ts";
import { inParallel, postForm, target } from "./http.ts";
import type { Report } from "./report.ts";
import type { SiteServer } from "./server-process.ts";

export interface BackupRestoreOptions {
  /** Where the database is: the server's own settings. */
  database: { url?: string; sqliteFile?: string };
  /** The server's ACCESS_ENCRYPTION_KEY. */
  accessKey: string;
  workDirectory: string;
  checkouts: number;
}

/** One of the project's commands, run as an operator runs it; its output goes to a log beside the server's. */
function command(script: string, args: string[], env: Record<string, string>, log: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...args], { env: { ...process.env, ...env, NODE_ENV: "production" } });
    child.stdout.on("data", (chunk: Buffer) => log.push(chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => log.push(chunk.toString()));
    child.on("close", (code) => resolve(code ?? 1));
  });
}

const paidEmails = async (db: Database, prefix: string) =>
  (await db.selectFrom("orders").select("email").where("email", "like", `${prefix}%`).where("status", "=", "paid").execute()).map(
    (row) => row.email,
  );

export async function runBackupRestore(server: SiteServer, db: Database, report: Report, options: BackupRestoreOptions): Promise<Database> {
  const prefix = "backup-";
  const accessKey = parseEncryptionKey(options.accessKey);
  const details = JSON.stringify({ username: "line-before-backup", password: "Tr0ub4dor-backup" });
  const access = await createAccess(db, {
    reference: `NS-BACKUP-${Date.now()}`,
    email: `${prefix}access@reliability.example`,
    planKey: "premium",
    viewers: 1,
    sealedDetails: seal(accessKey, details),
    startsAt: new Date(),
    endsAt: new Date(Date.now() + 30 * 86_400_000),
  });
  const env: Record<string, string> = {
    ...(options.database.url ? { DATABASE_URL: options.database.url } : { SQLITE_FILE: options.database.sqliteFile ?? "" }),
    BACKUP_ENCRYPTION_KEY: await generateX25519Identity(),
    BACKUP_DIR: join(options.workDirectory, "backups"),
    ACCESS_ENCRYPTION_KEY: options.accessKey,
  };
  const log: string[] = [];

  const client = target(server.port, 20, 60_000);
  const emails = Array.from({ length: options.checkouts }, (_, n) => `${prefix}${n}@reliability.example`);
  const statuses: number[] = [];
  const checkouts = inParallel(emails, 20, async (email) => {
    const answer = await postForm(client, "/checkout", checkoutFields(emails.indexOf(email), "approved", email), {
      Accept: "text/html",
      Origin: server.url,
    });
    statuses.push(answer.status);
  });
  // The backup begins with checkouts in flight: some paid already, others not yet.
  while ((await paidEmails(db, prefix)).length < options.checkouts / 4) await new Promise((resolve) => setTimeout(resolve, 20));
  const paidBefore = await paidEmails(db, prefix);
  const backupCode = await command("scripts/backup.ts", [], env, log);
  await checkouts;
  client.agent.destroy();
  report.check("a backup taken with 100 checkouts in flight succeeds", backupCode === 0, log.join("").trim().slice(-500));
  report.check(
    "…and every checkout is answered 200 meanwhile",
    statuses.every((status) => status === 200),
    statuses.join(","),
  );

  await server.stop("SIGTERM");
  await closeDatabase(db);
  if (options.database.url) {
    const dropped = await openSiteDatabase({ url: options.database.url });
    await sql`drop schema public cascade`.execute(dropped);
    await closeDatabase(dropped);
  } else {
    for (const suffix of ["", "-wal", "-shm"]) rmSync(`${options.database.sqliteFile}${suffix}`, { force: true });
  }
  const restoreCode = await command("scripts/restore.ts", ["--latest"], env, log);
  report.check("the database deleted, `npm run restore -- --latest` restores it", restoreCode === 0, log.join("").trim().slice(-500));

  const restored = await openSiteDatabase(options.database);
  const present = new Set(await paidEmails(restored, prefix));
  const missing = paidBefore.filter((email) => !present.has(email));
  report.check(
    `…with every order paid before the backup began (${paidBefore.length}), still paid`,
    missing.length === 0,
    `missing: ${missing.slice(0, 5).join(", ")}`,
  );
  report.check("…and the books' numbering unbroken", (await checkNumbering(restored)).every(isUnbroken));
  const sealed = await restored.selectFrom("accesses").select("details").where("id", "=", access.id).executeTakeFirst();
  report.check(
    "…and access details sealed before it still open with the server's key",
    sealed?.details ? open(accessKey, sealed.details) === details : false,
  );
  await server.start();
  return restored;
}
