import type { BlogCategory } from "./blog-categories";

/** What a blog list shows: the words searched, the category, the page. */
export interface BlogListQuery {
  search: string;
  category: BlogCategory | "all";
  page: number;
}

/** The list's address for a query: only what differs from the first page of everything is in it. */
export function blogListPath(base: string, query: BlogListQuery): string {
  const params = new URLSearchParams();
  if (query.search) params.set("search", query.search);
  if (query.category !== "all") params.set("category", query.category);
  if (query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return base + (search ? `?${search}` : "");
}

/** The head links of one page of the list: its canonical address, the pages before and after, and whether to index it. */
export interface BlogListHead {
  canonical: string;
  previous?: string;
  next?: string;
  /** Search results are endless and thin: followed, never indexed. Categories and pages are. */
  index: boolean;
}

export function blogListHead(base: string, query: BlogListQuery, pageCount: number): BlogListHead {
  const at = (page: number) => blogListPath(base, { ...query, page });
  return {
    canonical: at(query.page),
    ...(query.page > 1 ? { previous: at(query.page - 1) } : {}),
    ...(query.page < pageCount ? { next: at(query.page + 1) } : {}),
    index: query.search === "",
  };
}
