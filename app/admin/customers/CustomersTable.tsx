import { Link } from "react-router";
import { site } from "../../../content/site";
import { type CustomerFilter, type CustomerRow, type CustomerState, renewalFilters } from "../../../server/db/admin-customers.ts";
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

/** The caption and empty text of a filter: a state's own, or automatic renewal's (customers.json, `renewal`). */
function filterTexts(filter: CustomerFilter, t: ReturnType<typeof useAdminText>["t"]) {
  if ((renewalFilters as readonly string[]).includes(filter)) {
    const renewal = filter as (typeof renewalFilters)[number];
    return { caption: t(`customers.renewal.captions.${renewal}`), empty: t(`customers.renewal.empty.${renewal}`) };
  }
  const state = filter as CustomerState | "all";
  return { caption: t(`customers.captions.${state}`), empty: t(`customers.empty.${state}`) };
}

/** One row per customer; the state is said in words, its colour only repeats them. */
export function CustomersTable({ filter, customers }: { filter: CustomerFilter; customers: CustomerRow[] }) {
  const { t, language } = useAdminText();
  const planName = (key: string) => site.plans.find((plan) => plan.key === key)?.name ?? key;
  const { caption, empty } = filterTexts(filter, t);
  const headers = columns.map((column) => t(`customers.columns.${column}`));
  headers.splice(5, 0, t("customers.renewal.column"));
  return (
    <ConsoleTable caption={caption} empty={empty} headers={headers}>
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
          <td className={cellClass} data-renewal={customer.renewal ?? "none"}>
            {customer.renewal ? (
              <span
                className={`${badge} ${customer.renewal === "failing" ? "border-danger/60 text-danger" : "border-success/60 text-success"}`}
              >
                {t(`customers.renewal.badges.${customer.renewal}`)}
              </span>
            ) : (
              <span className="text-muted">{t("customers.renewal.none")}</span>
            )}
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
