import type { SubscriberState } from "../../../server/db/admin-subscribers.ts";
import { useAdminText } from "../text";

/** How many addresses are in each state, whatever the list below is filtered to. */
export function StateCounts({ counts }: { counts: Record<SubscriberState, number> }) {
  const { t, language } = useAdminText();
  const number = new Intl.NumberFormat(language);
  return (
    <section aria-labelledby="subscriber-counts" className="mt-6">
      <h2 id="subscriber-counts" className="sr-only">
        {t("subscribers.countsHeading")}
      </h2>
      <dl className="grid gap-3 sm:grid-cols-3">
        {(["confirmed", "awaiting", "unsubscribed"] as const).map((state) => (
          <div key={state} className="rounded-card border border-line bg-surface p-4">
            <dt className="text-sm font-semibold text-muted">{t(`subscribers.states.${state}`)}</dt>
            <dd className="mt-1 text-2xl font-extrabold text-text">{number.format(counts[state])}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
