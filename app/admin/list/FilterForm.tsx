import { useId } from "react";
import { Form } from "react-router";
import { useAdminText } from "../text";

export interface FilterOption {
  value: string;
  label: string;
}

/**
 * A list's filter as a GET form: it works without JavaScript, the address can be bookmarked, and sending it
 * starts again at page 1 (the page number is not one of its fields).
 */
export function FilterForm({ name, label, options, value }: { name: string; label: string; options: FilterOption[]; value: string }) {
  const { t } = useAdminText();
  const id = useId();
  return (
    <Form method="get" className="mt-6 flex flex-wrap items-end gap-3">
      <div>
        <label htmlFor={id} className="block text-sm font-medium text-text">
          {label}
        </label>
        <select
          id={id}
          name={name}
          defaultValue={value}
          key={value}
          className="mt-1.5 block min-h-11 rounded-xl border border-line bg-ink px-4 text-text focus:border-accent"
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="min-h-11 rounded-full bg-cta px-5 font-semibold text-white">
        {t("common.filter")}
      </button>
    </Form>
  );
}
