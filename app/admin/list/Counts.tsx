import { useAdminText } from "../text";

/** How many rows are in each state, whatever the list below is filtered to: one card per state. */
export function Counts({ id, heading, items }: { id: string; heading: string; items: { label: string; count: number }[] }) {
  const { language } = useAdminText();
  const number = new Intl.NumberFormat(language);
  return (
    <section aria-labelledby={id} className="mt-6">
      <h2 id={id} className="sr-only">
        {heading}
      </h2>
      <dl className="grid gap-3 sm:grid-cols-3">
        {items.map((item) => (
          <div key={item.label} className="rounded-card border border-line bg-surface p-4">
            <dt className="text-sm font-semibold text-muted">{item.label}</dt>
            <dd className="mt-1 text-2xl font-extrabold text-text">{number.format(item.count)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
