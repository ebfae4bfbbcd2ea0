/**
 * `npm run backup`: takes a backup now, as the daily job does (server/backup/), and says what it kept and removed.
 * `-- --new-key` prints a fresh BACKUP_ENCRYPTION_KEY; `-- --list` lists the archives in each configured place.
 * Exit code 0 when the backup was taken, 1 otherwise: it can run from cron or a deploy script.
 */
import { parseArgs } from "node:util";
import { configuredStores } from "../server/backup/configured.ts";
import { newBackupKey } from "../server/backup/encryption.ts";
import { runBackup } from "../server/backup/run.ts";
import { runCommand } from "../server/command-line.ts";
import { serverConfig } from "../server/config.ts";
import { closeDatabase, openConfiguredDatabase } from "../server/db/database.ts";

const USAGE = `Usage: npm run backup [-- --new-key | --list]

  (nothing)   take a backup now: a consistent copy, checked, encrypted, stored, older ones thinned
  --new-key   print a new BACKUP_ENCRYPTION_KEY; keep it away from the backups (a password manager, a safe)
  --list      list the archives in BACKUP_DIR and BACKUP_S3_BUCKET, newest first`;

export const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(bytes < 10_000_000 ? 2 : 1)} MB`;

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { "new-key": { type: "boolean" }, list: { type: "boolean" }, help: { type: "boolean" } },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (values["new-key"]) {
    const { key, recipient } = await newBackupKey();
    console.log(`BACKUP_ENCRYPTION_KEY=${key}\n# public half (what the archives are encrypted to): ${recipient}`);
    return 0;
  }
  const config = serverConfig();
  if (values.list) {
    for (const store of configuredStores(config)) {
      console.log(`${store.label}:`);
      for (const archive of await store.list()) console.log(`  ${archive.name}  ${megabytes(archive.size)}`);
    }
    return 0;
  }
  const db = await openConfiguredDatabase(config);
  try {
    const outcome = await runBackup(config, db, "command");
    if (!outcome.ok) {
      console.error(`The backup failed: ${outcome.error}`);
      return 1;
    }
    const { name, size, manifest, removed } = outcome.result;
    const { orders, invoices, accesses, subscriptions } = manifest.counts;
    console.log(
      `Backup ${name} (${megabytes(size)}): ${orders} orders, ${invoices} invoices, ${accesses} accesses, ${subscriptions} subscriptions.`,
    );
    if (!manifest.numberingUnbroken) console.log("The invoices' numbering has a gap or a repeat: run npm run books:check.");
    for (const { store, names } of removed)
      console.log(`${store}: kept, ${names.length} older archive${names.length === 1 ? "" : "s"} removed.`);
    return 0;
  } finally {
    await closeDatabase(db);
  }
}

await runCommand(() => main(process.argv.slice(2)));
