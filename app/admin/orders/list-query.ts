import type { OrderStatus } from "../../../server/db/schema.ts";
import { pageFrom } from "../list/list-query";

export const statusFilters: readonly OrderStatus[] = ["pending", "paid", "failed", "fulfilled", "expired", "refunded"];

export interface ListQuery {
  status: OrderStatus | null;
  search: string;
  page: number;
}

/** The list's query string, read leniently: an unknown status or a page that is not a number is ignored. */
export function parseListQuery(params: URLSearchParams): ListQuery {
  const status = params.get("status");
  return {
    status: statusFilters.find((candidate) => candidate === status) ?? null,
    search: (params.get("q") ?? "").trim().slice(0, 200),
    page: pageFrom(params),
  };
}

/** The list's address for a query, leaving out what is at its default. */
export function listHref(query: ListQuery): string {
  const params = new URLSearchParams();
  if (query.status) params.set("status", query.status);
  if (query.search) params.set("q", query.search);
  if (query.page > 1) params.set("page", String(query.page));
  const text = params.toString();
  return text ? `/admin/orders?${text}` : "/admin/orders";
}
