import { Link } from "react-router";
import type { Order } from "../../../server/db/schema.ts";
import { findPlan } from "../../content/plans";
import { useAdminText } from "../text";
import { useOrderFormat } from "./format";
import { DisputedFlag, isLate, LateFlag, StatusBadge, ToDeliverFlag } from "./StatusBadge";
import { linkClass } from "./ui";

/** What a row shows: the list never carries addresses, phones or payment details to the page. */
export type OrderRow = Pick<
  Order,
  | "reference"
  | "created_at"
  | "first_name"
  | "last_name"
  | "email"
  | "plan_key"
  | "viewers"
  | "amount_cents"
  | "currency"
  | "status"
  | "delivery_alerted_at"
> & { disputed: boolean };

export function toOrderRow(order: Order & { disputed?: boolean }): OrderRow {
  const { reference, created_at, first_name, last_name, email, plan_key, viewers, amount_cents, currency, status, delivery_alerted_at } =
    order;
  const row = {
    reference,
    created_at,
    first_name,
    last_name,
    email,
    plan_key,
    viewers,
    amount_cents,
    currency,
    status,
    delivery_alerted_at,
  };
  return { ...row, disputed: order.disputed === true };
}

const cell = "px-3 py-3 align-top";
const columns = ["reference", "date", "customer", "plan", "amount", "status"] as const;

export function OrdersTable({ orders }: { orders: OrderRow[] }) {
  const { t } = useAdminText();
  const format = useOrderFormat();
  return (
    <div className="mt-4 overflow-x-auto rounded-card border border-line bg-surface">
      <table className="w-full min-w-[48rem] border-collapse text-left text-sm">
        <caption className="sr-only">{t("orders.list.caption")}</caption>
        <thead className="border-b border-line text-muted">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className={`${cell} font-semibold ${column === "amount" ? "text-right" : ""}`}>
                {t(`orders.list.columns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.reference} className="border-b border-line last:border-b-0">
              <th scope="row" className={`${cell} font-mono font-semibold whitespace-nowrap`}>
                <Link to={`/admin/orders/${order.reference}`} className={linkClass}>
                  {order.reference}
                </Link>
              </th>
              <td className={`${cell} whitespace-nowrap text-muted`}>
                <time dateTime={order.created_at}>{format.dateTime(order.created_at)}</time>
              </td>
              <td className={cell}>
                <span className="block text-text">
                  {order.first_name} {order.last_name}
                </span>
                <span className="block break-all text-muted">{order.email}</span>
              </td>
              <td className={cell}>
                {t("orders.list.planViewers", { plan: findPlan(order.plan_key)?.name ?? order.plan_key, count: order.viewers })}
              </td>
              <td className={`${cell} text-right whitespace-nowrap tabular-nums`}>{format.money(order.amount_cents, order.currency)}</td>
              <td className={cell}>
                <span className="flex flex-wrap gap-1.5">
                  <StatusBadge status={order.status} />
                  {order.status === "paid" && <ToDeliverFlag />}
                  {isLate(order) && <LateFlag />}
                  {order.disputed && <DisputedFlag />}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
