import { Link } from "react-router";
import type { BoundedCount } from "../../../server/db/keyset.ts";
import { useAdminText } from "../text";
import { refusedEventsHref } from "./RefusedEventsNotice";
import { linkClass } from "./ui";

/**
 * The orders list's warning: events from the payment processor refused in the last 30 days (docs/security.md).
 * Each names an order, or a payment the shop never recorded; the audit log lists them with what differed.
 */
export function RefusedEventsCount({ refused }: { refused: BoundedCount }) {
  const { t, language } = useAdminText();
  if (refused.count === 0) return null;
  return (
    <p
      role="alert"
      className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-card border border-danger/60 bg-danger/10 px-4 py-3 text-text"
    >
      <span>
        {refused.more
          ? t("orders.list.refusedMore", { number: new Intl.NumberFormat(language).format(refused.count) })
          : t("orders.list.refused", { count: refused.count })}
      </span>
      <Link to={refusedEventsHref} className={linkClass}>
        {t("orders.list.showRefused")}
      </Link>
    </p>
  );
}
