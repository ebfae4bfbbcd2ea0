import { countWaitingMessages, type InboxFilter, inboxFilters, listContactMessages } from "../../../server/db/admin-inbox.ts";
import type { Database } from "../../../server/db/database.ts";
import { oneOf, pageLinks, positionFrom } from "../list/list-query";

export const inboxPageSize = 25;

/** The inbox as `/admin/messages?state=…` asks for it: waiting messages unless told otherwise. */
export async function loadInbox(db: Database, url: URL) {
  const filter: InboxFilter = oneOf(url.searchParams.get("state"), inboxFilters, "waiting");
  const position = positionFrom(url.searchParams);
  const [list, waiting] = await Promise.all([
    listContactMessages(db, { filter, position, pageSize: inboxPageSize }),
    countWaitingMessages(db),
  ]);
  return { filter, links: pageLinks(list), messages: list.rows, waiting };
}
