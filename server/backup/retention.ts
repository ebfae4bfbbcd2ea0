/**
 * Which backups to keep: the newest of each of the last `daily` days that have a backup, of each of the last
 * `weekly` ISO weeks, and of each of the last `monthly` months (restic's and pgBackRest's grandfather-father-son
 * rule). Periods are counted among the backups that exist, not on the calendar: a shop whose backups stopped
 * for a fortnight still keeps seven days' worth. The newest backup is always kept. Days, weeks and months are
 * UTC, as the archives' names are.
 */

export interface RetentionPolicy {
  daily: number;
  weekly: number;
  monthly: number;
}

export const defaultRetention: RetentionPolicy = { daily: 7, weekly: 4, monthly: 12 };

/** The ISO 8601 week a day belongs to, as "2026-W49": the week of its Thursday. */
export function isoWeek(at: Date): string {
  const thursday = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  thursday.setUTCDate(thursday.getUTCDate() + 3 - ((thursday.getUTCDay() + 6) % 7));
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  const week = Math.floor((thursday.getTime() - yearStart) / 86_400_000 / 7) + 1;
  return `${thursday.getUTCFullYear()}-W${String(week).padStart(2, "0")}`;
}

const periods = {
  daily: (at: Date) => at.toISOString().slice(0, 10),
  weekly: isoWeek,
  monthly: (at: Date) => at.toISOString().slice(0, 7),
} as const;

/** Splits backups into those the policy keeps and those to delete; each list newest first. */
export function applyRetention<T extends { takenAt: Date }>(backups: readonly T[], policy: RetentionPolicy): { keep: T[]; remove: T[] } {
  const newestFirst = [...backups].sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime());
  const kept = new Set<T>(newestFirst.slice(0, 1));
  for (const [rule, periodOf] of Object.entries(periods) as [keyof RetentionPolicy, (at: Date) => string][]) {
    const seen = new Set<string>();
    for (const backup of newestFirst) {
      if (seen.size >= policy[rule]) break;
      const period = periodOf(backup.takenAt);
      if (seen.has(period)) continue;
      seen.add(period);
      kept.add(backup);
    }
  }
  return { keep: newestFirst.filter((backup) => kept.has(backup)), remove: newestFirst.filter((backup) => !kept.has(backup)) };
}
