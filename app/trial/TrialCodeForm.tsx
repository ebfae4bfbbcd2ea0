import { Form, Link } from "react-router";
import { FormField, inputClass } from "../checkout/FormField";
import { useLocalizedPath } from "../i18n/use-language";
import { useTranslation } from "../i18n/use-translation";
import type { TrialAnswer } from "./answer";
import { noticeClass, trialButton } from "./TrialDetailsForm";

type CodeAnswer = Extract<TrialAnswer, { step: "code" }>;

/**
 * Step 2: the 6-digit code mailed to the address. The details travel in hidden fields (never a URL), so a
 * code that no longer works brings the first step back filled in.
 */
export function TrialCodeForm({ answer }: { answer: CodeAnswer }) {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  const { codeProblem, triesLeft = 0 } = answer;
  const error =
    codeProblem === "wrong"
      ? t("trial.code.wrong", { count: triesLeft })
      : codeProblem === "required" || codeProblem === "format"
        ? t(`trial.code.${codeProblem}`)
        : undefined;
  const carried = (["name", "email", "country"] as const).map((field) => (
    <input key={field} type="hidden" name={field} value={answer.values[field]} />
  ));
  return (
    <>
      <Form method="post" action={localized("/trial")} noValidate className="space-y-5">
        <input type="hidden" name="intent" value="confirm" />
        {carried}
        {codeProblem === "unavailable" && (
          <p role="alert" className={`${noticeClass} border-danger/50 bg-danger/10`}>
            {t("trial.unavailable")}
          </p>
        )}
        <FormField id="trial-code" label={t("trial.code.label")} error={error} hint={t("trial.code.validity")}>
          {(describedBy, invalid) => (
            <input
              id="trial-code"
              name="code"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={12}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              className={`${inputClass} max-w-48 font-mono text-xl tracking-[0.3em]`}
            />
          )}
        </FormField>
        <div className="flex flex-wrap items-center gap-4">
          <button type="submit" className={trialButton}>
            {t("trial.code.submit")}
          </button>
          <Link to={localized("/trial")} className="font-semibold text-accent underline underline-offset-2">
            {t("trial.code.otherAddress")}
          </Link>
        </div>
      </Form>
      <Form method="post" action={localized("/trial")} className="mt-6">
        <input type="hidden" name="intent" value="request" />
        {carried}
        <button type="submit" className="min-h-12 rounded-full border border-line px-6 font-semibold text-text hover:border-accent">
          {t("trial.code.resend")}
        </button>
      </Form>
    </>
  );
}
