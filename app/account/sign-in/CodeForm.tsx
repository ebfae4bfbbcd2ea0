import { Form, Link } from "react-router";
import { localizePath } from "../../../common/languages";
import { FormField, inputClass } from "../../checkout/FormField";
import { useAccountText } from "../text";
import { EmailField } from "./EmailField";
import type { EmailProblem } from "./email";
import { primaryButton } from "./SignInPage";
import { TimeZoneField } from "./TimeZoneField";

interface CodeFormProps {
  /** Where the form posts: `/account/code` to sign in, `/account/verify` to confirm a session. */
  action: string;
  /** An address already given: carried in a hidden field (never a URL) and shown; else a field asks for it. */
  email?: string;
  typedEmail?: string;
  emailProblem?: EmailProblem;
  codeProblem?: "required" | "format";
  /** The answer to the last code typed, shown with the field. */
  codeError?: string;
  submitLabel: string;
  /** Extra fields the action needs (the step-up's `next`). */
  hidden?: Record<string, string>;
}

/** The 6-digit code of a mail, typed on any device: a label, the field, its error, one button. */
export function CodeForm({ action, email, typedEmail, emailProblem, codeProblem, codeError, submitLabel, hidden = {} }: CodeFormProps) {
  const { t, language } = useAccountText();
  const codeMessage = codeProblem ? t(codeProblem === "required" ? "signIn.errors.codeRequired" : "signIn.errors.codeFormat") : codeError;
  return (
    <Form method="post" action={action} className="mt-6 space-y-4" noValidate>
      <TimeZoneField />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {email !== undefined && action.endsWith("/code") && (
        <p className="text-muted">
          <input type="hidden" name="email" value={email} />
          {t("signIn.codeFor", { email })}{" "}
          <Link to={localizePath("/account", language)} className="text-accent underline underline-offset-2">
            {t("signIn.otherAddress")}
          </Link>
        </p>
      )}
      {email === undefined && <EmailField id="code-email" typed={typedEmail} problem={emailProblem} />}
      <FormField id="sign-in-code" label={t("signIn.codeLabel")} error={codeMessage}>
        {(describedBy, invalid) => (
          <input
            id="sign-in-code"
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
      <button type="submit" className={primaryButton}>
        {submitLabel}
      </button>
    </Form>
  );
}
