/**
 * The first and last pages of a console list, read from the list's own pagination (so the bench follows the
 * pagination wherever it goes): a link with `rel="last"`, or the console's own last-page address (`?at=last`,
 * a link without a `rel`: HTML defines no "last"); else, for offset pages, the `rel="next"` link with its page
 * number replaced by the count the nav shows.
 */
const decode = (href: string) => href.replace(/&amp;/g, "&");

interface NavLink {
  rel: string;
  href: string;
}

/** The pagination nav's links (the nav that holds a `rel` link), in order; empty when the list fits one page. */
export function paginationLinks(html: string): { links: NavLink[]; text: string } {
  for (const nav of html.matchAll(/<nav\b[^>]*>([\s\S]*?)<\/nav>/g)) {
    const inner = nav[1] ?? "";
    const links = [...inner.matchAll(/<a\b([^>]*)>/g)].flatMap((anchor) => {
      const attributes = anchor[1] ?? "";
      const href = attributes.match(/\bhref="([^"]*)"/)?.[1];
      const rel = attributes.match(/\brel="([^"]*)"/)?.[1];
      return href ? [{ rel: rel ?? "", href: decode(href) }] : [];
    });
    if (links.some((link) => /\b(next|prev|first|last)\b/.test(link.rel))) return { links, text: inner.replace(/<[^>]*>/g, " ") };
  }
  return { links: [], text: "" };
}

/** A link's path and query against the page it was found on (`?page=2` → `/admin/orders?page=2`). */
export function resolveHref(href: string, pagePath: string): string {
  const url = new URL(href, `http://bench${pagePath}`);
  return `${url.pathname}${url.search}`;
}

/** The last page's path, or null when the list has one page only. */
export function lastPageOf(html: string, pagePath: string): { path: string; how: string } | null {
  const { links, text } = paginationLinks(html);
  const last = links.find((link) => /\blast\b/.test(link.rel));
  if (last) return { path: resolveHref(last.href, pagePath), how: 'rel="last"' };
  const atLast = links.find((link) => /[?&]at=last\b/.test(link.href));
  if (atLast) return { path: resolveHref(atLast.href, pagePath), how: "the Last link (?at=last)" };
  const next = links.find((link) => /\bnext\b/.test(link.rel));
  if (!next) return null;
  // "Page 1 of 12,345": the largest number the nav says is the count of pages.
  const numbers = [...text.replace(/(\d)[,.\u00a0\u202f ](?=\d{3}\b)/g, "$1").matchAll(/\d+/g)].map((match) => Number(match[0]));
  const pages = Math.max(0, ...numbers);
  const url = new URL(resolveHref(next.href, pagePath), "http://bench");
  if (!url.searchParams.has("page") || pages < 2) return { path: `${url.pathname}${url.search}`, how: 'rel="next" (no count)' };
  url.searchParams.set("page", String(pages));
  return { path: `${url.pathname}${url.search}`, how: `page=${pages} (the nav's count)` };
}
