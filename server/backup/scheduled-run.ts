/**
 * The day's backup, in a process of its own (started by the `backup-start` job, startBackupProcess below): the
 * copy, compression and encryption take seconds to minutes of CPU, which must not hold the thread that answers
 * visitors. It runs at a lower priority, records its run like `npm run backup`, and exits.
 */
import { spawn } from "node:child_process";
import { setPriority } from "node:os";
import { fileURLToPath } from "node:url";
import { serverConfig } from "../config.ts";
import { closeDatabase, openConfiguredDatabase } from "../db/database.ts";
import { logger } from "../logger.ts";
import { runBackup } from "./run.ts";

/** Starts the backup's process and returns once it is started; the process records its outcome itself. */
export function startBackupProcess(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url)], { stdio: ["ignore", "ignore", "pipe"] });
    const errors: Buffer[] = [];
    child.stderr.on("data", (chunk: Buffer) => errors.length < 20 && errors.push(chunk));
    child.once("error", reject);
    child.once("spawn", () => {
      // Ten steps nicer than the server: visitors first, as the job process does. Best effort: a container may refuse.
      try {
        if (child.pid) setPriority(child.pid, 10);
      } catch {}
      resolve();
    });
    child.once("exit", (code) => {
      if (code !== 0) logger.error({ code, output: Buffer.concat(errors).toString("utf8").slice(0, 2000) }, "The backup's process failed");
    });
  });
}

if (import.meta.main) {
  const config = serverConfig();
  const db = await openConfiguredDatabase(config);
  try {
    const outcome = await runBackup(config, db, "schedule");
    if (outcome.ok) logger.info({ archive: outcome.result.name, bytes: outcome.result.size }, "Backup taken");
    else logger.error({ reason: outcome.error }, "The backup failed");
    process.exitCode = outcome.ok ? 0 : 1;
  } finally {
    await closeDatabase(db);
  }
}
