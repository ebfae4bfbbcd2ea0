/**
 * Test support: reading a whole console list the way a person does, by the "next" links from its first page
 * (or by the "previous" links from its last), so a test sees what the links lead to, not just one page.
 */
import type { KeysetPage, PagePosition } from "../../server/db/keyset.ts";

/** Every page met following the links from `start`; throws rather than loop when the links never end. */
export async function walkPages<Page extends KeysetPage<unknown>>(
  read: (position: PagePosition) => Promise<Page>,
  direction: "next" | "previous" = "next",
): Promise<Page[]> {
  const pages: Page[] = [];
  let position: PagePosition | undefined = { at: direction === "next" ? "first" : "last" };
  while (position) {
    if (pages.length >= 100) throw new Error("the list's links do not end");
    const page = await read(position);
    pages.push(page);
    if (direction === "next") position = page.hasNext && page.last ? { at: "after", cursor: page.last } : undefined;
    else position = page.hasPrevious && page.first ? { at: "before", cursor: page.first } : undefined;
  }
  return pages;
}
