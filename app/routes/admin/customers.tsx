import { type CustomerFilter, type CustomerState, customerFilters } from "../../../server/db/admin-customers.ts";
import { operatorContext } from "../../admin/auth.server";
import { consoleRead } from "../../admin/console-read.server";
import { CustomerCounts } from "../../admin/customers/CustomerCounts";
import { CustomersTable } from "../../admin/customers/CustomersTable";
import { loadCustomers } from "../../admin/customers/customers.server";
import { FilterForm } from "../../admin/list/FilterForm";
import { Pagination } from "../../admin/list/Pagination";
import { adminMeta } from "../../admin/meta";
import { useAdminText } from "../../admin/text";
import { servicesOf } from "../../services.server";
import type { Route } from "./+types/customers";

/** Everyone whose access was delivered, with where it stands: who is active, who is about to leave, who left. */
export async function loader({ request, context }: Route.LoaderArgs) {
  context.get(operatorContext);
  const { consoleDb } = await servicesOf(context);
  return consoleRead(() => loadCustomers(consoleDb, new URL(request.url)));
}

function filterLabel(value: CustomerFilter, t: ReturnType<typeof useAdminText>["t"]): string {
  if (value === "all") return t("customers.allStates");
  if (value === "renews" || value === "failing" || value === "no-renewal") return t(`customers.renewal.filters.${value}`);
  return t(`customers.states.${value satisfies CustomerState}`);
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "customers.title");

export default function Customers({ loaderData }: Route.ComponentProps) {
  const { t } = useAdminText();
  const { filter, links, customers, counts } = loaderData;
  return (
    <section>
      <h1 className="text-3xl font-extrabold text-text">{t("customers.heading")}</h1>
      <p className="mt-2 max-w-3xl text-muted">{t("customers.intro")}</p>
      <CustomerCounts counts={counts} />
      <FilterForm
        name="state"
        label={t("customers.filterLabel")}
        value={filter}
        options={customerFilters.map((value) => ({
          value,
          label: filterLabel(value, t),
        }))}
      />
      <CustomersTable filter={filter} customers={customers} />
      <Pagination links={links} label={t("customers.pages")} />
    </section>
  );
}
