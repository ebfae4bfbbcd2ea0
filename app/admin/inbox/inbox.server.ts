import { countWaitingMessages, type InboxFilter, inboxFilters, listContactMessages } from "../../../server/db/admin-inbox.ts";
import type { Database } from "../../../server/db/database.ts";
import { oneOf, pageCount, pageFrom } from "../list/list-query";

export const inboxPageSize = 25;

/** The inbox as `/admin/messages?state=…&page=…` asks for it: waiting messages unless told otherwise. */
export async function loadInbox(db: Database, url: URL) {
  const filter: InboxFilter = oneOf(url.searchParams.get("state"), inboxFilters, "waiting");
  const page = pageFrom(url.searchParams);
  const [list, waiting] = await Promise.all([listContactMessages(db, { filter, page, pageSize: inboxPageSize }), countWaitingMessages(db)]);
  return { filter, page, pages: pageCount(list.total, inboxPageSize), total: list.total, messages: list.messages, waiting };
}
