import {
  countSubscribersByState,
  listSubscribers,
  type SubscriberFilter,
  subscriberFilters,
} from "../../../server/db/admin-subscribers.ts";
import type { Database } from "../../../server/db/database.ts";
import { oneOf, pageLinks, positionFrom } from "../list/list-query";

export const subscribersPageSize = 50;

/** The filter in `?state=`, shared by the list and its export so both always mean the same addresses. */
export function subscriberFilterFrom(search: URLSearchParams): SubscriberFilter {
  return oneOf(search.get("state"), subscriberFilters, "all");
}

export async function loadSubscribers(db: Database, url: URL) {
  const filter = subscriberFilterFrom(url.searchParams);
  const [list, counts] = await Promise.all([
    listSubscribers(db, { filter, position: positionFrom(url.searchParams), pageSize: subscribersPageSize }),
    countSubscribersByState(db),
  ]);
  // The export takes every address in the filter: as many as the counts say.
  const total = filter === "all" ? counts.confirmed + counts.awaiting + counts.unsubscribed : counts[filter];
  return { filter, links: pageLinks(list), total, subscribers: list.rows, counts };
}
