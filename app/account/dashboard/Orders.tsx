import { Link } from "react-router";
import { useLocalizedPath } from "../../i18n/use-language";
import { useAccountText } from "../text";
import type { OrderLine } from "./orders.server";
import { card, sectionHeading, textLink } from "./ui";

function OrderCard({ order }: { order: OrderLine }) {
  const { t } = useAccountText();
  const localized = useLocalizedPath();
  const payment = order.card
    ? t("dashboard.orders.card", { brand: order.card.brand, last4: order.card.last4 })
    : t("dashboard.orders.noCard");
  const facts: [string, string][] = [
    [t("dashboard.orders.placed"), order.placedAt],
    [t("dashboard.orders.amount"), order.amount],
    [t("dashboard.orders.payment"), payment],
    [t("dashboard.orders.status"), t(`dashboard.orders.statuses.${order.status}`)],
  ];
  return (
    <li className={card}>
      <h3 className="text-lg font-bold text-text">{t("dashboard.orders.reference", { reference: order.reference })}</h3>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt className="font-semibold text-text">{label}</dt>
            <dd className="text-muted">{value}</dd>
          </div>
        ))}
      </dl>
      {order.invoiceNumber && (
        <p className="mt-3 text-sm">
          <Link to={localized(`/account/invoices/${encodeURIComponent(order.invoiceNumber)}`)} reloadDocument className={textLink}>
            {t("invoice.open", { number: order.invoiceNumber })}
          </Link>
        </p>
      )}
      {order.history.length > 0 && (
        <div className="mt-4 border-t border-line pt-3">
          <h4 className="text-sm font-semibold text-text">{t("dashboard.orders.history")}</h4>
          <ol className="mt-2 space-y-1 text-sm">
            {order.history.map((line, index) => (
              // A history is never reordered: its position is its identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={index} className="flex flex-wrap gap-x-2">
                <span className="text-text">{t(`dashboard.orders.events.${line.kind}`)}</span>
                <span className="text-muted">{line.at}</span>
              </li>
            ))}
          </ol>
        </div>
      )}
    </li>
  );
}

export function Orders({ orders }: { orders: OrderLine[] }) {
  const { t } = useAccountText();
  return (
    <section aria-labelledby="orders-heading" className="mt-12">
      <h2 id="orders-heading" className={sectionHeading}>
        {t("dashboard.orders.heading")}
      </h2>
      {orders.length === 0 ? (
        <p className="mt-3 text-muted">{t("dashboard.orders.none")}</p>
      ) : (
        <ul className="mt-4 space-y-4">
          {orders.map((order) => (
            <OrderCard key={order.reference} order={order} />
          ))}
        </ul>
      )}
    </section>
  );
}
