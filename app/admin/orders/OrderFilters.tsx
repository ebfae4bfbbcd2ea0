import { Form, Link } from "react-router";
import { useAdminText } from "../text";
import type { ListQuery } from "./list-query";
import { statusFilters } from "./list-query";
import { inputClass, linkClass, secondaryButton } from "./ui";

/** A plain GET form: it works without JavaScript, and the result has an address to share or bookmark. */
export function OrderFilters({ query }: { query: ListQuery }) {
  const { t } = useAdminText();
  const filtered = query.status !== null || query.search !== "";
  return (
    <Form method="get" role="search" aria-label={t("orders.list.filters")} className="mt-6 flex flex-wrap items-end gap-4">
      <div className="min-w-60 flex-1">
        <label htmlFor="orders-search" className="block text-sm font-medium text-text">
          {t("orders.list.search")}
        </label>
        <input
          id="orders-search"
          type="search"
          name="q"
          defaultValue={query.search}
          maxLength={200}
          aria-describedby="orders-search-hint"
          className={inputClass}
        />
        <p id="orders-search-hint" className="mt-1 text-xs text-muted">
          {t("orders.list.searchHint")}
        </p>
      </div>
      <div className="mb-5">
        <label htmlFor="orders-status" className="block text-sm font-medium text-text">
          {t("orders.list.status")}
        </label>
        <select id="orders-status" name="status" defaultValue={query.status ?? ""} className={inputClass}>
          <option value="">{t("orders.list.allStatuses")}</option>
          {statusFilters.map((status) => (
            <option key={status} value={status}>
              {t(`orders.status.${status}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="mb-5 flex items-center gap-4">
        <button type="submit" className={secondaryButton}>
          {t("orders.list.apply")}
        </button>
        {filtered && (
          <Link to="/admin/orders" className={linkClass}>
            {t("orders.list.reset")}
          </Link>
        )}
      </div>
    </Form>
  );
}
