import { useId } from "react";
import { Form, Link } from "react-router";
import { inputClass, primaryButton, secondaryButton } from "../orders/ui";
import { useAdminText } from "../text";
import { useBooksFormat } from "./format";

/**
 * The month shown, and how to change it without JavaScript: a GET form (an address one can bookmark) and the
 * months before and after as links.
 */
export function MonthPicker({ month, previous, next }: { month: string; previous: string; next: string }) {
  const { t } = useAdminText();
  const format = useBooksFormat();
  const id = useId();
  return (
    <div className="mt-6 flex flex-wrap items-end gap-4">
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={id} className="block text-sm font-medium text-text">
            {t("books.month.label")}
          </label>
          <input id={id} key={month} type="month" name="month" defaultValue={month} required className={inputClass} />
        </div>
        <button type="submit" className={primaryButton}>
          {t("books.month.show")}
        </button>
      </Form>
      <nav aria-label={t("books.month.months")} className="flex flex-wrap gap-3">
        <Link to={`/admin/invoices?month=${previous}`} className={secondaryButton}>
          {t("books.month.previous", { month: format.month(previous) })}
        </Link>
        <Link to={`/admin/invoices?month=${next}`} className={secondaryButton}>
          {t("books.month.next", { month: format.month(next) })}
        </Link>
      </nav>
    </div>
  );
}
