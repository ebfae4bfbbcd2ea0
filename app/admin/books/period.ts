/**
 * The periods of the books, read from a query string: a month (`2026-11`) for the list and its totals, a
 * range of days (`from`, `to`, both included) for the export, and the key a page of the list starts from.
 * All in UTC, as documents are dated. Pure: what the page and the export share, tested beside it.
 */
import type { DocumentKey, TimeRange } from "../../../server/db/books.ts";

/** A year and month, `2026-11`. */
export type Month = string;

const monthPattern = /^(\d{4})-(0[1-9]|1[0-2])$/;
const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

export function currentMonth(now: Date): Month {
  return now.toISOString().slice(0, 7);
}

/** The month asked, when it is one; undefined when absent or malformed. */
export function parseMonth(value: string | null | undefined): Month | undefined {
  const text = value?.trim() ?? "";
  return monthPattern.test(text) && Number(text.slice(0, 4)) >= 2000 ? text : undefined;
}

function monthStart(month: Month, shift = 0): Date {
  const [year, index] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, index - 1 + shift, 1));
}

export function shiftMonth(month: Month, shift: number): Month {
  return currentMonth(monthStart(month, shift));
}

export function monthRange(month: Month): TimeRange {
  return { start: monthStart(month).toISOString(), end: monthStart(month, 1).toISOString() };
}

/** A day typed as `YYYY-MM-DD` that exists in the calendar; undefined otherwise. */
export function parseDay(value: string | null | undefined): Date | undefined {
  const match = dayPattern.exec(value?.trim() ?? "");
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && year >= 2000 ? date : undefined;
}

/** The longest export: a leap year, so that any calendar year fits. */
export const MAX_EXPORT_DAYS = 366;
const DAY_MS = 24 * 60 * 60 * 1000;

export type RangeProblem = "missing" | "malformed" | "reversed" | "too-long";

export type DayRange = { ok: true; from: string; to: string; range: TimeRange } | { ok: false; problem: RangeProblem };

/** The export's days, `from` and `to` both included, as a range of instants; or what is wrong with them. */
export function parseDayRange(fromText: string | null, toText: string | null): DayRange {
  if (!fromText?.trim() || !toText?.trim()) return { ok: false, problem: "missing" };
  const from = parseDay(fromText);
  const to = parseDay(toText);
  if (!from || !to) return { ok: false, problem: "malformed" };
  if (to < from) return { ok: false, problem: "reversed" };
  const end = new Date(to.getTime() + DAY_MS);
  if ((end.getTime() - from.getTime()) / DAY_MS > MAX_EXPORT_DAYS) return { ok: false, problem: "too-long" };
  return { ok: true, from: fromText.trim(), to: toText.trim(), range: { start: from.toISOString(), end: end.toISOString() } };
}

/** The first and last day of a month, to fill the export's form. */
export function monthDays(month: Month): { from: string; to: string } {
  const end = new Date(monthStart(month, 1).getTime() - DAY_MS);
  return { from: `${month}-01`, to: end.toISOString().slice(0, 10) };
}

const instantPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** A page's key in a link: `2026-11-03T10:00:00.000Z_NS-2026-000012`. */
export function formatKey(key: DocumentKey): string {
  return `${key.issuedAt}_${key.number}`;
}

/** A key from a link; undefined when it is not one (the list then starts at its first page). */
export function parseKey(value: string | null): DocumentKey | undefined {
  if (!value || value.length > 80) return undefined;
  const split = value.indexOf("_");
  const issuedAt = value.slice(0, split);
  const number = value.slice(split + 1);
  return split > 0 && instantPattern.test(issuedAt) && /^[\w.-]{1,40}$/.test(number) ? { issuedAt, number } : undefined;
}
