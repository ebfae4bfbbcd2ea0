import { Link } from "react-router";
import { REFUSED_EVENT } from "../../checkout/refused-event";
import { useAdminText } from "../text";
import { useOrderFormat } from "./format";
import type { RefusedEvents } from "./order-page.server";
import { linkClass } from "./ui";

/** Where the audit log lists the refused events. */
export const refusedEventsHref = `/admin/audit?action=${REFUSED_EVENT}`;

/**
 * Said before the next step: the processor sent events about this order that the shop refused (not from its
 * payment, contradicted by the processor, or of another sum). Nothing was applied; the operator checks the
 * payment at the processor before acting on what the event claimed.
 */
export function RefusedEventsNotice({ refused }: { refused: RefusedEvents | null }) {
  const { t } = useAdminText();
  const format = useOrderFormat();
  if (!refused) return null;
  const reason = t(`orders.refused.reasons.${refused.reason}`);
  return (
    <p role="alert" className="mb-4 rounded-card border border-danger/60 bg-danger/10 px-4 py-3 text-sm text-text">
      <span className="font-semibold">
        {t("orders.refused.notice", { count: refused.count, date: format.dateTime(refused.lastAt), reason })}
      </span>{" "}
      <Link to={refusedEventsHref} className={linkClass}>
        {t("orders.refused.auditLink")}
      </Link>
    </p>
  );
}
