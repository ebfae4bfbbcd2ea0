/**
 * `/admin/invoices`, on the server: one month's invoices and credit notes, a page at a time from a key, its
 * totals by country and rate, and the export's form as it was last sent (with what is wrong with it).
 */
import { documentPage, monthTaxTotals } from "../../../server/db/books.ts";
import type { Database } from "../../../server/db/database.ts";
import {
  currentMonth,
  formatKey,
  type Month,
  monthDays,
  monthRange,
  parseDayRange,
  parseKey,
  parseMonth,
  type RangeProblem,
  shiftMonth,
} from "./period";

export const BOOKS_PAGE_SIZE = 25;

export interface ExportFormState {
  from: string;
  to: string;
  problem: RangeProblem | null;
}

/** The export form's fields: the range sent (and its problem), else the month shown. */
export function exportFormState(search: URLSearchParams, month: Month): ExportFormState {
  const from = search.get("from");
  const to = search.get("to");
  if (from === null && to === null) return { ...monthDays(month), problem: null };
  const range = parseDayRange(from, to);
  return { from: from ?? "", to: to ?? "", problem: range.ok ? null : range.problem };
}

export async function loadMonthPage(db: Database, url: URL, now: Date = new Date(), size = BOOKS_PAGE_SIZE) {
  const search = url.searchParams;
  const asked = search.get("month");
  const month = parseMonth(asked) ?? currentMonth(now);
  const range = monthRange(month);
  const older = parseKey(search.get("older"));
  const newer = older ? undefined : parseKey(search.get("newer"));
  const from = older ? { key: older, direction: "older" as const } : newer ? { key: newer, direction: "newer" as const } : undefined;
  const [onKey, totals] = await Promise.all([documentPage(db, range, { from, size }), monthTaxTotals(db, month)]);
  // Back at the newest documents: the first page, full, rather than the few left above the key.
  const page = from?.direction === "newer" && !onKey.newer ? await documentPage(db, range, { size }) : onKey;
  const first = page.documents[0];
  const last = page.documents.at(-1);
  return {
    month,
    /** The month asked could not be read: the page says so and shows the current month. */
    monthInvalid: Boolean(asked?.trim()) && parseMonth(asked) === undefined,
    previousMonth: shiftMonth(month, -1),
    nextMonth: shiftMonth(month, 1),
    documents: page.documents,
    newerKey: page.newer && first ? formatKey({ issuedAt: first.issued_at, number: first.number }) : null,
    olderKey: page.older && last ? formatKey({ issuedAt: last.issued_at, number: last.number }) : null,
    totals,
    exportForm: exportFormState(search, month),
  };
}

export type MonthPageData = Awaited<ReturnType<typeof loadMonthPage>>;
