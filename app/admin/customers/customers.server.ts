import { countCustomersByState, customerFilters, listCustomers } from "../../../server/db/admin-customers.ts";
import type { Database } from "../../../server/db/database.ts";
import { oneOf, pageLinks, positionFrom } from "../list/list-query";

export const customersPageSize = 50;

/** The list's filter (`?state=`) and page, what is in it, and how many customers are in each state. */
export async function loadCustomers(db: Database, url: URL, now: Date = new Date()) {
  const filter = oneOf(url.searchParams.get("state"), customerFilters, "all");
  const [list, counts] = await Promise.all([
    listCustomers(db, { filter, position: positionFrom(url.searchParams), pageSize: customersPageSize, now }),
    countCustomersByState(db, now),
  ]);
  return { filter, links: pageLinks(list), customers: list.rows, counts };
}
