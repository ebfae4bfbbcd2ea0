import { Link, useLocation } from "react-router";
import { useAdminText } from "../text";
import { searchWithPage } from "./list-query";

const linkClass = "inline-flex min-h-11 items-center rounded-full border border-line px-4 font-semibold text-text hover:border-accent";

/** Previous and next links under a list, keeping its filter; nothing when everything fits on one page. */
export function Pagination({ page, pages, label }: { page: number; pages: number; label: string }) {
  const { t } = useAdminText();
  const { search } = useLocation();
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav aria-label={label} className="mt-6 flex flex-wrap items-center gap-4">
      {page > 1 && (
        <Link to={{ search: searchWithPage(search, Math.min(page - 1, pages)) }} rel="prev" className={linkClass}>
          {t("common.previous")}
        </Link>
      )}
      <p className="text-sm text-muted">{t("common.pageOf", { page, pages })}</p>
      {page < pages && (
        <Link to={{ search: searchWithPage(search, page + 1) }} rel="next" className={linkClass}>
          {t("common.next")}
        </Link>
      )}
    </nav>
  );
}
