import { useId, useState } from "react";
import { Form, useNavigation } from "react-router";
import { detectCardBrand } from "../../../common/card";
import { CardFields } from "../../checkout/CardFields";
import { FormField, inputClass } from "../../checkout/FormField";
import { type CheckoutField, cardFields, fieldLimits, validateCard } from "../../checkout/schema";
import { ErrorSummary } from "../../components/form-feedback";
import { useFormChecks } from "../../components/use-form-checks";
import { useTranslation } from "../../i18n/use-translation";
import { primaryButton } from "../dashboard/ui";
import { useAccountText } from "../text";
import type { CardPageState } from "./card-page.server";

type CardField = (typeof cardFields)[number];

/** The checkout's card fields, alone: checked as they are left, and again on the server. */
export function CardForm({ page }: { page: Extract<CardPageState, { state: "form" }> }) {
  const { t } = useAccountText();
  const { t: site } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const prefix = useId();
  const id = (field: string) => `${prefix}-${field}`;
  const values = page.values ?? {};
  const [brand, setBrand] = useState(() => detectCardBrand(values.cardNumber ?? ""));
  const failed = page.errors ? { errors: page.errors as Partial<Record<CardField, string>> } : undefined;
  const { formRef, summaryRef, errors, summary, fieldEvents, onSubmit } = useFormChecks<CardField>((form) => {
    const result = validateCard(form);
    return result.ok ? {} : (result.errors as Partial<Record<CardField, string>>);
  }, failed);
  const errorText = (field: CheckoutField) => {
    const problem = errors[field as CardField];
    return problem ? site(`checkout.errors.${problem}` as "checkout.errors.required") : undefined;
  };
  const shown = cardFields.filter((field) => summary?.[field]);
  return (
    <>
      {shown.length > 0 && (
        <div className="mt-6">
          <ErrorSummary
            heading={t("dashboard.automaticRenewal.cardPage.errorSummary")}
            summaryRef={summaryRef}
            items={shown.map((field) => ({
              fieldId: id(field),
              text: `${site(`checkout.fields.${field}`)}: ${site(`checkout.errors.${summary?.[field]}` as "checkout.errors.required")}`,
            }))}
          />
        </div>
      )}
      <Form
        ref={formRef}
        method="post"
        noValidate
        onSubmit={onSubmit}
        className="mt-6 rounded-card border border-line bg-surface p-5 sm:p-6"
      >
        <CardFields
          id={id}
          values={values}
          errorText={errorText}
          fieldEvents={(field) => fieldEvents(field as CardField)}
          attemptKey={page.attempt ?? "first"}
          brand={brand}
          onBrand={setBrand}
          textInput={(field, attributes) => (
            <FormField id={id(field)} label={site(`checkout.fields.${field}`)} error={errorText(field)}>
              {(describedBy, invalid) => (
                <input
                  id={id(field)}
                  name={field}
                  defaultValue={values[field as "expiryDate"]}
                  maxLength={fieldLimits[field]}
                  aria-invalid={invalid}
                  aria-describedby={describedBy}
                  {...fieldEvents(field as CardField)}
                  className={inputClass}
                  {...attributes}
                />
              )}
            </FormField>
          )}
        />
        <button type="submit" disabled={busy} className={`mt-6 ${primaryButton}`}>
          {t("dashboard.automaticRenewal.cardPage.save")}
        </button>
      </Form>
    </>
  );
}
