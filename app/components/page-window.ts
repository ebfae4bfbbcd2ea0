/**
 * Which page numbers a list's pagination shows: the first, the last, and those around the current one, with a
 * gap where pages are left out. A blog of a thousand articles has 112 pages; a row of 112 links is no help.
 */
export type PageWindowItem = { page: number } | { gap: "before" | "after" };

export function pageWindow(current: number, count: number, around = 2): PageWindowItem[] {
  const shown = new Set([1, count]);
  for (let page = current - around; page <= current + around; page++) if (page >= 1 && page <= count) shown.add(page);
  const pages = [...shown].sort((a, b) => a - b);
  const items: PageWindowItem[] = [];
  pages.forEach((page, index) => {
    const previous = pages[index - 1];
    // A gap of one page shows that page instead: "1 … 3" hides nothing worth hiding.
    if (previous !== undefined && page - previous === 2) items.push({ page: previous + 1 });
    else if (previous !== undefined && page - previous > 2) items.push({ gap: page <= current ? "before" : "after" });
    items.push({ page });
  });
  return items;
}
