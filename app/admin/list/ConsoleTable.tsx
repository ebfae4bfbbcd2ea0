import { type ReactNode, useId } from "react";

export const cellClass = "border-b border-line px-3 py-3 text-left align-top";

/**
 * A console list as a real table: a caption naming what it shows, column headers, and a sentence instead of
 * an empty table when there is nothing to show. Wide tables scroll inside their own box, which takes focus so
 * keyboard users can scroll it too.
 */
export function ConsoleTable({
  caption,
  headers,
  empty,
  children,
}: {
  caption: string;
  headers: string[];
  empty: string;
  children: ReactNode[];
}) {
  const captionId = useId();
  if (children.length === 0) return <p className="mt-6 rounded-card border border-line bg-surface p-6 text-muted">{empty}</p>;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1).
    <section aria-labelledby={captionId} tabIndex={0} className="mt-6 overflow-x-auto rounded-card border border-line bg-surface">
      <table className="w-full border-collapse text-left text-sm text-text">
        <caption id={captionId} className="px-3 py-3 text-left font-semibold text-muted">
          {caption}
        </caption>
        <thead>
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col" className={`${cellClass} font-semibold text-muted`}>
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </section>
  );
}
