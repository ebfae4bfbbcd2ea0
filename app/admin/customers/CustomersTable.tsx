import { Link } from "react-router";
import { site } from "../../../content/site";
import type { CustomerFilter, CustomerRow, CustomerState } from "../../../server/db/admin-customers.ts";
import { ConsoleTable, cellClass } from "../list/ConsoleTable";
import { DateTime } from "../list/DateTime";
import { useAdminText } from "../text";

const badge = "inline-flex items-center whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-semibold";
const tones: Record<CustomerState, string> = {
  active: "border-success/60 text-success",
  ending: "border-accent bg-accent-strong/30 text-text",
  expired: "border-line text-muted",
};
const columns = ["name", "email", "plan", "accessEnds", "state", "order"] as const;

/** One row per customer; the state is said in words, its colour only repeats them. */
export function CustomersTable({ filter, customers }: { filter: CustomerFilter; customers: CustomerRow[] }) {
  const { t, language } = useAdminText();
  const planName = (key: string) => site.plans.find((plan) => plan.key === key)?.name ?? key;
  return (
    <ConsoleTable
      caption={t(`customers.captions.${filter}`)}
      empty={t(`customers.empty.${filter}`)}
      headers={columns.map((column) => t(`customers.columns.${column}`))}
    >
      {customers.map((customer) => (
        <tr key={customer.id}>
          <th scope="row" className={`${cellClass} font-semibold`}>
            {`${customer.first_name} ${customer.last_name}`}
          </th>
          <td className={`${cellClass} break-all`}>{customer.email}</td>
          <td className={cellClass}>{t("customers.planViewers", { plan: planName(customer.plan_key), count: customer.viewers })}</td>
          <td className={`${cellClass} whitespace-nowrap`}>
            <DateTime language={language} iso={customer.access_ends_at} />
          </td>
          <td className={cellClass}>
            <span className={`${badge} ${tones[customer.state]}`}>{t(`customers.states.${customer.state}`)}</span>
          </td>
          <td className={`${cellClass} whitespace-nowrap`}>
            <Link
              to={`/admin/orders/${encodeURIComponent(customer.reference)}`}
              className="font-semibold text-text underline underline-offset-2"
            >
              {customer.reference}
            </Link>
          </td>
        </tr>
      ))}
    </ConsoleTable>
  );
}
