/**
 * When the daily backup is due and when its owners are told: pure functions of the clock and the runs recorded,
 * so the job that asks every few minutes and its tests agree.
 */
import type { BackupRun } from "../db/backup-runs-schema.ts";

/** 26 hours: a day and the time a backup of a large shop may take, before a missing backup is news. */
export const OVERDUE_AFTER_MS = 26 * 60 * 60_000;

/** The latest moment at or before `now` that is BACKUP_TIME (HH:MM, UTC). */
export function lastSlot(now: Date, backupTime: string): Date {
  const [hours = 0, minutes = 0] = backupTime.split(":").map(Number);
  const slot = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hours, minutes));
  if (slot.getTime() > now.getTime()) slot.setUTCDate(slot.getUTCDate() - 1);
  return slot;
}

/** Due when no run has started since the last slot: each day's slot starts one run, whatever it becomes. */
export function isBackupDue(now: Date, backupTime: string, lastRun: Pick<BackupRun, "started_at"> | undefined): boolean {
  return !lastRun || Date.parse(lastRun.started_at) < lastSlot(now, backupTime).getTime();
}

export type AlertToSend = { key: string; kind: "failed"; runId: number } | { key: string; kind: "overdue" };

/**
 * What to tell the owners now, each with the key that makes it once: a failed run once per run; no success for
 * 26 hours (counted from the last success, or from the first run when none has succeeded) once a day.
 */
export function alertsDue(
  now: Date,
  runs: { last?: Pick<BackupRun, "id" | "status">; lastSucceeded?: Pick<BackupRun, "started_at">; first?: Pick<BackupRun, "started_at"> },
): AlertToSend[] {
  const alerts: AlertToSend[] = [];
  if (runs.last?.status === "failed") alerts.push({ key: `backup-alert:failed:${runs.last.id}`, kind: "failed", runId: runs.last.id });
  const since = runs.lastSucceeded?.started_at ?? runs.first?.started_at;
  if (since && now.getTime() - Date.parse(since) > OVERDUE_AFTER_MS) {
    alerts.push({ key: `backup-alert:overdue:${now.toISOString().slice(0, 10)}`, kind: "overdue" });
  }
  return alerts;
}
