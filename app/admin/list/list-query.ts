/**
 * A console list's query string: its filter and page number, read from whatever a person can type (so never
 * trusted), and the page written back next to the filter, so a page link keeps what is shown.
 */

/** Far past any real list, and small enough that the offset it makes stays an exact integer. */
const lastPossiblePage = 100_000;

export function pageFrom(search: URLSearchParams): number {
  const page = Number.parseInt(search.get("page") ?? "", 10);
  return Number.isFinite(page) ? Math.min(Math.max(page, 1), lastPossiblePage) : 1;
}

/** At least one page, so an empty list still reads "Page 1 of 1". */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The query string for `page` with every other parameter kept; page 1 is left out, as the filter form sends it. */
export function searchWithPage(search: string, page: number): string {
  const params = new URLSearchParams(search);
  if (page > 1) params.set("page", String(page));
  else params.delete("page");
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** One of `allowed`, or `fallback` for a missing or unknown value. */
export function oneOf<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return allowed.find((candidate) => candidate === value) ?? fallback;
}
