import { Form } from "react-router";
import { accessFields, type DeliverField, type DeliverProblem, isUrlField, maxLength, noteField } from "../../access/details-form";
import { useAdminText } from "../text";
import { useSending } from "./ActionNotice";
import type { ActionResult } from "./action-result";
import { useOrderFormat } from "./format";
import { inputClass, primaryButton } from "./ui";

const fieldId = (field: DeliverField) => `deliver-${field}`;

/** Extending a renewal's line instead of delivering a new one: the access's current details come filled in. */
export interface ExtendMode {
  access: string;
  endsAt: string;
  details: Partial<Record<DeliverField, string>>;
}

/**
 * The access details the customer gets, typed by the operator; what was typed comes back after an error.
 * With `extend`, the same form extends a renewal's line, its current details already filled in.
 */
export function DeliverForm({
  email,
  canSeal,
  result,
  extend,
}: {
  email: string;
  canSeal: boolean;
  result: ActionResult | undefined;
  extend?: ExtendMode;
}) {
  const { t } = useAdminText();
  const format = useOrderFormat();
  const intent = extend ? "extend" : "deliver";
  const sending = useSending(intent);
  const answer = result?.intent === intent ? result : undefined;
  const value = (field: DeliverField) => answer?.values?.[field] ?? extend?.details[field] ?? "";
  const problem = (field: DeliverField) => answer?.errors?.[field] as DeliverProblem | undefined;
  const describedBy = (field: DeliverField, hint: boolean) =>
    [problem(field) && `${fieldId(field)}-error`, hint && `${fieldId(field)}-hint`].filter(Boolean).join(" ") || undefined;
  const error = (field: DeliverField) => {
    const found = problem(field);
    return found ? (
      <p id={`${fieldId(field)}-error`} className="mt-1 text-sm text-danger">
        {t(`orders.deliver.errors.${found}`)}
      </p>
    ) : null;
  };

  return (
    <Form method="post" noValidate aria-labelledby="deliver-heading" className="grid gap-4">
      <h3 id="deliver-heading" className="text-lg font-bold text-text">
        {extend ? t("orders.extend.heading") : t("orders.deliver.heading")}
      </h3>
      <p className="text-sm text-muted">
        {extend
          ? t("orders.extend.intro", { access: extend.access, end: format.dateTime(extend.endsAt) })
          : t("orders.deliver.intro", { email })}
      </p>
      {!canSeal && (
        <p role="alert" className="rounded-xl border border-danger/50 bg-danger/10 p-3 text-sm text-text">
          {t("orders.deliver.noKey")}
        </p>
      )}
      <input type="hidden" name="intent" value={extend ? "extend" : "deliver"} />
      <div className="grid gap-4 sm:grid-cols-2">
        {accessFields.map((field) => (
          <div key={field}>
            <label htmlFor={fieldId(field)} className="block text-sm font-medium text-text">
              {t(`orders.deliver.fields.${field}`)}
            </label>
            <input
              id={fieldId(field)}
              name={field}
              type={isUrlField(field) ? "url" : "text"}
              inputMode={isUrlField(field) ? "url" : undefined}
              required
              maxLength={maxLength(field)}
              defaultValue={value(field)}
              autoComplete="off"
              spellCheck={false}
              aria-invalid={problem(field) ? true : undefined}
              aria-describedby={describedBy(field, isUrlField(field))}
              className={`${inputClass} font-mono`}
            />
            {isUrlField(field) && (
              <p id={`${fieldId(field)}-hint`} className="mt-1 text-xs text-muted">
                {t("orders.deliver.urlHint")}
              </p>
            )}
            {error(field)}
          </div>
        ))}
      </div>
      <div>
        <label htmlFor={fieldId(noteField)} className="block text-sm font-medium text-text">
          {t("orders.deliver.note")}
        </label>
        <textarea
          id={fieldId(noteField)}
          name={noteField}
          rows={3}
          maxLength={maxLength(noteField)}
          defaultValue={value(noteField)}
          aria-invalid={problem(noteField) ? true : undefined}
          aria-describedby={describedBy(noteField, true)}
          className={`${inputClass} py-2`}
        />
        <p id={`${fieldId(noteField)}-hint`} className="mt-1 text-xs text-muted">
          {t("orders.deliver.noteHint")}
        </p>
        {error(noteField)}
      </div>
      <div>
        <button type="submit" disabled={sending} className={primaryButton}>
          {sending ? t("orders.actions.working") : extend ? t("orders.extend.submit") : t("orders.deliver.submit")}
        </button>
      </div>
    </Form>
  );
}
