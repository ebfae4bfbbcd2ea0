import { Link } from "react-router";
import { useAdminText } from "../text";
import { type ListQuery, listHref } from "./list-query";
import { secondaryButton } from "./ui";

/** Previous and next as links (so they work without JavaScript), and where the operator is. */
export function Pagination({ query, page, pages }: { query: ListQuery; page: number; pages: number }) {
  const { t } = useAdminText();
  if (pages <= 1) return null;
  const to = (target: number) => listHref({ ...query, page: target });
  return (
    <nav aria-label={t("orders.list.pages")} className="mt-6 flex flex-wrap items-center gap-4">
      {page > 1 && (
        <Link to={to(page - 1)} rel="prev" className={secondaryButton}>
          {t("common.previous")}
        </Link>
      )}
      <p className="text-sm text-muted">{t("common.pageOf", { page, pages })}</p>
      {page < pages && (
        <Link to={to(page + 1)} rel="next" className={secondaryButton}>
          {t("common.next")}
        </Link>
      )}
    </nav>
  );
}
