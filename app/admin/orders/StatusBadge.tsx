import type { OrderStatus } from "../../../server/db/schema.ts";
import { useAdminText } from "../text";

const tones: Record<OrderStatus, string> = {
  pending: "border-line text-muted",
  paid: "border-accent bg-accent-strong/30 text-text",
  failed: "border-danger/60 text-danger",
  fulfilled: "border-success/60 text-success",
  expired: "border-line text-muted",
  refunded: "border-line text-muted",
};

const badge = "inline-flex items-center whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-semibold";

/** The status in words; the colour only repeats what the words say. */
export function StatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useAdminText();
  return <span className={`${badge} ${tones[status]}`}>{t(`orders.status.${status}`)}</span>;
}

/** A paid order whose customer is still waiting for their access. */
export function ToDeliverFlag() {
  const { t } = useAdminText();
  return (
    <span className={`${badge} border-accent-2/70 text-text`}>
      <span aria-hidden="true" className="mr-1.5 inline-block size-2 rounded-full bg-accent-2" />
      {t("orders.toDeliver")}
    </span>
  );
}

/** A paid order the operator was alerted about: it waited longer than FULFILMENT_ALERT_MINUTES. */
export function LateFlag() {
  const { t } = useAdminText();
  return (
    <span className={`${badge} border-danger/60 text-danger`}>
      <span aria-hidden="true" className="mr-1.5 inline-block size-2 rounded-full bg-danger" />
      {t("orders.late")}
    </span>
  );
}

/** A payment the customer disputed at the processor: the operator answers the dispute there. */
export function DisputedFlag() {
  const { t } = useAdminText();
  return (
    <span className={`${badge} border-danger/60 text-danger`}>
      <span aria-hidden="true" className="mr-1.5 inline-block size-2 rounded-full bg-danger" />
      {t("orders.line.disputedBadge")}
    </span>
  );
}

/** Late while still paid: once delivered or refunded, the alert is history (the timeline keeps it). */
export const isLate = (order: { status: OrderStatus; delivery_alerted_at: string | null }) =>
  order.status === "paid" && order.delivery_alerted_at !== null;
