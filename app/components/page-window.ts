/**
 * Which page numbers a list's pagination shows: the first, the last, and a few around the current one, with
 * a gap where numbers are left out. At 1,000 articles the blog has over a hundred pages; a link to each
 * would be a wall of numbers for a reader and a keyboard.
 */
export function pageWindow(page: number, pageCount: number, around = 2): (number | "gap")[] {
  const shown = new Set([1, pageCount]);
  for (let number = page - around; number <= page + around; number++) {
    if (number >= 1 && number <= pageCount) shown.add(number);
  }
  const numbers = [...shown].sort((a, b) => a - b);
  return numbers.flatMap((number, at) => {
    const previous = numbers[at - 1];
    if (previous === undefined || number === previous + 1) return [number];
    // A gap of one page shows that page instead: a "…" would hide no more than the number itself.
    return number === previous + 2 ? [previous + 1, number] : ["gap" as const, number];
  });
}
