import { type CustomerState, customerStates } from "../../../server/db/admin-customers.ts";
import { useAdminText } from "../text";

/** How many customers are in each state, whatever the list below is filtered to. */
export function CustomerCounts({ counts }: { counts: Record<CustomerState, number> }) {
  const { t, language } = useAdminText();
  const number = new Intl.NumberFormat(language);
  return (
    <section aria-labelledby="customer-counts" className="mt-6">
      <h2 id="customer-counts" className="sr-only">
        {t("customers.countsHeading")}
      </h2>
      <dl className="grid gap-3 sm:grid-cols-3">
        {customerStates.map((state) => (
          <div key={state} className="rounded-card border border-line bg-surface p-4">
            <dt className="text-sm font-semibold text-muted">{t(`customers.states.${state}`)}</dt>
            <dd className="mt-1 text-2xl font-extrabold text-text">{number.format(counts[state])}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
