/**
 * A console list's query string: its filter and which page, read from whatever a person can type (so never
 * trusted), and the links to the pages around the one shown, each keeping the filter. A page is named by the
 * row it starts after or ends before (`?after=…` / `?before=…`), or is the last (`?at=last`): see
 * docs/decisions/0027 for why lists are read from a key rather than by page number.
 */
import type { Cursor, KeysetPage, PagePosition } from "../../../server/db/keyset.ts";

const positionParameters = ["after", "before", "at", "page"] as const;

/** `2026-11-26T10:00:00.000Z_42`: a sort value (a date) and an id. Anything else is not a cursor. */
export function parseCursor(text: string | null): Cursor | undefined {
  const match = /^([0-9T:.+Z-]{1,40})_([1-9][0-9]{0,15})$/.exec(text ?? "");
  if (!match) return undefined;
  const id = Number(match[2]);
  return Number.isSafeInteger(id) ? { key: match[1]!, id } : undefined;
}

export function formatCursor(cursor: Cursor): string {
  return `${cursor.key}_${cursor.id}`;
}

/** Which page the query string names; the first when it names none, or names one badly. */
export function positionFrom(search: URLSearchParams): PagePosition {
  if (search.get("at") === "last") return { at: "last" };
  const after = parseCursor(search.get("after"));
  if (after) return { at: "after", cursor: after };
  const before = parseCursor(search.get("before"));
  if (before) return { at: "before", cursor: before };
  return { at: "first" };
}

/** The query string of another page, every other parameter (the filter) kept. */
export function searchAt(search: string, position: PagePosition): string {
  const params = new URLSearchParams(search);
  for (const name of positionParameters) params.delete(name);
  if (position.at === "last") params.set("at", "last");
  if (position.at === "after" || position.at === "before") params.set(position.at, formatCursor(position.cursor));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** What the links under a list need: the positions of the pages around this one, where there are any. */
export interface PageLinks {
  first?: PagePosition;
  previous?: PagePosition;
  next?: PagePosition;
  last?: PagePosition;
}

export function pageLinks(page: Pick<KeysetPage<unknown>, "hasPrevious" | "hasNext" | "first" | "last">): PageLinks {
  const links: PageLinks = {};
  if (page.hasPrevious) {
    links.first = { at: "first" };
    // An empty page after a row no longer there has no first row: the last page is the nearest before it.
    links.previous = page.first ? { at: "before", cursor: page.first } : { at: "last" };
  }
  if (page.hasNext) {
    if (page.last) links.next = { at: "after", cursor: page.last };
    links.last = { at: "last" };
  }
  return links;
}

/** One of `allowed`, or `fallback` for a missing or unknown value. */
export function oneOf<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return allowed.find((candidate) => candidate === value) ?? fallback;
}
