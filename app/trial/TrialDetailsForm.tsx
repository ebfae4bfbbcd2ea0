import { Form, Link } from "react-router";
import { site } from "../../content/site";
import { CountrySelect } from "../checkout/CountrySelect";
import { FormField, inputClass } from "../checkout/FormField";
import { useLocalizedPath } from "../i18n/use-language";
import { useTranslation } from "../i18n/use-translation";
import type { TrialAnswer } from "./answer";
import { type TrialField, type TrialValues, trialFields } from "./form";

export const trialButton = "min-h-12 rounded-full bg-cta px-6 font-semibold text-white";
export const noticeClass = "rounded-card border p-4 text-text";

type DetailsAnswer = Extract<TrialAnswer, { step: "details" }>;
const fieldId = (field: TrialField) => `trial-${field}`;

/** Why the last request or code did not go through, and what to do instead: the plans, or ask again. */
export function TrialNotice({ answer }: { answer: DetailsAnswer }) {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  if ("refused" in answer) {
    return (
      <div role="alert" className={`${noticeClass} border-danger/50 bg-danger/10`}>
        <p>{t(`trial.refused.${answer.refused}`, { supportEmail: site.brand.supportEmail })}</p>
        <Link to={localized("/#plans")} className="mt-3 inline-block font-semibold text-accent underline underline-offset-2">
          {t("trial.plansLink")}
        </Link>
      </div>
    );
  }
  if ("notice" in answer) {
    const key =
      answer.notice === "void" || answer.notice === "over" ? (`trial.code.${answer.notice}` as const) : (`trial.${answer.notice}` as const);
    return (
      <p role="alert" className={`${noticeClass} border-danger/50 bg-danger/10`}>
        {t(key)}
      </p>
    );
  }
  return null;
}

/** Step 1: who asks, with no card. What was typed comes back after any answer. */
export function TrialDetailsForm({ answer }: { answer?: DetailsAnswer }) {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  const values: Partial<TrialValues> = answer?.values ?? {};
  const errors = answer && "errors" in answer ? answer.errors : {};
  const error = (field: TrialField) => (errors[field] ? t(`trial.errors.${errors[field]}`) : undefined);
  const wrong = trialFields.filter((field) => errors[field]);
  return (
    <Form method="post" action={localized("/trial")} noValidate className="space-y-5">
      <input type="hidden" name="intent" value="request" />
      {wrong.length > 0 && (
        <div role="alert" className={`${noticeClass} border-danger/50 bg-danger/10`}>
          <p className="font-bold">{t("trial.errorSummary")}</p>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
            {wrong.map((field) => (
              <li key={field}>
                <a href={`#${fieldId(field)}`} className="text-danger underline underline-offset-2">
                  {`${t(`trial.fields.${field}`)}: ${error(field)}`}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      <FormField id={fieldId("name")} label={t("trial.fields.name")} error={error("name")}>
        {(describedBy, invalid) => (
          <input
            id={fieldId("name")}
            name="name"
            autoComplete="name"
            maxLength={100}
            defaultValue={values.name}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            className={inputClass}
          />
        )}
      </FormField>
      <FormField id={fieldId("email")} label={t("trial.fields.email")} error={error("email")} hint={t("trial.emailHint")}>
        {(describedBy, invalid) => (
          <input
            id={fieldId("email")}
            name="email"
            type="email"
            autoComplete="email"
            maxLength={254}
            defaultValue={values.email}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            className={inputClass}
          />
        )}
      </FormField>
      <FormField id={fieldId("country")} label={t("trial.fields.country")} error={error("country")}>
        {(describedBy, invalid) => (
          <CountrySelect
            id={fieldId("country")}
            name="country"
            autoComplete="country"
            placeholder={t("trial.chooseCountry")}
            defaultValue={values.country ?? ""}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            className={inputClass}
          />
        )}
      </FormField>
      <p className="text-sm text-muted">{t("trial.rules")}</p>
      <button type="submit" className={trialButton}>
        {t("trial.submit")}
      </button>
    </Form>
  );
}
