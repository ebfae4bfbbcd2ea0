import { FormField, inputClass } from "../../checkout/FormField";
import { useAccountText } from "../text";
import type { EmailProblem } from "./email";

/** The address a sign-in mail goes to: labelled, with its problem shown beside it and what was typed kept. */
export function EmailField({ id, typed, problem, hint }: { id: string; typed?: string; problem?: EmailProblem; hint?: string }) {
  const { t } = useAccountText();
  return (
    <FormField id={id} label={t("signIn.emailLabel")} hint={hint} error={problem && t(`signIn.errors.${problem}`)}>
      {(describedBy, invalid) => (
        <input
          id={id}
          name="email"
          type="email"
          autoComplete="email"
          maxLength={254}
          defaultValue={typed}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          className={inputClass}
        />
      )}
    </FormField>
  );
}
