import { type CustomerState, customerStates } from "../../../server/db/admin-customers.ts";
import { Counts } from "../list/Counts";
import { useAdminText } from "../text";

/** How many customers are active, ending soon or expired. */
export function CustomerCounts({ counts }: { counts: Record<CustomerState, number> }) {
  const { t } = useAdminText();
  const items = customerStates.map((state) => ({ label: t(`customers.states.${state}`), count: counts[state] }));
  return <Counts id="customer-counts" heading={t("customers.countsHeading")} items={items} />;
}
