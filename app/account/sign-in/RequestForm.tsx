import { Form, useNavigation } from "react-router";
import { localizePath } from "../../../common/languages";
import { useAccountText } from "../text";
import { EmailField } from "./EmailField";
import type { EmailProblem } from "./email";
import { primaryButton, secondaryButton } from "./SignInPage";

/**
 * "Mail me a sign-in link", posted to `/account` in the page's language. With `knownEmail` (an address
 * typed before, carried in the form, never in a URL) it is one button asking for a new mail.
 */
export function RequestForm({ typed, problem, knownEmail }: { typed?: string; problem?: EmailProblem; knownEmail?: string }) {
  const { t, language } = useAccountText();
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" action={localizePath("/account", language)} className="mt-8 space-y-4" noValidate>
      <input type="hidden" name="intent" value="sign-in" />
      {knownEmail ? (
        <input type="hidden" name="email" value={knownEmail} />
      ) : (
        <EmailField id="sign-in-email" typed={typed} problem={problem} hint={t("signIn.emailHint")} />
      )}
      <button type="submit" disabled={busy} className={knownEmail ? secondaryButton : primaryButton}>
        {busy ? t("signIn.sending") : t(knownEmail ? "signIn.newMail" : "signIn.submit")}
      </button>
    </Form>
  );
}
