import { cardBrandName as brandName } from "../../../common/card";
import { findPlan } from "../../content/plans";
import { useAdminText } from "../text";
import { type Fact, FactList } from "./FactList";
import { useOrderFormat } from "./format";
import type { OrderView } from "./order-page.server";
import { StatusBadge } from "./StatusBadge";
import { linkClass } from "./ui";

/** Who ordered, what, and how it was paid. */
export function OrderFacts({ order }: { order: OrderView }) {
  const { t } = useAdminText();
  const format = useOrderFormat();
  const none = t("common.none");
  const plan = findPlan(order.plan_key);
  const time = (iso: string | null) => (iso ? <time dateTime={iso}>{format.dateTime(iso)}</time> : none);
  const mono = (value: string | null) => (value ? <span className="font-mono text-xs break-all">{value}</span> : none);

  const customer: Fact[] = [
    [t("orders.detail.name"), `${order.first_name} ${order.last_name}`],
    [
      t("orders.detail.email"),
      <a key="email" href={`mailto:${order.email}`} className={linkClass}>
        {order.email}
      </a>,
    ],
    [t("orders.detail.phone"), order.phone || none],
    [
      t("orders.detail.address"),
      <span key="address" className="whitespace-pre-line">{`${order.address}\n${order.postal_code} ${order.city}`}</span>,
    ],
    [t("orders.detail.country"), format.country(order.country)],
    [t("orders.detail.language"), format.languageName(order.language)],
  ];
  const purchase: Fact[] = [
    [t("orders.detail.plan"), plan ? `${plan.name} · ${t("orders.detail.period", { count: plan.months })}` : order.plan_key],
    [t("orders.detail.viewers"), order.viewers],
    [t("orders.detail.amount"), format.money(order.amount_cents, order.currency)],
    [t("orders.detail.refunded"), order.refunded_cents > 0 ? format.money(order.refunded_cents, order.currency) : none],
    [t("orders.detail.status"), <StatusBadge key="status" status={order.status} />],
  ];
  const card =
    order.card_brand && order.card_last4
      ? t("orders.detail.cardEnding", { brand: brandName(order.card_brand), last4: order.card_last4 })
      : order.card_brand
        ? brandName(order.card_brand)
        : none;
  const payment: Fact[] = [
    [t("orders.detail.card"), card],
    [t("orders.detail.paidAt"), time(order.paid_at)],
    [t("orders.detail.gatewayReference"), mono(order.gateway_reference)],
    [t("orders.detail.processor"), mono(order.payment_processor)],
    [t("orders.detail.paymentSession"), mono(order.payment_session_id)],
    [t("orders.detail.refundReference"), mono(order.refund_reference)],
    ...(order.failure_reason ? [[t("orders.detail.failureReason"), order.failure_reason] as const] : []),
  ];
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <FactList id="order-customer" heading={t("orders.detail.customer")} facts={customer} />
      <FactList id="order-purchase" heading={t("orders.detail.order")} facts={purchase} />
      <FactList id="order-payment" heading={t("orders.detail.payment")} facts={payment} />
    </div>
  );
}
