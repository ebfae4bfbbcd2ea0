import {
  countSubscribersByState,
  listSubscribers,
  type SubscriberFilter,
  subscriberFilters,
} from "../../../server/db/admin-subscribers.ts";
import type { Database } from "../../../server/db/database.ts";
import { oneOf, pageCount, pageFrom } from "../list/list-query";

export const subscribersPageSize = 50;

/** The filter in `?state=`, shared by the list and its export so both always mean the same addresses. */
export function subscriberFilterFrom(search: URLSearchParams): SubscriberFilter {
  return oneOf(search.get("state"), subscriberFilters, "all");
}

export async function loadSubscribers(db: Database, url: URL) {
  const filter = subscriberFilterFrom(url.searchParams);
  const page = pageFrom(url.searchParams);
  const [list, counts] = await Promise.all([
    listSubscribers(db, { filter, page, pageSize: subscribersPageSize }),
    countSubscribersByState(db),
  ]);
  return { filter, page, pages: pageCount(list.total, subscribersPageSize), total: list.total, subscribers: list.subscribers, counts };
}
