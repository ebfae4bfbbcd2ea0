import { useAdminText } from "../text";
import type { ExtendMode } from "./DeliverForm";
import { useOrderFormat } from "./format";
import type { OrderPageData } from "./order-page.server";

/** The Extend form's access: its reference, its end, its details as they are now (when they can be opened). */
export function extendMode(data: OrderPageData): ExtendMode {
  const details = data.access.state === "open" ? { ...data.access.details } : {};
  return { access: data.line?.reference ?? "", endsAt: data.line?.endsAt ?? "", details };
}

const noticeClass = "mb-4 flex gap-2 rounded-card border border-danger/60 bg-danger/10 px-4 py-3 text-sm font-semibold text-text";

/**
 * Said before the next step, in words: the access the order paid for (or renews) and until when it runs, a
 * payment disputed at the processor, and a revoked access, which
 * without a provisioning system the operator must disable in their panel now (the customer must stop watching).
 */
export function AccessNotices({ data }: { data: OrderPageData }) {
  const { t } = useAdminText();
  const format = useOrderFormat();
  const { line } = data;
  const reason = line?.revokeReason === "dispute" ? "dispute" : "refund";
  const renews = data.order.renews_access_id !== null && line ? t("orders.line.renews", { reference: line.reference }) : null;
  return (
    <>
      {line && (
        <p className="mb-4 text-sm text-muted">
          {[
            renews ?? t("orders.line.reference", { reference: line.reference }),
            t(`orders.line.status.${line.status}`),
            t("orders.line.ends", { end: format.dateTime(line.endsAt) }),
          ].join(" · ")}
        </p>
      )}
      {data.disputedAt && (
        <p role="alert" className={noticeClass}>
          {t("orders.line.disputed", { date: format.dateTime(data.disputedAt) })}
        </p>
      )}
      {line?.status === "revoked" && (
        <p className={noticeClass}>
          {data.provisioning
            ? t("orders.line.revokedSent", { access: line.reference, reason: t(`orders.line.reasons.${reason}`) })
            : t("orders.line.disableLine", { access: line.reference, reason: t(`orders.line.reasons.${reason}`) })}
        </p>
      )}
    </>
  );
}
