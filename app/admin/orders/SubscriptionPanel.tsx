import { Form } from "react-router";
import { useAdminText } from "../text";
import { useSending } from "./ActionNotice";
import { type Fact, FactList } from "./FactList";
import { useOrderFormat } from "./format";
import type { OrderView, SubscriptionFacts } from "./order-page.server";
import { dangerButton, linkClass } from "./ui";

const stripeDashboard = (id: string) => `https://dashboard.stripe.com/subscriptions/${encodeURIComponent(id)}`;

function facts(
  subscription: SubscriptionFacts,
  t: ReturnType<typeof useAdminText>["t"],
  format: ReturnType<typeof useOrderFormat>,
): Fact[] {
  const live = subscription.status === "active" || subscription.status === "failing";
  const list: Fact[] = [
    [t("orders.subscription.labels.renews"), live ? t("orders.subscription.yes") : t("orders.subscription.no")],
    [t("orders.subscription.labels.status"), t(`orders.subscription.statuses.${subscription.status}`)],
    [t("orders.subscription.labels.amount"), format.money(subscription.amount_cents, subscription.currency)],
  ];
  if (subscription.next_charge_at) list.push([t("orders.subscription.labels.nextCharge"), format.dateTime(subscription.next_charge_at)]);
  if (subscription.failed_attempts > 0) list.push([t("orders.subscription.labels.failures"), String(subscription.failed_attempts)]);
  if (subscription.next_retry_at) list.push([t("orders.subscription.labels.nextRetry"), format.dateTime(subscription.next_retry_at)]);
  if (subscription.card_brand && subscription.card_last4) {
    list.push([
      t("orders.subscription.labels.card"),
      t("orders.subscription.card", { brand: subscription.card_brand, last4: subscription.card_last4 }),
    ]);
  }
  list.push([t("orders.subscription.labels.processor"), subscription.processor]);
  const processorId = subscription.processor_subscription_id;
  if (processorId) {
    list.push([
      t("orders.subscription.labels.processorId"),
      subscription.processor === "stripe" ? (
        <a key="dashboard" href={stripeDashboard(processorId)} className={linkClass} rel="noreferrer">
          {t("orders.subscription.dashboard", { id: processorId })}
        </a>
      ) : (
        processorId
      ),
    ]);
  }
  if (subscription.ended_at) {
    const reason = subscription.end_reason ? t(`orders.subscription.endReasons.${subscription.end_reason}`) : "";
    list.push([
      t("orders.subscription.labels.ended"),
      t("orders.subscription.endedOn", { date: format.dateTime(subscription.ended_at), reason }),
    ]);
  }
  return list;
}

/** The order's automatic renewal: where it stands, and the operator's "Stop automatic renewal". */
export function SubscriptionPanel({ order, subscription }: { order: OrderView; subscription: SubscriptionFacts | null }) {
  const { t } = useAdminText();
  const format = useOrderFormat();
  const sending = useSending("stop-renewal");
  if (!subscription) {
    if (!order.renews_automatically) return null;
    return (
      <FactList id="order-subscription" heading={t("orders.subscription.heading")} facts={[]}>
        <p className="mt-3 text-sm text-muted">{t("orders.subscription.pendingStart")}</p>
      </FactList>
    );
  }
  const live = subscription.status === "active" || subscription.status === "failing";
  return (
    <FactList id="order-subscription" heading={t("orders.subscription.heading")} facts={facts(subscription, t, format)}>
      {live && (
        <Form method="post" className="mt-4 flex flex-wrap items-center gap-3">
          <input type="hidden" name="intent" value="stop-renewal" />
          <input type="hidden" name="subscription" value={subscription.id} />
          <button type="submit" disabled={sending} className={dangerButton}>
            {t("orders.subscription.stop.button")}
          </button>
          <p className="text-sm text-muted">{t("orders.subscription.stop.hint")}</p>
        </Form>
      )}
    </FactList>
  );
}
