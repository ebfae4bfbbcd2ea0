import type { PagePosition } from "../../../server/db/keyset.ts";
import type { OrderStatus } from "../../../server/db/schema.ts";
import { positionFrom } from "../list/list-query";

export const statusFilters: readonly OrderStatus[] = ["pending", "paid", "failed", "fulfilled", "expired", "refunded"];

export interface ListQuery {
  status: OrderStatus | null;
  search: string;
  position: PagePosition;
}

/** The list's query string, read leniently: an unknown status or a page that names no row is ignored. */
export function parseListQuery(params: URLSearchParams): ListQuery {
  const status = params.get("status");
  return {
    status: statusFilters.find((candidate) => candidate === status) ?? null,
    search: (params.get("q") ?? "").trim().slice(0, 200),
    position: positionFrom(params),
  };
}

/** The first page's address for a filter, leaving out what is at its default. */
export function listHref(query: Pick<ListQuery, "status" | "search">): string {
  const params = new URLSearchParams();
  if (query.status) params.set("status", query.status);
  if (query.search) params.set("q", query.search);
  const text = params.toString();
  return text ? `/admin/orders?${text}` : "/admin/orders";
}
