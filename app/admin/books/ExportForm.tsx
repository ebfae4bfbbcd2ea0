import { useId } from "react";
import { inputClass, panelClass, primaryButton } from "../orders/ui";
import { useAdminText } from "../text";
import type { ExportFormState } from "./month-page.server";
import { MAX_EXPORT_DAYS } from "./period";

/**
 * The orders' export as a plain GET form to the file: the browser downloads it, with or without JavaScript.
 * A range the file refuses comes back here with the days as typed and the reason beside them.
 */
export function ExportForm({ state }: { state: ExportFormState }) {
  const { t } = useAdminText();
  const id = useId();
  const hint = `${id}-hint`;
  const problem = `${id}-problem`;
  const describedBy = state.problem ? `${problem} ${hint}` : hint;
  const field = (name: "from" | "to", value: string) => (
    <div>
      <label htmlFor={`${id}-${name}`} className="block text-sm font-medium text-text">
        {t(`books.export.${name}`)}
      </label>
      <input
        id={`${id}-${name}`}
        name={name}
        type="date"
        required
        defaultValue={value}
        aria-invalid={state.problem ? true : undefined}
        aria-describedby={describedBy}
        className={inputClass}
      />
    </div>
  );
  return (
    <section id="export" aria-labelledby={`${id}-heading`} className={`${panelClass} mt-10`}>
      <h2 id={`${id}-heading`} className="text-xl font-bold text-text">
        {t("books.export.heading")}
      </h2>
      {state.problem && (
        <p id={problem} role="alert" className="mt-3 rounded-xl border border-danger/60 bg-danger/10 px-4 py-3 text-text">
          {t(`books.export.problems.${state.problem}`, { days: MAX_EXPORT_DAYS })}
        </p>
      )}
      <form method="get" action="/admin/orders.csv" className="mt-4 flex flex-wrap items-end gap-3">
        {field("from", state.from)}
        {field("to", state.to)}
        <button type="submit" className={primaryButton}>
          {t("books.export.submit")}
        </button>
      </form>
      <p id={hint} className="mt-2 max-w-3xl text-sm text-muted">
        {t("books.export.hint", { days: MAX_EXPORT_DAYS })}
      </p>
    </section>
  );
}
