/**
 * A consistent copy of the embedded database, taken while the site serves. `VACUUM INTO` reads the file in one
 * read transaction (with WAL, writers go on meanwhile) and writes a compact new file, where the online backup
 * API would start over each time a writer in another process changed a page it had copied. The copy is then
 * checked whole by SQLite (`PRAGMA integrity_check`) before it is packed.
 *
 * It runs in the backup's own process (`npm run backup`, which the scheduled job starts): node:sqlite is
 * synchronous, and a copy of a large file would otherwise hold the visitors' thread.
 */
import { rmSync } from "node:fs";
import { openSqliteFile } from "../db/sqlite-dialect.ts";

export function copySqlite(file: string, target: string): void {
  rmSync(target, { force: true });
  // The shop's connection settings, among them its lower(): the expression indexes are rebuilt with it.
  const source = openSqliteFile(file, { busyTimeoutMs: 30_000 });
  try {
    source.prepare("VACUUM INTO ?").run(target);
  } finally {
    source.close();
  }
  checkSqliteIntegrity(target);
}

/** Throws unless SQLite finds the file whole: every page, index and constraint. */
export function checkSqliteIntegrity(file: string): void {
  const copy = openSqliteFile(file);
  try {
    const rows = copy.prepare("PRAGMA integrity_check").all() as { integrity_check: string }[];
    const problems = rows.map((row) => row.integrity_check).filter((line) => line !== "ok");
    if (problems.length > 0) throw new Error(`the database's copy is not whole: ${problems.slice(0, 3).join("; ")}`);
  } finally {
    copy.close();
  }
}
