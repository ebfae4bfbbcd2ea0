/**
 * The backups' two jobs:
 * - `backup-check`, every five minutes on every server: starts the day's backup once its time has passed (in a
 *   process of its own, see scheduled-run.ts), and queues an alert for a failed run or for 26 hours without one.
 * - `backup-alert`: one mail to the shop's operator, once per key (a failed run, an overdue day).
 * Two servers asking at once start one backup: the run's row is claimed by a job key for the slot.
 */
import type { ServerConfig } from "../config.ts";
import { firstBackupRun, lastBackupRun, lastSucceededBackup } from "../db/backup-runs.ts";
import type { Database } from "../db/database.ts";
import { enqueueJob, JOB_KINDS } from "../jobs/enqueue.ts";
import type { JobHandler } from "../jobs/runner.ts";
import { BACKUP_ALERT_MAIL_KIND, renderBackupAlertMail } from "../mail/backup-alert-mail.ts";
import { queueMail } from "../mail/mail-job.ts";
import { backupsConfigured } from "./configured.ts";
import { alertsDue, isBackupDue, lastSlot } from "./schedule.ts";

export interface BackupJobDependencies {
  db: Database;
  config: ServerConfig;
  /** Where alerts go: the shop's operator address. */
  operatorEmail: string;
  wakeMail(): void;
  /** Starts a backup in another process and resolves when it has ended (its row records the outcome). */
  startBackup(): Promise<void>;
}

export function backupJobHandlers(dependencies: BackupJobDependencies): Record<string, JobHandler> {
  const { db, config } = dependencies;
  return {
    [JOB_KINDS.backupCheck]: {
      retryDelayMs: () => null,
      async run(_job, now) {
        if (!backupsConfigured(config)) return;
        const last = await lastBackupRun(db);
        const slot = lastSlot(now, config.BACKUP_TIME);
        // The slot's key claims the day's backup: of two servers, the one whose job was added starts it.
        if (isBackupDue(now, config.BACKUP_TIME, last)) {
          const claimed = await enqueueJob(
            db,
            { kind: JOB_KINDS.backupStart, payload: {}, runAt: now, uniqueKey: `backup:${slot.toISOString()}`, maxAttempts: 1 },
            now,
          );
          if (claimed) return;
        }
        const alerts = alertsDue(now, { last, lastSucceeded: await lastSucceededBackup(db), first: await firstBackupRun(db) });
        for (const alert of alerts) {
          await enqueueJob(db, { kind: JOB_KINDS.backupAlert, payload: alert, runAt: now, uniqueKey: alert.key }, now);
        }
      },
    },
    [JOB_KINDS.backupStart]: { retryDelayMs: () => null, run: () => dependencies.startBackup() },
    [JOB_KINDS.backupAlert]: {
      async run(job, now) {
        const alert = JSON.parse(job.payload) as { kind: "failed" | "overdue"; runId?: number };
        const lastGood = await lastSucceededBackup(db);
        const lastGoodAt = lastGood ? new Date(lastGood.started_at) : undefined;
        let mail: ReturnType<typeof renderBackupAlertMail>;
        if (alert.kind === "failed") {
          const failed = await db
            .selectFrom("backup_runs")
            .selectAll()
            .where("id", "=", alert.runId ?? 0)
            .executeTakeFirst();
          if (!failed) return;
          mail = renderBackupAlertMail({
            kind: "failed",
            startedAt: new Date(failed.started_at),
            reason: failed.error ?? "",
            lastGood: lastGoodAt,
          });
        } else {
          mail = renderBackupAlertMail({ kind: "overdue", lastGood: lastGoodAt });
        }
        await queueMail(db, { kind: BACKUP_ALERT_MAIL_KIND, to: dependencies.operatorEmail, ...mail }, now);
        dependencies.wakeMail();
      },
    },
  };
}
