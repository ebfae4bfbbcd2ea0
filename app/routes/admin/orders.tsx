import { Link } from "react-router";
import { countAuditSince } from "../../../server/admin/audit.ts";
import { countAwaitingDelivery, listOrders } from "../../../server/db/admin-orders.ts";
import { consoleRead } from "../../admin/console-read.server";
import { pageLinks } from "../../admin/list/list-query";
import { Pagination } from "../../admin/list/Pagination";
import { adminMeta } from "../../admin/meta";
import { useTimeZone } from "../../admin/orders/format";
import { listHref, parseListQuery } from "../../admin/orders/list-query";
import { OrderFilters } from "../../admin/orders/OrderFilters";
import { OrdersTable, toOrderRow } from "../../admin/orders/OrdersTable";
import { RefusedEventsCount } from "../../admin/orders/RefusedEventsCount";
import { linkClass } from "../../admin/orders/ui";
import { useAdminText } from "../../admin/text";
import { REFUSED_EVENT } from "../../checkout/refused-event";
import { servicesOf } from "../../services.server";
import type { Route } from "./+types/orders";

/** How far back the list says that the processor's events were refused. */
const refusedWindowMs = 30 * 24 * 60 * 60_000;

/** The orders, newest first, filtered by status and searched by reference, e-mail or name. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = parseListQuery(new URL(request.url).searchParams);
  const { consoleDb: db } = await servicesOf(context);
  const [list, awaiting, refused] = await consoleRead(() =>
    Promise.all([
      listOrders(db, { status: query.status ?? undefined, search: query.search, position: query.position }),
      countAwaitingDelivery(db),
      countAuditSince(db, REFUSED_EVENT, new Date(Date.now() - refusedWindowMs)),
    ]),
  );
  return { query, orders: list.rows.map(toOrderRow), matching: list.matching, links: pageLinks(list), awaiting, refused };
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "orders.title");

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { t, language } = useAdminText();
  const timeZone = useTimeZone();
  const { query, orders, matching, links, awaiting, refused } = loaderData;
  const filtered = query.status !== null || query.search !== "";
  return (
    <section aria-labelledby="orders-heading">
      <h1 id="orders-heading" className="text-3xl font-extrabold text-text">
        {t("orders.heading")}
      </h1>
      {awaiting.count > 0 && query.status !== "paid" && (
        <p className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-card border border-accent/60 bg-accent-strong/30 px-4 py-3 text-text">
          <span>
            {awaiting.more
              ? t("orders.list.awaitingMore", { number: new Intl.NumberFormat(language).format(awaiting.count) })
              : t("orders.list.awaiting", { count: awaiting.count })}
          </span>
          <Link to={listHref({ status: "paid", search: "" })} className={linkClass}>
            {t("orders.list.showAwaiting")}
          </Link>
        </p>
      )}
      <RefusedEventsCount refused={refused} />
      <OrderFilters query={query} />
      <p role="status" className="mt-2 text-sm text-muted">
        {matching.more
          ? t("orders.list.countMore", { number: new Intl.NumberFormat(language).format(matching.count) })
          : t("orders.list.count", { count: matching.count })}
      </p>
      {orders.length === 0 ? (
        <p className="mt-4 rounded-card border border-line bg-surface p-6 text-muted">
          {filtered ? t("orders.list.noMatch") : t("orders.list.empty")}
        </p>
      ) : (
        <>
          <OrdersTable orders={orders} />
          <p className="mt-2 text-xs text-muted">{t("orders.timeZone", { zone: timeZone })}</p>
        </>
      )}
      <Pagination links={links} label={t("orders.list.pages")} />
    </section>
  );
}
