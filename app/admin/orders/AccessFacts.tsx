import { accessFields } from "../../access/details-form";
import { useAdminText } from "../text";
import { type Fact, FactList } from "./FactList";
import { useOrderFormat } from "./format";
import type { DeliveredAccess, OrderView } from "./order-page.server";

/** The access period and, for the operator only, the delivered details, opened with the server's key. */
export function AccessFacts({ order, access }: { order: OrderView; access: DeliveredAccess }) {
  const { t } = useAdminText();
  const format = useOrderFormat();
  const facts: Fact[] = [];
  if (order.access_starts_at && order.access_ends_at) {
    facts.push([
      t("orders.detail.accessPeriod"),
      t("orders.detail.accessRange", { start: format.dateTime(order.access_starts_at), end: format.dateTime(order.access_ends_at) }),
    ]);
  }
  if (access.state === "open") {
    for (const field of accessFields) {
      facts.push([
        t(`orders.deliver.fields.${field}`),
        <span key={field} className="font-mono break-all">
          {access.details[field] ?? t("common.none")}
        </span>,
      ]);
    }
    if (access.details.note)
      facts.push([
        t("orders.detail.note"),
        <span key="note" className="whitespace-pre-line">
          {access.details.note}
        </span>,
      ]);
  }
  return (
    <FactList id="order-access" heading={t("orders.detail.access")} facts={facts}>
      {access.state === "none" && facts.length === 0 && <p className="mt-3 text-sm text-muted">{t("orders.detail.notDelivered")}</p>}
      {access.state === "locked" && (
        <p role="alert" className="mt-3 rounded-xl border border-danger/50 bg-danger/10 p-3 text-sm text-text">
          {t("orders.detail.locked")}
        </p>
      )}
    </FactList>
  );
}
