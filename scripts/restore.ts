/**
 * `npm run restore -- ARCHIVE` (a file, or an archive's name in a configured store) or `-- --latest`: decrypts
 * and verifies the archive, then restores it over the configured database (refused if one exists, unless
 * `--force`) and migrates it forward. `--check` restores it to a scratch place instead and reports it, leaving
 * the live database untouched. See docs/operating.md, "Backups".
 */
import { createReadStream, existsSync } from "node:fs";
import type { Readable } from "node:stream";
import { parseArgs } from "node:util";
import { configuredStores, configuredTarget } from "../server/backup/configured.ts";
import { BackupCryptoError } from "../server/backup/encryption.ts";
import { type CheckReport, checkArchive, closeArchive, openArchive, RestoreRefused, restoreArchive } from "../server/backup/restore.ts";
import { runCommand } from "../server/command-line.ts";
import { serverConfig } from "../server/config.ts";

const USAGE = `Usage: npm run restore -- ARCHIVE [--check | --force]
       npm run restore -- --latest [--check | --force]

  ARCHIVE    an archive's file, or its name in BACKUP_DIR or BACKUP_S3_BUCKET
  --latest   the newest archive in the configured places
  --check    restore to a scratch place, migrate it, and report its counts and the books' numbering;
             the live database is not touched
  --force    replace the configured database (stop the servers first)`;

class Refusal extends Error {}

async function openSource(
  config: ReturnType<typeof serverConfig>,
  archive: string | undefined,
  latest: boolean,
): Promise<{ name: string; stream: Readable }> {
  if (archive && existsSync(archive)) return { name: archive, stream: createReadStream(archive) };
  const stores = configuredStores(config);
  for (const store of stores) {
    const archives = await store.list();
    const found = latest ? archives[0] : archives.find((each) => each.name === archive);
    if (found) return { name: `${store.label} ${found.name}`, stream: await store.open(found.name) };
  }
  throw new Refusal(
    latest
      ? "No archive was found in BACKUP_DIR or BACKUP_S3_BUCKET."
      : `No archive ${archive} was found here or in the configured places.`,
  );
}

function describe(report: CheckReport): string {
  const { orders, invoices, creditNotes, accesses, subscriptions } = report.counts;
  return [
    `${orders} orders, ${invoices} invoices, ${creditNotes} credit notes, ${accesses} accesses, ${subscriptions} subscriptions.`,
    report.numberingUnbroken ? "The books' numbering is unbroken." : "The books' numbering has a gap or a repeat: run npm run books:check.",
    report.migrated.length > 0
      ? `Brought forward by ${report.migrated.length} migration${report.migrated.length === 1 ? "" : "s"}: ${report.migrated.join(", ")}.`
      : "The schema is this version's.",
  ].join("\n");
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { latest: { type: "boolean" }, check: { type: "boolean" }, force: { type: "boolean" }, help: { type: "boolean" } },
  });
  if (values.help || (positionals.length !== 1 && !values.latest) || (values.check && values.force)) {
    console.log(USAGE);
    return values.help ? 0 : 1;
  }
  const config = serverConfig();
  if (!config.BACKUP_ENCRYPTION_KEY)
    throw new Refusal("BACKUP_ENCRYPTION_KEY is not set: the key the archive was encrypted with is needed to read it.");
  const target = await configuredTarget(config);
  const source = await openSource(config, positionals[0], values.latest === true);
  const archive = await openArchive(config.BACKUP_ENCRYPTION_KEY, source.stream);
  try {
    console.log(`${source.name}: taken ${archive.manifest.takenAt}, verified.`);
    const report = values.check
      ? await checkArchive(archive, target)
      : await restoreArchive(archive, target, { force: values.force === true });
    console.log(`${values.check ? "Checked in a scratch place (the live database is untouched)" : "Restored"}:\n${describe(report)}`);
    return report.numberingUnbroken ? 0 : 1;
  } finally {
    await closeArchive(archive);
  }
}

// A refusal tells why, and that nothing was changed: each is checked before the database is touched.
await runCommand(
  () =>
    main(process.argv.slice(2)).catch((error: unknown) => {
      const refused = error instanceof Refusal || error instanceof RestoreRefused || error instanceof BackupCryptoError;
      throw refused ? new Refusal(`${error.message} Nothing was changed.`) : error;
    }),
  [Refusal],
);
