import type { ReactNode } from "react";
import { panelClass } from "./ui";

export type Fact = readonly [label: string, value: ReactNode];

/** A titled card of label and value pairs, read as a description list. */
export function FactList({ id, heading, facts, children }: { id: string; heading: string; facts: readonly Fact[]; children?: ReactNode }) {
  return (
    <section aria-labelledby={id} className={panelClass}>
      <h2 id={id} className="text-lg font-bold text-text">
        {heading}
      </h2>
      <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[minmax(8rem,auto)_1fr]">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted">{label}</dt>
            <dd className="break-words text-text">{value}</dd>
          </div>
        ))}
      </dl>
      {children}
    </section>
  );
}
